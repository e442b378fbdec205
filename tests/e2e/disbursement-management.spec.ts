import { expect, test } from '@playwright/test';
import { chooseMerchant, DemoMerchants, DemoUsers, signIn, t } from './support';

const T = 'resources.disbursement-management';
const PAGE = '/portal/app/disbursement-center/disbursement-management';
const HEADER = 'channel,account,bank_code,amount,description';
const csv = (...lines: string[]) => ({ name: 'luong-thang-11.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`) });

test.describe('disbursement centre', () => {
  test('an administrator uploads a batch with errors, fixes it and submits it; the owner approves it with a one-time code', async ({ browser }) => {
    const maker = await (await browser.newContext()).newPage();
    await signIn(maker, DemoUsers.admin.username);
    await expect(maker).toHaveURL(/\/portal\/app\/welcome/);
    await maker.goto(PAGE);
    await expect(maker.getByRole('heading', { name: t(`${T}.name`), level: 1 })).toBeVisible();
    await maker.getByRole('tab', { name: t(`${T}.tabs.batch`) }).click();

    // A file with a bad phone and a duplicate: nothing can be submitted, the errors are listed per row.
    const input = maker.locator('input[type=file]');
    await input.setInputFiles(csv('WALLET,0912000111,,100000,Thưởng', 'WALLET,0412345678,,50000,Thưởng', 'WALLET,0912000111,,100000,Thưởng'));
    const summary = maker.getByTestId('batch-summary');
    await expect(summary).toContainText('3');
    await expect(maker.getByText(t(`${T}.batch.fixAndUpload`))).toBeVisible();
    const rows = maker.getByRole('table', { name: t(`${T}.batch.rows`) });
    await expect(rows.getByText(t('validation.phone'), { exact: false })).toBeVisible();
    await expect(rows.getByText(t('validation.disbursement.duplicate', { row: 2 }), { exact: false })).toBeVisible();
    await expect(maker.getByRole('button', { name: t(`${T}.batch.submit`) })).toHaveCount(0);

    // Fixed: every row valid, submitted for approval; the maker cannot approve their own order.
    await input.setInputFiles(csv('WALLET,0912000111,,100000,Thưởng', 'WALLET,0912345611,,50000,Thưởng'));
    await expect(maker.getByText(t(`${T}.batch.ready`))).toBeVisible();
    await maker.getByRole('button', { name: t(`${T}.batch.submit`) }).click();
    const makerDialog = maker.getByRole('dialog');
    await expect(makerDialog.getByText(t(`${T}.statuses.PENDING_APPROVAL`))).toBeVisible();
    const code = (await makerDialog.getByRole('heading', { level: 2 }).textContent())!.split(' ').pop()!;
    await expect(makerDialog.getByRole('button', { name: t(`${T}.order.approve`) })).toHaveCount(0);
    await expect(makerDialog.getByRole('button', { name: t(`${T}.order.cancel`) })).toBeVisible();

    // The owner (a second user) approves it with the code sent to their phone.
    const checker = await (await browser.newContext()).newPage();
    await signIn(checker, DemoUsers.owner.username);
    await chooseMerchant(checker, DemoMerchants.sme.name);
    await checker.goto(PAGE);
    await checker.getByRole('button', { name: code }).click();
    const dialog = checker.getByRole('dialog');
    await dialog.getByRole('button', { name: t(`${T}.order.approve`) }).click();
    await expect(dialog.getByText(t(`${T}.order.codeSent`, { address: '' }).trim(), { exact: false })).toBeVisible();
    const sent = await checker.request.get(`/api/demo/outbox?to=${encodeURIComponent(DemoUsers.owner.phone)}`);
    const otp = ((await sent.json()).data as Array<{ code: string | null }>)[0].code!;
    await dialog.getByRole('textbox', { name: t(`${T}.order.code`) }).fill(otp);
    await dialog.getByRole('button', { name: t(`${T}.order.confirmApprove`) }).click();
    await expect(dialog.getByText(t(`${T}.statuses.COMPLETED`))).toBeVisible();
    await expect(dialog.getByText(t(`${T}.order.outcome`, { success: 2, failed: 0 }))).toBeVisible();
    await expect(dialog.getByText('0912•••111')).toBeVisible();
  });
});
