/** Offline stores export: what the filter selects, downloaded as a file the user can open. */
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { parseRfc4180 } from '../api/csv';
import { chooseMerchant, DemoMerchants, DemoUsers, signIn, t } from './support';

const KEYWORD = 'pasteur';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

test('the owner exports the filtered offline stores as CSV', async ({ page }) => {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  await page.goto('/portal/app/offline-stores');
  await expect(page.getByRole('table')).toBeVisible();
  // The internal numeric state code is not a column merchants see ("Đang hoạt động" says it in words).
  await expect(page.getByRole('columnheader', { name: t('resources.stores.fields.isActive'), exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: t('resources.stores.fields.storeStateCode'), exact: true })).toHaveCount(0);

  // The list's own answer for the keyword gives the total the file must match.
  const filtered = page.waitForResponse(
    (response) => /\/stores\?/.test(response.url()) && new URL(response.url()).searchParams.get('keyword') === KEYWORD,
  );
  await page.getByRole('textbox', { name: t('resources.stores.filters.keyword') }).fill(KEYWORD);
  const { data } = (await (await filtered).json()) as { data: { totalElements: number } };
  expect(data.totalElements).toBeGreaterThan(0);

  // Keyboard only: the control is reachable, labelled, and its menu opens and picks with keys.
  const exportButton = page.getByRole('button', { name: t('resources.stores.export.button') });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: t('resources.stores.export.menuLabel') });
  await expect(menu).toBeVisible();
  // Each format says what it is; one Excel entry only.
  await expect(menu.getByRole('menuitem')).toHaveText(['CSV (UTF-8)', 'Excel (XLSX)']);
  await expect(menu.getByRole('menuitem', { name: t('resources.stores.export.csv'), exact: true })).toBeFocused();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;

  expect(download.suggestedFilename()).toMatch(new RegExp(`^cua-hang_${DemoMerchants.sme.partnerCode}_\\d{8}-\\d{4}\\.csv$`));
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 3).equals(BOM)).toBe(true);
  const [header, ...records] = parseRfc4180(bytes.subarray(3).toString('utf8')).map((r) => r.map((f) => f.value));
  expect(header.slice(0, 2)).toEqual(['Mã cửa hàng', 'Tên cửa hàng']);
  expect(records).toHaveLength(data.totalElements);
  for (const [storeId, storeName] of records) {
    expect(`${storeId} ${storeName}`.toLowerCase()).toContain(KEYWORD);
  }
  await expect(page.getByText('Tải file thành công!')).toBeVisible();
  // The keyboard focus is back on the export button, not at the top of the page.
  await expect(exportButton).toBeFocused();
});
