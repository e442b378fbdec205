/**
 * Payout settings: the owner moves the merchant's money to another bank account: the confirmation shows
 * old → new (account numbers masked), Back returns a step with the fields kept, a one-time code confirms,
 * and the owner is told on their other channel (e-mail, read from the demo outbox).
 */
import { expect, test, type Page } from '@playwright/test';
import viApi from '../../src/i18n/vi/api.json' with { type: 'json' };
import { DemoMerchants, DemoUsers, signIn, t, waitForQuiet } from './support';

interface OutboxMessage {
  id: number;
  title: string;
  text: string;
  code: string | null;
}

async function outbox(page: Page, address: string): Promise<OutboxMessage[]> {
  const res = await page.request.get(`/api/demo/outbox?to=${encodeURIComponent(address)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data as OutboxMessage[];
}

async function newestCode(page: Page, address: string): Promise<string> {
  const res = await page.request.get(`/api/demo/outbox?to=${encodeURIComponent(address)}`);
  expect(res.ok()).toBe(true);
  const [newest] = (await res.json()).data as Array<{ code: string | null }>;
  expect(newest?.code).toMatch(/^\d{6}$/);
  return newest.code!;
}

test('the owner changes the bank account with a one-time code and sees it in the history', async ({ page }) => {
  // Several steps and two sign-ins on a shared machine: more than the default 45 s.
  test.setTimeout(120_000);
  await signIn(page, DemoUsers.owner.username);
  await expect(page).toHaveURL(/\/portal\/onboard\/merchants-choose/);
  await page.getByRole('list', { name: t('portal.chooseMerchant.listLabel') }).getByRole('button', { name: DemoMerchants.sme.name }).click();
  await expect(page).toHaveURL(/\/portal\/app\//);
  await waitForQuiet(page);
  await page.goto('/portal/app/merchant-info?tab=payout');

  const panel = page.getByRole('region', { name: t('resources.payouts.title') });
  // The tab's code is its own chunk: on a busy machine it can take longer than one expect.
  await expect(panel).toContainText('Vietcombank', { timeout: 30_000 });
  await expect(panel).toContainText('0041000123456');
  await panel.getByRole('button', { name: t('resources.payouts.edit') }).click();

  // A bad account number is caught in the form with the §5-style message, nothing is sent.
  const account = panel.getByRole('textbox', { name: t('resources.payouts.fields.accountNumber') });
  await account.fill('12ab');
  await panel.getByRole('button', { name: 'Lưu' }).click();
  await expect(panel.getByText(t('validation.payout.accountNumber'))).toBeVisible();

  await account.fill('0071000555666');
  await panel.getByRole('combobox', { name: t('resources.payouts.fields.bankNameId') }).click();
  await page.getByRole('option', { name: 'ACB', exact: true }).click();
  const mailBefore = (await outbox(page, DemoUsers.owner.email))[0]?.id ?? 0;
  await panel.getByRole('button', { name: 'Lưu' }).click();

  // §8 confirmation with each change old → new, the account number masked the one way.
  const confirm = page.getByRole('dialog', { name: 'Vui lòng xác nhận' });
  await expect(confirm).toContainText('Bạn có chắc muốn cập nhật thông tin tài khoản?');
  const changes = confirm.getByRole('list', { name: t('resources.payouts.changesLabel') });
  const change = (field: string, from: string, to: string) => t('resources.payouts.audit.change', { field: t(`resources.payouts.fields.${field}`), from, to });
  await expect(changes.getByRole('listitem')).toHaveText([change('accountNumber', '••••3456', '••••5666'), change('bankNameId', 'Vietcombank', 'ACB')]);
  await expect(confirm).not.toContainText('0071000555666');

  // Back returns to the form with what was typed.
  await confirm.getByRole('button', { name: t('resources.payouts.back') }).click();
  await expect(confirm).toBeHidden();
  await expect(account).toHaveValue('0071000555666');
  await expect(panel.getByRole('combobox', { name: t('resources.payouts.fields.bankNameId') })).toHaveText('ACB');

  await panel.getByRole('button', { name: 'Lưu' }).click();
  await confirm.getByRole('button', { name: t('portal.confirm.confirm') }).click();
  const otp = page.getByRole('dialog', { name: t('resources.payouts.otp.title') });
  await expect(otp).toBeVisible();
  await expect(otp).not.toContainText(DemoUsers.owner.phone);
  const code = await newestCode(page, DemoUsers.owner.phone);

  // Back from the code returns to the confirmation; the browser's Back then to the form, fields kept.
  await otp.getByRole('button', { name: t('resources.payouts.back') }).click();
  await expect(otp).toBeHidden();
  await expect(changes.getByRole('listitem')).toHaveCount(2);
  await page.goBack();
  await expect(confirm).toBeHidden();
  await expect(account).toHaveValue('0071000555666');
  // Forward again: the code already sent is still the one to type (no second code).
  await panel.getByRole('button', { name: 'Lưu' }).click();
  await confirm.getByRole('button', { name: t('portal.confirm.confirm') }).click();
  await expect(otp).toBeVisible();
  expect(await newestCode(page, DemoUsers.owner.phone)).toBe(code);

  const field = otp.getByRole('textbox', { name: t('resources.payouts.otp.code') });
  await field.fill(code === '000000' ? '111111' : '000000');
  await otp.getByRole('button', { name: t('resources.payouts.otp.confirm') }).click();
  await expect(otp.getByRole('alert')).toBeVisible();
  await expect(otp).toBeVisible();

  await field.fill(code);
  await field.press('Enter');
  await expect(otp).toBeHidden();
  await expect(page.getByText(t('resources.payouts.saved'))).toBeVisible();
  await expect(panel).toContainText('0071000555666');
  await expect(panel).toContainText('ACB');

  const history = page.getByRole('region', { name: t('resources.payouts.audit.title') });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText(DemoUsers.owner.username);
  await expect(newest).toContainText(t('resources.payouts.audit.withOtp'));
  await expect(newest).toContainText('••••5666');
  await expect(history).not.toContainText('0071000555666');

  // The owner is told on their other channel: an e-mail naming the new account masked.
  const notice = (await outbox(page, DemoUsers.owner.email)).filter((m) => m.id > mailBefore);
  expect(notice).toHaveLength(1);
  expect(notice[0].title).toBe(viApi.payouts.notice.title.replace('{{merchant}}', DemoMerchants.sme.name));
  expect(notice[0].text).toContain(`${DemoMerchants.sme.name} đã được đổi sang ••••5666 lúc `);
  expect(notice[0].text).toMatch(/lúc \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}\. Nếu không phải bạn, hãy liên hệ/);
  expect(notice[0].text).not.toContain('0071000555666');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The change is stored: a reload shows it.
  await page.reload();
  await expect(page.getByRole('region', { name: t('resources.payouts.title') })).toContainText('0071000555666');
});

test('the administrator reads the payout settings but cannot change them', async ({ page }) => {
  await signIn(page, DemoUsers.admin.username);
  await expect(page).toHaveURL(/\/portal\/app\//);
  await waitForQuiet(page);
  await page.goto('/portal/app/merchant-info?tab=payout');
  const panel = page.getByRole('region', { name: t('resources.payouts.title') });
  // The owner's test may run at the same time and change the account: only what it keeps is asserted.
  await expect(panel).toContainText(t('resources.payouts.destinations.BANK'));
  await expect(panel).toContainText('CONG TY TNHH CA PHE SONG HAN');
  await expect(panel.getByRole('button', { name: t('resources.payouts.edit') })).toHaveCount(0);
  await expect(panel).toContainText(t('resources.payouts.readOnly'));
});

test('on a 375 px phone the payout settings and their history fit the screen, the change button within reach', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, DemoUsers.owner.username);
  await expect(page).toHaveURL(/\/portal\/onboard\/merchants-choose/);
  await page.getByRole('list', { name: t('portal.chooseMerchant.listLabel') }).getByRole('button', { name: DemoMerchants.sme.name }).click();
  await expect(page).toHaveURL(/\/portal\/app\//);
  await waitForQuiet(page);
  await page.goto('/portal/app/merchant-info?tab=payout');
  const panel = page.getByRole('region', { name: t('resources.payouts.title') });
  await expect(panel).toContainText(t('resources.payouts.destinations.BANK'), { timeout: 30_000 });
  // The history is a list of cards, not a table wider than the phone.
  const history = page.getByRole('region', { name: t('resources.payouts.audit.title') });
  await expect(history.getByRole('listitem').first()).toBeVisible();
  await expect(history.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const edit = panel.getByRole('button', { name: t('resources.payouts.edit') });
  await edit.scrollIntoViewIfNeeded();
  const box = (await edit.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await edit.click();
  await expect(panel.getByRole('textbox', { name: t('resources.payouts.fields.accountNumber') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
