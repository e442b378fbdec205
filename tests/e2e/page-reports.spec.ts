/**
 * Issue 16, page reports: the demo customer follows the page on its public view (/portal/p/<slug>), then
 * the merchant's owner opens the page's overview report (from the business page detail, and from the
 * reports entry) and sees the follow counted today, in the chart's table alternative too; the CSV
 * downloads with its exact header. In Vietnamese and in English; at 360 px nothing scrolls sideways.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import viApi from '../../src/i18n/vi/api.json' with { type: 'json' };
import enApi from '../../src/i18n/en/api.json' with { type: 'json' };
import viTexts from '../../src/i18n/vi/publicPage.json' with { type: 'json' };
import { formatDay, vietnamToday } from '../../src/domain/time';
import { chooseMerchant, DemoMerchants, signIn, t, type Lng } from './support';

const R = 'resources.report-management';
const SLUG = 'ca_phe_song_han';
const NAME = 'Cà Phê Sông Hàn';
const pub = viTexts.publicPage;
const HEADERS: Record<Lng, string> = {
  vi: Object.values(viApi.exports.pageReports.overview).join(','),
  en: Object.values(enApi.exports.pageReports.overview).join(','),
};

async function ownerIn(browser: Browser, lng: Lng): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, 'owner_demo');
  await page.waitForURL((url) => !url.pathname.includes('/auth/login'));
  if (lng === 'en') await page.evaluate(() => localStorage.setItem('langKey', 'en'));
  await chooseMerchant(page, DemoMerchants.sme.name);
  return page;
}

/** The customer simulator: sign in on the public page and follow (after unfollowing, if a run before followed). */
async function customerFollows(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/portal/p/${SLUG}`);
  await page.getByLabel(pub.username).fill('customer_demo');
  await page.getByLabel(pub.password).fill('Demo@1234');
  await page.getByLabel(pub.password).press('Enter');
  const unfollow = page.getByRole('button', { name: pub.unfollow });
  const follow = page.getByRole('button', { name: pub.follow, exact: true });
  await expect(unfollow.or(follow)).toBeVisible();
  if (await unfollow.isVisible()) {
    await unfollow.click();
    await expect(follow).toBeVisible();
  }
  await follow.click();
  await expect(unfollow).toHaveAttribute('aria-pressed', 'true');
  await page.context().close();
}

const statValue = async (page: Page, key: string) => Number((await page.locator(`[data-stat="${key}"] dd`).innerText()).replace(/\D/g, ''));

for (const lng of ['vi', 'en'] as const) {
  test(`the overview report counts a follow made on the public page today, with a table alternative and a CSV (${lng})`, async ({ browser }) => {
    const tr = (key: string, vars: Record<string, string | number> = {}) => t(key, vars, lng);
    const owner = await ownerIn(browser, lng);

    // From the business page detail: the reports button opens the page's overview.
    await owner.goto('/portal/app/business-page');
    await owner.getByRole('link', { name: NAME }).first().click();
    await owner.getByRole('main').getByRole('link', { name: tr(`${R}.name`) }).click();
    await expect(owner).toHaveURL(/\/portal\/app\/report-management\/\d+\/overview$/);
    await expect(owner.getByRole('tab', { name: tr('resources.report-overview.name') })).toHaveAttribute('aria-selected', 'true');
    const reportUrl = owner.url();

    // Today only.
    await owner.getByRole('combobox', { name: tr('portal.reports.dateRange.preset') }).click();
    await owner.getByRole('option', { name: tr('portal.reports.dateRange.presets.today') }).click();
    await expect(owner.locator('[data-stat="followersGained"]')).toBeVisible();
    const before = await statValue(owner, 'followersGained');

    await customerFollows(browser);

    await owner.goto(reportUrl);
    await expect.poll(() => statValue(owner, 'followersGained')).toBe(before + 1);

    // The chart's figures as a table: in the page for screen readers, shown with the toggle.
    const table = owner.getByRole('table', { name: tr(`${R}.overview.followersChart`) });
    await expect(table).toHaveCount(1);
    const today = formatDay(vietnamToday());
    await expect(table.getByRole('row', { name: new RegExp(`^${today.replace(/\//g, '\\/')} ${before + 1} `) })).toHaveCount(1);
    const toggle = owner.getByRole('button', { name: tr('portal.common.showTable') }).first();
    await toggle.click();
    await expect(owner.getByRole('button', { name: tr('portal.common.hideTable') }).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(table).toBeVisible();

    // CSV with the exact header, and today's row.
    const downloading = owner.waitForEvent('download');
    await owner.getByRole('button', { name: tr(`${R}.exportCsv`) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bao-cao-trang_\d+_tong-quan_\d{8}-\d{8}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(HEADERS[lng]);
    expect(lines[1]).toMatch(new RegExp(`^${today.replace(/\//g, '\\/')},${before + 1},`));

    // The other tabs answer too; customer messages count the page's live chat (seeded conversations).
    await owner.getByRole('tab', { name: tr('resources.report-customer-message.name') }).click();
    await expect(owner.locator('[data-stat="conversations"]')).toBeVisible();
    await expect(owner.getByRole('heading', { level: 2, name: tr(`${R}.customerMessage.messagesChart`), exact: true })).toBeVisible();
    await owner.getByRole('tab', { name: tr('resources.report-reconciliation.name') }).click();
    // The seeded page has badges: what their holders paid, per badge, with its table alternative.
    await expect(owner.getByRole('heading', { level: 2, name: tr(`${R}.reconciliation.badgesChart`), exact: true })).toBeVisible();

    // 360 px: nothing scrolls sideways.
    await owner.getByRole('tab', { name: tr('resources.report-overview.name') }).click();
    await owner.setViewportSize({ width: 360, height: 780 });
    await expect(owner.locator('[data-stat="followersGained"]')).toBeVisible();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The reports entry lists the page.
    await owner.setViewportSize({ width: 1280, height: 800 });
    await owner.goto('/portal/app/report-management');
    await expect(owner.getByRole('link', { name: `${tr('resources.report-overview.name')} ${NAME}` })).toBeVisible();
  });
}
