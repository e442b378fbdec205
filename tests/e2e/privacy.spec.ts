/**
 * Privacy by role in the browser (Decree 13/2023): the cashier reads the transaction report and a
 * transaction with customers' phones masked (`0963•••411`) and no fee anywhere; an accountant reads the
 * same transaction whole.
 */
import { expect, test, type Page } from '@playwright/test';
import { addDays, vietnamToday } from '../../src/domain/time';
import { chooseMerchant, DemoMerchants, DemoUsers, sidebarLink, signIn, t } from './support';

const LIST = /\/transaction-report\?/;
const MASKED_PHONE = /^\d{4}•••\d{3}$/;
/** A whole Vietnamese phone number anywhere in a text (cells are read glued to their labels, so no \\b). */
const WHOLE_PHONE = /(?<!\d)0\d{9,10}(?!\d)/;

interface Row {
  id: string;
  customerPhone: string | null;
  fee: number | null;
}

/** Opens the transaction report on the last 90 days and returns the first page the server sent. */
async function openLast90(page: Page, username: string): Promise<Row[]> {
  await signIn(page, username);
  if (username === DemoUsers.owner.username) await chooseMerchant(page, DemoMerchants.sme.name);
  else await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
  const link = await sidebarLink(page, 'MERCHANT_TRANS_REPORT', 'MERCHANT_REPORTS_CENTER');
  await link.click();
  await expect(page.getByRole('table', { name: t('resources.transaction-report.name') })).toBeVisible();
  const from = addDays(vietnamToday(), -89);
  const listCall = page.waitForResponse((r) => LIST.test(r.url()) && new URL(r.url()).searchParams.get('from') === from);
  await page.getByRole('combobox', { name: t('portal.reports.dateRange.preset') }).click();
  await page.getByRole('option', { name: t('portal.reports.dateRange.presets.last90Days'), exact: true }).click();
  return ((await (await listCall).json()) as { data: { content: Row[] } }).data.content;
}

test('the cashier sees customers’ phones masked and no fee, in the list and in the detail', async ({ page, browser }) => {
  // Several steps and two sign-ins on a shared machine: more than the default 45 s.
  test.setTimeout(120_000);
  const rows = await openLast90(page, DemoUsers.cashier.username);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.fee === null)).toBe(true);
  const row = rows.find((r) => r.customerPhone !== null)!;
  expect(row.customerPhone).toMatch(MASKED_PHONE);

  const table = page.getByRole('table', { name: t('resources.transaction-report.name') });
  await expect(table.getByRole('row').filter({ hasText: row.id })).toContainText(row.customerPhone!);
  await expect(table.getByRole('columnheader', { name: t('resources.transaction-report.fields.customerPhone'), exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: t('resources.transaction-report.fields.fee'), exact: true })).toHaveCount(0);
  await expect(table).not.toContainText(WHOLE_PHONE);

  await table.getByRole('link', { name: row.id }).click();
  const details = page.getByRole('table', { name: t('resources.transaction-report.detailTitle') });
  await expect(details).toBeVisible();
  await expect(details.getByRole('row').filter({ hasText: t('resources.transaction-report.fields.customerPhone') })).toContainText(row.customerPhone!);
  await expect(details.getByRole('rowheader', { name: t('resources.transaction-report.fields.fee'), exact: true })).toHaveCount(0);
  await expect(details).not.toContainText(WHOLE_PHONE);

  // The accountant reads the same transaction whole: the phone, and the fee.
  const context = await browser.newContext();
  const accountant = await context.newPage();
  await openLast90(accountant, DemoUsers.accountant.username);
  await accountant.goto(page.url());
  const whole = accountant.getByRole('table', { name: t('resources.transaction-report.detailTitle') });
  await expect(whole.getByRole('row').filter({ hasText: t('resources.transaction-report.fields.customerPhone') })).toContainText(WHOLE_PHONE);
  await expect(whole.getByRole('rowheader', { name: t('resources.transaction-report.fields.fee'), exact: true })).toBeVisible();
  await context.close();
});
