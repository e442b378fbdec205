/**
 * The operator's periods screen (/portal/ops/periods): ops_demo settles a due payout of the SME with the
 * bank's reference; the merchant's accountant then reads that period as paid out with that reference,
 * in the list and on the period's page.
 */
import { expect, test } from '@playwright/test';
import { DemoMerchants, DemoUsers, signIn, t, waitForQuiet } from './support';

const K = 'portal.ops.periods';
const R = 'resources.period-control';

test('ops_demo settles a due period; the merchant sees it paid out with the bank reference', async ({ browser }) => {
  const ops = await (await browser.newContext()).newPage();
  await signIn(ops, DemoUsers.ops.username);
  await expect(ops).toHaveURL(/\/portal\/ops\/tickets$/);
  await ops.getByRole('tab', { name: t('portal.ops.sections.periods') }).click();
  await expect(ops).toHaveURL(/\/portal\/ops\/periods$/);
  await expect(ops.getByRole('heading', { level: 1, name: t(`${K}.title`) })).toBeVisible();

  // The SME's oldest due payout: the list is oldest first across merchants, so page until it shows.
  const rows = ops.getByTestId('ops-period-row');
  await expect(rows.first()).toBeVisible();
  const row = rows.filter({ hasText: DemoMerchants.sme.partnerCode }).first();
  // Each page gets a moment to render its rows before the next one is asked (a loaded machine renders late).
  const shown = () => row.waitFor({ state: 'visible', timeout: 2_000 }).then(() => true, () => false);
  for (let page = 0; page < 20 && !(await shown()); page++) {
    const first = await rows.first().innerText();
    // react-admin's own words (ra.navigation.next), not a raw key: the ops area has their i18n context too.
    await ops.getByRole('button', { name: 'Đến trang sau', exact: true }).click();
    await expect(rows.first()).not.toHaveText(first);
  }
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  const day = (await cells.nth(1).innerText()).trim();
  expect(day).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(cells.nth(5)).toHaveText(new RegExp(`^(${t(`${K}.statuses.PENDING`)}|${t(`${K}.statuses.FAILED`)})`));

  await row.getByRole('button', { name: t(`${K}.settle`) }).click();
  const dialog = ops.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toContainText(day);
  await expect(dialog.getByRole('radio', { name: t(`${K}.paid`) })).toBeChecked();
  // Without the bank's reference nothing is sent.
  await dialog.getByRole('button', { name: t(`${K}.settle`) }).click();
  await expect(dialog.getByText(t('validation.required'))).toBeVisible();
  const reference = `FT${Date.now()}`;
  await dialog.getByRole('textbox', { name: t(`${K}.bankReference`) }).fill(reference);
  await dialog.getByRole('button', { name: t(`${K}.settle`) }).click();
  await expect(dialog).toHaveCount(0);
  // It leaves the due list and shows under paid.
  await expect(ops.getByTestId('ops-period-row').filter({ hasText: DemoMerchants.sme.partnerCode }).filter({ hasText: day })).toHaveCount(0);

  // The merchant: the period of that day is paid out with the reference, in the list and on its page.
  const merchant = await (await browser.newContext()).newPage();
  await signIn(merchant, DemoUsers.accountant.username);
  await expect(merchant).toHaveURL(/\/portal\/app\//);
  await waitForQuiet(merchant);
  await merchant.goto('/portal/app/period-control');
  const period = merchant.getByTestId('period-row').filter({ has: merchant.getByRole('link', { name: day, exact: true }) });
  await expect(period).toHaveCount(1);
  await expect(period).toContainText(t(`${R}.payoutStatuses.PAID`));
  await expect(period.getByRole('cell', { name: reference, exact: true })).toBeVisible();
  await period.getByRole('link', { name: day, exact: true }).click();
  await expect(merchant).toHaveURL(/\/portal\/app\/period-control\/\d+$/);
  await expect(merchant.getByTestId('period-payoutStatus')).toHaveText(t(`${R}.payoutStatuses.PAID`));
  await expect(merchant.getByTestId('period-bankReference')).toHaveText(reference);
});
