import { expect, test, type Page } from '@playwright/test';
import { chooseMerchant, DemoMerchants, DemoUsers, signedInPage, t } from './support';

const T = 'resources.marketing-budget';
const G = 'portal.marketingGate';
const BUDGET = '/portal/app/marketing-budget';
const PAYMENTS = '/portal/app/marketing-payment-history';

/** The đồng of a money figure as shown ("10.500.000 đ"). */
const dong = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
const available = async (page: Page) => dong(await page.getByTestId('marketing-available').textContent());

test.describe('marketing budget', () => {
  test('the owner tops the budget up from settlement funds and sees the balance and the payment history (vi)', async ({ browser }) => {
    const page = await signedInPage(browser, DemoUsers.owner.username);
    await chooseMerchant(page, DemoMerchants.sme.name);
    await page.goto(BUDGET);
    await expect(page.getByRole('heading', { name: t(`${T}.name`), level: 1 })).toBeVisible();
    await expect(page.getByTestId('marketing-available')).toHaveText(/\d/);
    const before = await available(page);
    expect(before).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: t(`${T}.spending.title`) })).toBeVisible();

    await page.getByRole('button', { name: t(`${T}.topUp.open`) }).click();
    const dialog = page.getByRole('dialog', { name: t(`${T}.topUp.title`) });
    await dialog.getByRole('radio', { name: t(`${T}.sources.SETTLEMENT`) }).check();
    const amount = dialog.getByRole('textbox', { name: t(`${T}.topUp.amount`) });
    // Below the minimum: the rule's message, nothing sent.
    await amount.fill('50000');
    await dialog.getByRole('button', { name: t(`${T}.topUp.submit`) }).click();
    await expect(dialog.getByText(t('validation.marketingBudget.amount'))).toBeVisible();
    await amount.fill('500.000');
    await expect(dialog.getByText(t(`${T}.topUp.confirm`, { amount: '500.000 đ', source: t(`${T}.sources.SETTLEMENT`) }))).toBeVisible();
    await dialog.getByRole('button', { name: t(`${T}.topUp.submit`) }).click();
    await expect(page.getByText(/MKT\d{14}/)).toBeVisible();
    const ref = /MKT\d{14}/.exec((await page.getByText(/MKT\d{14}/).textContent())!)![0];
    await expect(dialog).toBeHidden();
    await expect.poll(() => available(page)).toBe(before + 500_000);

    await page.getByRole('navigation', { name: t(`${G}.nav.label`) }).getByRole('link', { name: t(`${G}.nav.marketing-payment-history`) }).click();
    await expect(page).toHaveURL(new RegExp(`${PAYMENTS}$`));
    await expect(page.getByRole('heading', { name: t('resources.marketing-payment-history.name'), level: 1 })).toBeVisible();
    // By its reference: another test's campaign may add a newer refund meanwhile.
    const first = page.getByTestId('marketing-payment-row').filter({ hasText: ref });
    await expect(first).toHaveCount(1);
    await expect(first).toContainText(t(`${T}.kinds.TOPUP`));
    await expect(first).toContainText(t(`${T}.sources.SETTLEMENT`));
    await expect(first).toContainText('+500.000 đ');

    // Filtered to wallet top-ups, the new settlement top-up is not listed.
    await page.getByRole('combobox', { name: t(`${T}.fields.source`) }).click();
    await page.getByRole('option', { name: t(`${T}.sources.WALLET`) }).click();
    await expect(page.getByTestId('marketing-payment-row').first()).toBeVisible();
    await expect(page.getByTestId('marketing-payment-row').filter({ hasText: ref })).toHaveCount(0);
  });

  test('before ADS is onboarded the screens say why and lead to the ADS service', async ({ browser }) => {
    const page = await signedInPage(browser, DemoUsers.otherOwner.username);
    await page.goto(BUDGET);
    const reason = page.getByTestId('marketing-gate-reason');
    await expect(reason).toContainText(t(`${G}.reasons.REJECTED.title`));
    await expect(page.getByTestId('marketing-available')).toHaveCount(0);
    await page.getByRole('link', { name: t(`${G}.openService`) }).click();
    await expect(page).toHaveURL(/\/portal\/app\/service-management\/service\/\d+$/);
  });

  test('a merchant registers ADS from the gate, the operator approves it, and marketing opens', async ({ browser }) => {
    const owner = await signedInPage(browser, DemoUsers.bpuOwner.username);
    await owner.goto(BUDGET);
    await expect(owner.getByTestId('marketing-gate-reason')).toContainText(t(`${G}.reasons.NONE.title`));
    await owner.getByRole('link', { name: t(`${G}.register`) }).click();
    await expect(owner).toHaveURL(/\/portal\/app\/service-management\/service\/\d+$/);
    await owner.getByRole('button', { name: t('resources.services.actions.registerNamed', { name: 'Quảng cáo' }) }).click();
    await owner.getByRole('dialog').getByRole('button', { name: t('portal.confirm.confirm') }).click();
    await expect(owner.getByText(t('resources.services.notifications.registered', { name: 'Quảng cáo' }))).toBeVisible();
    await owner.goto(BUDGET);
    await expect(owner.getByTestId('marketing-gate-reason')).toContainText(t(`${G}.reasons.INITIALIZED.title`));

    const ops = await signedInPage(browser, DemoUsers.ops.username);
    await ops.goto('/portal/ops/service-registrations');
    await expect(ops.getByRole('tab', { name: t('portal.ops.sections.service-registrations') })).toHaveAttribute('aria-selected', 'true');
    const pending = ops.getByTestId('ops-service-registration').filter({ hasText: DemoMerchants.bpu.name }).filter({ hasText: 'Quảng cáo' });
    await pending.getByRole('button', { name: new RegExp(`^${t('portal.ops.serviceRegistrations.approve')}:`) }).click();
    await expect(pending).toHaveCount(0);

    await owner.goto(BUDGET);
    await expect(owner.getByTestId('marketing-available')).toHaveText('0 đ');
    await expect(owner.getByRole('button', { name: t(`${T}.topUp.open`) })).toBeVisible();
  });

  test('an accountant reads the budget and the histories in English, without top-up', async ({ browser }) => {
    const page = await signedInPage(browser, DemoUsers.accountant.username, { lng: 'en' });
    await page.goto(BUDGET);
    await expect(page.getByRole('heading', { name: t(`${T}.name`, {}, 'en'), level: 1 })).toBeVisible();
    await expect(page.getByText(t(`${T}.readOnly`, {}, 'en'))).toBeVisible();
    await expect(page.getByRole('button', { name: t(`${T}.topUp.open`, {}, 'en') })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: t(`${T}.threshold.label`, {}, 'en') })).toHaveCount(0);
    await page.goto(PAYMENTS);
    await expect(page.getByRole('heading', { name: t('resources.marketing-payment-history.name', {}, 'en'), level: 1 })).toBeVisible();
    // The seeded top-ups are there (the newest row may be a refund another test's campaign caused).
    await expect(page.getByTestId('marketing-payment-row').filter({ hasText: t(`${T}.kinds.TOPUP`, {}, 'en') }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: t(`${T}.export.button`, {}, 'en') })).toBeEnabled();
  });
});
