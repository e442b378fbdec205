import { expect, test, type Browser } from '@playwright/test';
import { DemoUsers, signIn, signedInPage, t, type Lng } from './support';

const signedIn = (browser: Browser, username: string, lng: Lng) => signedInPage(browser, username, { lng });

for (const lng of ['vi', 'en'] as const) {
  test(`the accountant opens a ticket, the operator answers in /portal/ops, the accountant closes and rates it (${lng})`, async ({ browser }) => {
    const subject = `Giao dịch chưa về ${lng} ${Date.now()}`;
    // The accountant: one merchant, chosen at sign-in; the create form takes its prefill from the URL.
    const merchant = await signedIn(browser, DemoUsers.accountant.username, lng);
    await expect(merchant).toHaveURL(/\/portal\/app\//);
    await merchant.goto(`/portal/app/reconciliation-accounting/create?category=PAYOUT&subject=${encodeURIComponent(subject)}&description=${encodeURIComponent('Chưa nhận tiền chi trả hôm qua')}`);
    await expect(merchant.getByRole('textbox', { name: t('portal.tickets.fields.subject', {}, lng) })).toHaveValue(subject);
    await expect(merchant.getByRole('combobox', { name: t('portal.tickets.fields.category', {}, lng) })).toHaveText(t('portal.tickets.categories.PAYOUT', {}, lng));
    await merchant.getByTestId('ticket-attachment-input').setInputFiles({ name: 'sao-ke.csv', mimeType: 'text/csv', buffer: Buffer.from('ma_giao_dich,so_tien\n1234567890123,150000\n') });
    await expect(merchant.getByRole('button', { name: 'sao-ke.csv' })).toBeVisible();
    await merchant.getByRole('button', { name: t('portal.tickets.submit', {}, lng) }).click();
    await expect(merchant).toHaveURL(/\/portal\/app\/reconciliation-accounting\/\d+$/);
    const id = Number(merchant.url().split('/').pop());
    await expect(merchant.getByRole('heading', { name: `#${id} · ${subject}` })).toBeVisible();
    await expect(merchant.locator('[data-status="OPEN"]')).toHaveText(t('portal.tickets.statuses.OPEN', {}, lng));

    // The operator: the same login page lands on /portal/ops; the merchant screens send it back there.
    const ops = await signedIn(browser, DemoUsers.ops.username, lng);
    await expect(ops).toHaveURL(/\/portal\/ops\/tickets$/);
    await expect(ops.getByRole('heading', { name: t('portal.ops.tickets.title', {}, lng) })).toBeVisible();
    await ops.goto('/portal/app/welcome');
    await expect(ops).toHaveURL(/\/portal\/ops\/tickets$/);
    await ops.getByRole('link', { name: subject }).click();
    await expect(ops).toHaveURL(new RegExp(`/portal/ops/tickets/${id}$`));
    await ops.getByRole('button', { name: t('portal.ops.tickets.moveTo.IN_PROGRESS', {}, lng) }).click();
    await expect(ops.locator('[data-status="IN_PROGRESS"]')).toBeVisible();
    await ops.getByRole('textbox', { name: t('portal.tickets.reply', {}, lng) }).fill('Khoản chi trả đã được chuyển lại sáng nay.');
    await ops.getByRole('button', { name: t('portal.tickets.send', {}, lng) }).click();
    await expect(ops.getByTestId('ticket-comment')).toContainText('Khoản chi trả đã được chuyển lại sáng nay.');
    await ops.getByRole('button', { name: t('portal.ops.tickets.moveTo.RESOLVED', {}, lng) }).click();
    await expect(ops.locator('[data-status="RESOLVED"]')).toBeVisible();

    // The accountant sees the reply and the new status, closes with 5 stars and a comment.
    await merchant.reload();
    await expect(merchant.locator('[data-side="OPERATOR"]')).toContainText('Khoản chi trả đã được chuyển lại sáng nay.');
    await expect(merchant.locator('[data-status="RESOLVED"]')).toHaveText(t('portal.tickets.statuses.RESOLVED', {}, lng));
    await merchant.getByRole('button', { name: t('portal.tickets.close', {}, lng), exact: true }).click();
    const dialog = merchant.getByRole('dialog', { name: t('portal.tickets.closeTitle', {}, lng) });
    await dialog.getByRole('button', { name: t('portal.tickets.closeConfirm', {}, lng) }).click();
    await expect(dialog.getByText(t('validation.rating', {}, lng))).toBeVisible();
    const five = dialog.getByRole('radio', { name: t('portal.tickets.stars', { n: 5 }, lng) });
    await dialog.locator(`label[for="${await five.getAttribute('id')}"]`).click();
    await expect(five).toBeChecked();
    await dialog.getByRole('textbox', { name: t('portal.tickets.ratingComment', {}, lng) }).fill('Xử lý nhanh');
    await dialog.getByRole('button', { name: t('portal.tickets.closeConfirm', {}, lng) }).click();
    await expect(merchant.locator('[data-status="CLOSED"]')).toHaveText(t('portal.tickets.statuses.CLOSED', {}, lng));
    await expect(merchant.getByText('★★★★★ Xử lý nhanh')).toBeVisible();
    await expect(merchant.getByRole('button', { name: t('portal.tickets.reopen', {}, lng) })).toBeVisible();

    // The list finds it by subject; the operator's queue shows it closed.
    await merchant.goto('/portal/app/reconciliation-accounting');
    await expect(merchant.getByRole('link', { name: subject })).toBeVisible();
    await ops.goto('/portal/ops/tickets');
    await expect(ops.getByTestId('ticket-row').filter({ hasText: subject }).locator('[data-status="CLOSED"]')).toBeVisible();
  });
}

test('a merchant user never reaches /portal/ops', async ({ page }) => {
  await signIn(page, DemoUsers.accountant.username);
  await expect(page).toHaveURL(/\/portal\/app\//);
  await page.goto('/portal/ops/tickets');
  await expect(page).not.toHaveURL(/\/portal\/ops/);
});
