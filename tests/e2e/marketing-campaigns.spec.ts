/**
 * Marketing campaigns end to end (issue 17), on the demo SME whose ADS service is onboarded and whose
 * marketing budget is topped up by the seed: the owner makes a template (a bad placeholder is refused
 * first), creates a campaign from it with an audience (live estimate, preview for a sample customer),
 * submits it; the operator approves it (the budget is reserved: the available balance falls); a delivery
 * pass (the demo endpoint) runs it and spends; the owner pauses and ends it and sees the unspent reserve
 * refunded in the payment history. Then the same campaign in English.
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseMerchant, DemoMerchants, DemoUsers, escapeRegExp, signedInPage, t } from './support';

const M = 'resources.marketing-management';
const F = `${M}.form`;
const D = `${M}.detail`;
const B = 'resources.marketing-budget';
const O = 'portal.ops.marketingCampaigns';
const PAGE_NAME = 'Cà Phê Sông Hàn';
const CAMPAIGN = `Khai trương E2E ${Date.now() % 100000}`;
const TEMPLATE = `Mẫu khai trương ${Date.now() % 100000}`;

const dong = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
/** A datetime-local value `minutes` from now, in Vietnam time. */
const vietnamLocal = (minutes: number) => new Date(Date.now() + 7 * 3_600_000 + minutes * 60_000).toISOString().slice(0, 16);
const label = (key: string) => new RegExp(`^${escapeRegExp(t(key))}`);

async function available(page: Page): Promise<number> {
  await page.goto('/portal/app/marketing-budget');
  await expect(page.getByTestId('marketing-available')).toHaveText(/\d/);
  return dong(await page.getByTestId('marketing-available').textContent());
}

test('a campaign from a template: audience, review, delivery, pause, end and refund (vi, then en)', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await signedInPage(browser, DemoUsers.owner.username);
  await chooseMerchant(owner, DemoMerchants.sme.name);

  // A template of the page: an unknown placeholder is refused with the rule's message, then saved.
  await owner.goto('/portal/app/marketing-management');
  await expect(owner.getByRole('heading', { level: 1, name: t(`${M}.name`) }).last()).toBeVisible();
  await owner.getByRole('link', { name: `${t(`${M}.openTemplates`)} ${PAGE_NAME}` }).click();
  await expect(owner).toHaveURL(/\/marketing-management\/\d+\/marketing-template$/);
  await owner.getByRole('button', { name: t(`${M}.templates.create`) }).click();
  const dialog = owner.getByRole('dialog', { name: t(`${M}.templates.createTitle`) });
  await dialog.getByRole('textbox', { name: label(`${M}.templates.name`) }).fill(TEMPLATE);
  const text = dialog.getByRole('textbox', { name: label(`${F}.text`) });
  await text.fill('Chào ${ten}!');
  await expect(dialog.getByText(t('validation.templateUnknownPlaceholder', { names: 'ten' }))).toBeVisible();
  await text.fill('Chào ${name}! ${page} khai trương chi nhánh mới');
  await dialog.getByRole('button', { name: t(`${M}.templates.save`) }).click();
  await expect(dialog).toBeHidden();
  const row = owner.getByTestId('template-row').filter({ hasText: TEMPLATE });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: `${t(`${M}.templates.use`)} ${TEMPLATE}` }).click();

  // The campaign starts from the template (from=template:<id>).
  await expect(owner).toHaveURL(/\/campaign\/create\?from=template%3A\d+$/);
  const name = owner.getByRole('textbox', { name: label(`${F}.name`) });
  await expect(name).toHaveValue(TEMPLATE);
  await name.fill(CAMPAIGN);
  await expect(owner.getByTestId('campaign-preview')).toHaveText(`Chào ${t(`${F}.sampleName`)}! ${PAGE_NAME} khai trương chi nhánh mới`);
  const estimate = owner.getByTestId('audience-estimate');
  await expect(estimate).toContainText(/\d/);
  const everyone = dong(await estimate.textContent());
  await owner.getByRole('checkbox', { name: t(`${F}.genderNames.FEMALE`), exact: true }).check();
  // While the new count loads the alert says "estimating" (no digits), which must not read as 0.
  let women = 0;
  await expect
    .poll(async () => {
      const text = await estimate.textContent();
      women = /\d/.test(text ?? '') ? dong(text) : Number.POSITIVE_INFINITY;
      return women;
    })
    .toBeLessThan(everyone);
  expect(women).toBeGreaterThan(0);
  await owner.getByLabel(label(`${F}.startsAt`)).fill(vietnamLocal(-5));
  await owner.getByLabel(label(`${F}.endsAt`)).fill(vietnamLocal(2 * 24 * 60));
  await owner.getByRole('textbox', { name: label(`${F}.budgetAmount`) }).fill('500000');
  await expect(owner.getByTestId('campaign-reserve')).toContainText('500.000 đ');
  await owner.getByRole('button', { name: t(`${F}.saveDraft`) }).click();

  await expect(owner).toHaveURL(/\/marketing-management\/\d+\/campaign\/\d+$/);
  const detailUrl = owner.url();
  await expect(owner.getByTestId('campaign-status')).toHaveText(t(`${M}.statuses.DRAFT`));
  await owner.getByRole('button', { name: t(`${D}.actions.SUBMIT`) }).click();
  await expect(owner.getByTestId('campaign-status')).toHaveText(t(`${M}.statuses.IN_REVIEW`));
  const before = await available(owner);

  // The operator approves it: its budget is reserved.
  const ops = await signedInPage(browser, DemoUsers.ops.username);
  await ops.goto('/portal/ops/marketing-campaigns');
  await expect(ops.getByRole('heading', { name: t(`${O}.title`) })).toBeVisible();
  const review = ops.getByTestId('ops-campaign-row').filter({ hasText: CAMPAIGN });
  await expect(review).toContainText('500.000 đ');
  await review.getByRole('button', { name: `${t(`${O}.approve`)} ${CAMPAIGN}` }).click();
  await expect(review).toHaveCount(0);
  await expect.poll(() => available(owner)).toBe(before - 500_000);

  // A delivery pass starts it and spends from the reserve.
  const pass = await owner.request.post('/api/demo/marketing/delivery-pass');
  expect(pass.status()).toBe(200);
  await owner.goto(detailUrl);
  await expect(owner.getByTestId('campaign-status')).toHaveText(t(`${M}.statuses.RUNNING`));
  await expect.poll(async () => dong(await owner.getByTestId('campaign-spent').textContent())).toBeGreaterThan(0);
  await expect(owner.getByTestId('delivery-totals')).toBeVisible();

  await owner.getByRole('button', { name: t(`${D}.actions.PAUSE`) }).click();
  await expect(owner.getByTestId('campaign-status')).toHaveText(t(`${M}.statuses.PAUSED`));
  await owner.getByRole('button', { name: t(`${D}.actions.END`) }).click();
  await expect(owner.getByTestId('campaign-status')).toHaveText(t(`${M}.statuses.ENDED`));
  const spent = dong(await owner.getByTestId('campaign-spent').textContent());
  const released = dong(await owner.getByTestId('campaign-released').textContent());
  expect(spent).toBeGreaterThan(0);
  expect(spent + released).toBe(500_000);
  await expect(owner.getByTestId('campaign-events')).toContainText(t(`${D}.eventActions.APPROVE`));
  expect(await available(owner)).toBe(before - spent);

  // The refund of the unspent reserve in the payment history.
  await owner.goto('/portal/app/marketing-payment-history');
  const refund = owner.getByTestId('marketing-payment-row').first();
  await expect(refund).toContainText(t(`${B}.kinds.RELEASE`));
  await expect(refund).toContainText(`+${released.toLocaleString('de-DE')} đ`);

  // The same campaign in English.
  const en = await signedInPage(browser, DemoUsers.owner.username, { lng: 'en', reload: false });
  await chooseMerchant(en, DemoMerchants.sme.name);
  await en.goto(detailUrl);
  await expect(en.getByTestId('campaign-status')).toHaveText(t(`${M}.statuses.ENDED`, {}, 'en'));
  await expect(en.getByRole('heading', { name: t(`${D}.delivery`, {}, 'en') })).toBeVisible();
});
