/**
 * Issue 14's screens beyond the main flows: the payment link expiry picker (DD/MM/YYYY HH:mm, Vietnam
 * time), the share card's copy button, English runs of the integration and disbursement centres, and the
 * payment centre's screens at 360 px wide without sideways page scroll.
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseMerchant, DemoMerchants, DemoUsers, signIn, t, waitForQuiet, type Lng } from './support';

const L = 'resources.payment-links';
const I = 'resources.payment-integration';
const D = 'resources.disbursement-management';

async function owner(page: Page, lng: Lng = 'vi') {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
  if (lng === 'en') await page.evaluate(() => localStorage.setItem('langKey', 'en'));
}

/** A link made through the create form, with an expiry typed in the picker; returns its detail path. */
async function createLink(page: Page, title: string): Promise<string> {
  await page.goto('/portal/app/payment-links/create');
  await page.getByRole('textbox', { name: t(`${L}.fields.title`) }).fill(title);
  await page.getByRole('spinbutton', { name: t(`${L}.fields.amount`) }).fill('99000');
  // The picker reads and takes DD/MM/YYYY HH:mm, section by section, day first.
  await page.getByRole('group', { name: t(`${L}.fields.expiresAt`) }).getByRole('spinbutton').first().click();
  await page.keyboard.type('311220301530');
  await expect(page.getByRole('group', { name: t(`${L}.fields.expiresAt`) }).locator('input')).toHaveValue('31/12/2030 15:30');
  await page.getByRole('button', { name: t(`${L}.create.submit`) }).click();
  await expect(page).toHaveURL(/\/portal\/app\/payment-links\/\d+$/);
  return new URL(page.url()).pathname;
}

test.describe('payment centre screens', () => {
  test('the expiry is picked in Vietnam time and shown back; the copy button puts the payer URL on the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await owner(page);
    const title = `Hạn dùng e2e ${Date.now()}`;
    await createLink(page, title);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page.getByText('31/12/2030 15:30')).toBeVisible();
    const payUrl = await page.getByTestId('pay-url').inputValue();
    await page.getByRole('button', { name: t(`${L}.share.copy`) }).click();
    await expect(page.getByText(t(`${L}.share.copied`))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payUrl);
    // The payments table has the translated pager (vi), with no payment yet.
    await expect(page.getByText('Số dòng mỗi trang:')).toBeVisible();
  });

  test('the integration centre in English', async ({ page }) => {
    await owner(page, 'en');
    await page.goto('/portal/app/payment-integration-center');
    await expect(page.getByRole('heading', { name: t(`${I}.name`, {}, 'en'), level: 1 })).toBeVisible();
    for (const tab of ['credentials', 'webhooks', 'deliveries', 'guide', 'plans']) {
      await expect(page.getByRole('tab', { name: t(`${I}.tabs.${tab}`, {}, 'en') })).toBeVisible();
    }
    await page.getByRole('tab', { name: t(`${I}.tabs.plans`, {}, 'en') }).click();
    await expect(page.getByText('Disbursements - Standard plan')).toBeVisible();
    await page.getByRole('tab', { name: t(`${I}.tabs.deliveries`, {}, 'en') }).click();
    await expect(page.getByText(t(`${I}.deliveries.intro`, {}, 'en'))).toBeVisible();
  });

  test('the disbursement centre in English, with the plan’s fee on a wallet payout', async ({ page }) => {
    await owner(page, 'en');
    await page.goto('/portal/app/disbursement-center/disbursement-management');
    await expect(page.getByRole('heading', { name: t(`${D}.name`, {}, 'en'), level: 1 })).toBeVisible();
    for (const tab of ['orders', 'single', 'batch', 'balance', 'rules']) {
      await expect(page.getByRole('tab', { name: t(`${D}.tabs.${tab}`, {}, 'en') })).toBeVisible();
    }
    await page.getByRole('tab', { name: t(`${D}.tabs.single`, {}, 'en') }).click();
    const form = page.getByRole('form', { name: t(`${D}.tabs.single`, {}, 'en') });
    await form.getByRole('textbox', { name: t(`${D}.fields.walletPhone`, {}, 'en') }).fill('0912000111');
    await form.getByRole('textbox', { name: t(`${D}.fields.amount`, {}, 'en') }).or(form.getByRole('spinbutton', { name: t(`${D}.fields.amount`, {}, 'en') })).fill('150000');
    await form.getByRole('textbox', { name: t(`${D}.fields.description`, {}, 'en') }).fill('Bonus');
    await form.getByRole('button', { name: t(`${D}.single.lookup`, {}, 'en') }).click();
    // The DISBURSEMENT plan's wallet fee, in English figures.
    await expect(form).toContainText('2,000');
  });

  for (const [name, path] of [
    ['payment links', '/portal/app/payment-links'],
    ['new payment link', '/portal/app/payment-links/create'],
    ['integration centre', '/portal/app/payment-integration-center'],
    ['disbursement centre', '/portal/app/disbursement-center/disbursement-management'],
  ] as const) {
    test(`${name} at 360 px wide has no sideways page scroll`, async ({ page }) => {
      await owner(page);
      await page.setViewportSize({ width: 360, height: 760 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await waitForQuiet(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }

  test('a link’s detail at 360 px wide has no sideways page scroll', async ({ page }) => {
    await owner(page);
    const path = await createLink(page, `Màn hình hẹp ${Date.now()}`);
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(path);
    await expect(page.getByTestId('pay-url')).toBeVisible();
    await waitForQuiet(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
