/** Payout settings: the owner moves the merchant's money to another bank account, confirmed with a one-time code. */
import { expect, test, type Page } from '@playwright/test';
import { DemoMerchants, DemoUsers, signIn, t } from './support';

async function newestCode(page: Page, address: string): Promise<string> {
  const res = await page.request.get(`/api/demo/outbox?to=${encodeURIComponent(address)}`);
  expect(res.ok()).toBe(true);
  const [newest] = (await res.json()).data as Array<{ code: string | null }>;
  expect(newest?.code).toMatch(/^\d{6}$/);
  return newest.code!;
}

test('the owner changes the bank account with a one-time code and sees it in the history', async ({ page }) => {
  await signIn(page, DemoUsers.owner.username);
  await expect(page).toHaveURL(/\/portal\/onboard\/merchants-choose/);
  await page.getByRole('list', { name: t('portal.chooseMerchant.listLabel') }).getByRole('button', { name: DemoMerchants.sme.name }).click();
  await expect(page).toHaveURL(/\/portal\/app\//);
  await page.goto('/portal/app/merchant-info?tab=payout');

  const panel = page.getByRole('region', { name: t('resources.payouts.title') });
  await expect(panel).toContainText('Vietcombank');
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
  await panel.getByRole('button', { name: 'Lưu' }).click();

  // §8 confirmation, then the code dialog.
  const confirm = page.getByRole('dialog', { name: 'Vui lòng xác nhận' });
  await expect(confirm).toContainText('Bạn có chắc muốn cập nhật thông tin tài khoản?');
  await confirm.getByRole('button', { name: t('portal.confirm.confirm') }).click();
  const otp = page.getByRole('dialog', { name: t('resources.payouts.otp.title') });
  await expect(otp).toBeVisible();
  await expect(otp).not.toContainText(DemoUsers.owner.phone);
  const code = await newestCode(page, DemoUsers.owner.phone);

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
  await expect(newest).toContainText('•••••••••5666');
  await expect(history).not.toContainText('0071000555666');

  // The change is stored: a reload shows it.
  await page.reload();
  await expect(page.getByRole('region', { name: t('resources.payouts.title') })).toContainText('0071000555666');
});

test('the administrator reads the payout settings but cannot change them', async ({ page }) => {
  await signIn(page, DemoUsers.admin.username);
  await expect(page).toHaveURL(/\/portal\/app\//);
  await page.goto('/portal/app/merchant-info?tab=payout');
  const panel = page.getByRole('region', { name: t('resources.payouts.title') });
  // The owner's test may run at the same time and change the account: only what it keeps is asserted.
  await expect(panel).toContainText(t('resources.payouts.destinations.BANK'));
  await expect(panel).toContainText('CONG TY TNHH CA PHE SONG HAN');
  await expect(panel.getByRole('button', { name: t('resources.payouts.edit') })).toHaveCount(0);
  await expect(panel).toContainText(t('resources.payouts.readOnly'));
});
