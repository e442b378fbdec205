/** Offline stores: paging through the list, and each store's all-in-one QR shown and downloaded as a PNG a scanner reads. */
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { decodeVietQr } from '../../server/lib/vietqr';
import { chooseMerchant, DEMO_PASSWORD, DemoMerchants, DemoUsers, escapeRegExp, signIn, t } from './support';

test('the owner pages through the stores and changes the page size', async ({ page }) => {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  await expect(page).toHaveURL(/\/portal\/app\//);
  const first = page.waitForResponse((r) => /\/merchants\/\d+\/stores\?/.test(r.url()));
  await page.goto('/portal/app/offline-stores');
  const { data } = (await (await first).json()) as { data: { totalElements: number; content: Array<{ storeId: string }> } };
  expect(data.totalElements).toBeGreaterThan(40);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(data.content[0].storeId);
  await expect(page.getByRole('status').filter({ hasText: t('resources.stores.qr.allGenerated') })).toBeVisible();

  // Page 2: the next 20 stores, none of page 1's.
  const second = page.waitForResponse((r) => /\/stores\?/.test(r.url()) && new URL(r.url()).searchParams.get('pageNumber') === '1');
  await page.getByRole('button', { name: 'Đến trang sau' }).click();
  const page2 = (await (await second).json()).data as { content: Array<{ storeId: string }> };
  await expect(rows.first()).toContainText(page2.content[0].storeId);
  expect(page2.content.map((s) => s.storeId)).not.toContain(data.content[0].storeId);

  // 50 per page (spec §9 sizes): back to the first page with 50 rows, or all of them if fewer.
  await page.getByRole('combobox', { name: /Số dòng mỗi trang/ }).click();
  await page.getByRole('option', { name: '50' }).click();
  await expect(rows).toHaveCount(Math.min(50, data.totalElements));
});

test('the owner opens a store’s all-in-one QR and downloads the PNG, which scans to a VietQR', async ({ page }) => {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  await expect(page).toHaveURL(/\/portal\/app\//);
  const list = page.waitForResponse((r) => /\/merchants\/\d+\/stores\?/.test(r.url()));
  await page.goto('/portal/app/offline-stores');
  const store = ((await (await list).json()).data.content as Array<{ storeId: string; storeName: string }>)[0];

  await page.getByRole('button', { name: t('resources.stores.qr.open', { name: store.storeName }) }).click();
  const dialog = page.getByRole('dialog', { name: t('resources.stores.qr.title', { name: store.storeName }) });
  await expect(dialog.getByRole('img', { name: t('resources.stores.qr.imageAlt', { name: store.storeName }) })).toBeVisible();
  await expect(dialog).toContainText(store.storeId);
  await expect(dialog).toContainText('BVBank');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: t('resources.stores.qr.download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`qr_${store.storeId}.png`);
  const image = PNG.sync.read(await readFile(await download.path()));
  const scanned = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  expect(scanned).toBeTruthy();
  const decoded = decodeVietQr(scanned!);
  expect(decoded).toMatchObject({ bankBin: '970454', service: 'QRIBFTTA', currency: '704', country: 'VN' });
  expect(decoded.additional['03']).toBe(store.storeId);
  await expect(dialog.getByTestId('qr-account')).toHaveText(decoded.accountNumber);
  await expect(page.getByText('Tải file thành công!')).toBeVisible();

  // Keyboard: Escape closes the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('in English the QR column, dialog and status speak English', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('langKey', 'en'));
  await page.goto('/portal/auth/login');
  await page.getByRole('textbox', { name: t('portal.login.username', {}, 'en'), exact: true }).fill(DemoUsers.owner.username);
  await page.getByRole('textbox', { name: t('portal.login.password', {}, 'en'), exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('portal.login.submit', {}, 'en') }).click();
  await page
    .getByRole('list', { name: t('portal.chooseMerchant.listLabel', {}, 'en') })
    .getByRole('button', { name: new RegExp(escapeRegExp(DemoMerchants.sme.name)) })
    .click();
  await expect(page).toHaveURL(/\/portal\/app\//);
  const list = page.waitForResponse((r) => /\/merchants\/\d+\/stores\?/.test(r.url()));
  await page.goto('/portal/app/offline-stores');
  const store = ((await (await list).json()).data.content as Array<{ storeName: string }>)[0];
  await expect(page.getByRole('columnheader', { name: t('resources.stores.qr.column', {}, 'en') })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: t('resources.stores.qr.allGenerated', {}, 'en') })).toBeVisible();
  await page.getByRole('button', { name: t('resources.stores.qr.open', { name: store.storeName }, 'en') }).click();
  const dialog = page.getByRole('dialog', { name: t('resources.stores.qr.title', { name: store.storeName }, 'en') });
  await expect(dialog.getByRole('button', { name: t('resources.stores.qr.download', {}, 'en') })).toBeVisible();
});
