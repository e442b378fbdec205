/** Saved views of the transaction report in the browser: save, reset, apply, share; a teammate applies it read-only. */
import { expect, test, type Page } from '@playwright/test';
import { addDays, vietnamToday } from '../../src/domain/time';
import viApi from '../../src/i18n/vi/api.json' with { type: 'json' };
import { chooseMerchant, DemoMerchants, DemoUsers, escapeRegExp, signIn, t } from './support';
// react-admin's own button (its label is react-admin's string, not the portal's).
import viRa from '../../src/i18n/vi/ra.json' with { type: 'json' };

const REPORT_PATH = '/portal/app/report-center/transaction-report';
const LIST = /\/transaction-report\?/;
const VIEWS = /\/report-view-settings(\?|$)/;

/** The next list call whose query matches `check`. */
const listCall = (page: Page, check: (q: URLSearchParams) => boolean) =>
  page.waitForResponse((r) => LIST.test(r.url()) && r.request().method() === 'GET' && check(new URL(r.url()).searchParams));

async function openReport(page: Page) {
  const firstLoad = page.waitForResponse((r) => LIST.test(r.url()));
  await page.goto(REPORT_PATH);
  await firstLoad;
  await expect(page.getByRole('table', { name: t('resources.transaction-report.name') })).toBeVisible();
}

const statusSelect = (page: Page) => page.getByRole('combobox', { name: t('resources.transaction-report.filters.status') });
const presetSelect = (page: Page) => page.getByRole('combobox', { name: t('portal.reports.dateRange.preset') });
const viewsSelect = (page: Page) => page.getByRole('combobox', { name: t('portal.reports.views.label') });
const feeHeader = (page: Page) => page.getByRole('columnheader', { name: t('resources.transaction-report.fields.fee'), exact: true });
const refundedHeader = (page: Page) =>
  page.getByRole('columnheader', { name: t('resources.transaction-report.fields.refundedAmount'), exact: true });

async function choosePreset(page: Page, preset: string) {
  await presetSelect(page).click();
  await page.getByRole('option', { name: t(`portal.reports.dateRange.presets.${preset}`), exact: true }).click();
}

/** Clicks a status in the (multiple) status select: on when off, off when on. */
async function toggleStatus(page: Page, status: string) {
  await statusSelect(page).click();
  await page.getByRole('option', { name: t(`resources.transaction-report.statuses.${status}`), exact: true }).click();
  await page.keyboard.press('Escape');
}

async function toggleColumn(page: Page, column: string) {
  await page.getByRole('button', { name: viRa.ra.action.select_columns }).click();
  await page.getByRole('switch', { name: t(`resources.transaction-report.fields.${column}`), exact: true }).click();
  await page.keyboard.press('Escape');
}

async function saveView(page: Page, name: string, { share }: { share: boolean }) {
  await page.getByRole('button', { name: t('portal.reports.views.save') }).click();
  const dialog = page.getByRole('dialog', { name: t('portal.reports.views.save') });
  await dialog.getByRole('textbox', { name: t('portal.reports.views.name') }).fill(name);
  if (share) await dialog.getByRole('checkbox', { name: t('portal.reports.views.share') }).check();
  const saved = page.waitForResponse((r) => VIEWS.test(r.url()) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: t('portal.reports.views.saveButton'), exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
}

const viewOption = (page: Page, name: string) => page.getByRole('option', { name: new RegExp(`^${escapeRegExp(name)}`) });

test('a saved view restores its filter and columns, and a shared one is applied read-only by a teammate', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const name = `Thất bại 90 ngày ${stamp}`;
  const privateName = `Riêng ${stamp}`;
  const from90 = addDays(vietnamToday(), -89);

  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  await openReport(page);

  // The filter (last 90 days, failed only) and the columns (no fee, with refunded amount) to keep.
  let filtered = listCall(page, (q) => q.get('from') === from90 && q.getAll('status').join() === 'FAILED');
  await choosePreset(page, 'last90Days');
  await toggleStatus(page, 'FAILED');
  await filtered;
  await toggleColumn(page, 'fee');
  await toggleColumn(page, 'refundedAmount');
  await expect(feeHeader(page)).toHaveCount(0);
  await expect(refundedHeader(page)).toBeVisible();

  await saveView(page, name, { share: true });
  await expect(viewsSelect(page)).toContainText(name);

  // Back to another filter and the default columns.
  const reset = listCall(page, (q) => q.get('from') !== from90 && q.getAll('status').length === 0);
  await toggleStatus(page, 'FAILED');
  await choosePreset(page, 'last7Days');
  await reset;
  await toggleColumn(page, 'fee');
  await toggleColumn(page, 'refundedAmount');
  await expect(statusSelect(page)).toHaveText(t('portal.reports.all'));
  await expect(presetSelect(page)).toHaveText(t('portal.reports.dateRange.presets.last7Days'));
  await expect(feeHeader(page)).toBeVisible();
  await expect(refundedHeader(page)).toHaveCount(0);

  // Choosing the view brings all of it back; the owner's own shared view says so and can be deleted.
  filtered = listCall(page, (q) => q.get('from') === from90 && q.getAll('status').join() === 'FAILED');
  await viewsSelect(page).click();
  await expect(viewOption(page, name)).toContainText(t('portal.reports.views.sharedByMe'));
  await viewOption(page, name).click();
  await filtered;
  await expect(statusSelect(page)).toHaveText(t('resources.transaction-report.statuses.FAILED'));
  await expect(presetSelect(page)).toHaveText(t('portal.reports.dateRange.presets.last90Days'));
  await expect(feeHeader(page)).toHaveCount(0);
  await expect(refundedHeader(page)).toBeVisible();
  await expect(page.getByRole('button', { name: t('portal.reports.views.delete', { name }) })).toBeVisible();

  // A name already taken (whatever its case) is refused in the dialog itself, which stays open.
  await page.getByRole('button', { name: t('portal.reports.views.save') }).click();
  const dialog = page.getByRole('dialog', { name: t('portal.reports.views.save') });
  await dialog.getByRole('textbox', { name: t('portal.reports.views.name') }).fill(name.toUpperCase());
  await dialog.getByRole('button', { name: t('portal.reports.views.saveButton'), exact: true }).click();
  await expect(dialog.getByText(viApi.transactionReport.errors.viewNameTaken)).toBeVisible();
  await dialog.getByRole('button', { name: t('portal.confirm.cancel') }).click();
  await expect(dialog).toBeHidden();

  // A second view the owner keeps to themself, then shares, then takes back, then shares for good.
  await saveView(page, privateName, { share: false });
  const share = page.getByRole('button', { name: t('portal.reports.views.shareOne', { name: privateName }) });
  await expect(share).toHaveAttribute('aria-pressed', 'false');
  await share.click();
  const unshare = page.getByRole('button', { name: t('portal.reports.views.unshareOne', { name: privateName }) });
  await expect(unshare).toHaveAttribute('aria-pressed', 'true');
  await unshare.click();
  await expect(share).toBeVisible();
  const sharedName = `Chung ${stamp}`;
  await saveView(page, sharedName, { share: false });
  await page.getByRole('button', { name: t('portal.reports.views.shareOne', { name: sharedName }) }).click();
  await expect(page.getByRole('button', { name: t('portal.reports.views.unshareOne', { name: sharedName }) })).toBeVisible();

  // The accountant of the same merchant: the shared view only, marked with its owner, applied, not deletable.
  const context = await browser.newContext();
  const teammate = await context.newPage();
  await signIn(teammate, DemoUsers.accountant.username);
  await expect(teammate).toHaveURL(/\/portal\/app\/welcome$/);
  await openReport(teammate);
  await expect(statusSelect(teammate)).toHaveText(t('portal.reports.all'));
  await expect(feeHeader(teammate)).toBeVisible();
  await viewsSelect(teammate).click();
  await expect(viewOption(teammate, name)).toContainText(t('portal.reports.views.sharedBy', { name: DemoUsers.owner.name }));
  await expect(viewOption(teammate, privateName)).toHaveCount(0);
  await expect(viewOption(teammate, sharedName)).toContainText(t('portal.reports.views.sharedBy', { name: DemoUsers.owner.name }));
  const applied = listCall(teammate, (q) => q.get('from') === from90 && q.getAll('status').join() === 'FAILED');
  await viewOption(teammate, name).click();
  await applied;
  await expect(viewsSelect(teammate)).toContainText(name);
  await expect(statusSelect(teammate)).toHaveText(t('resources.transaction-report.statuses.FAILED'));
  await expect(presetSelect(teammate)).toHaveText(t('portal.reports.dateRange.presets.last90Days'));
  await expect(feeHeader(teammate)).toHaveCount(0);
  await expect(refundedHeader(teammate)).toBeVisible();
  await expect(teammate.getByRole('button', { name: t('portal.reports.views.delete', { name }) })).toHaveCount(0);
  await context.close();
});
