import { expect, test, type Page } from '@playwright/test';
import { KYB_DEMO_USERNAME, KybDemoMerchants, solidPng, type KybDemoKey } from '../../server/db/seed-merchant-profile';
import { apiToken, chooseMerchant, DemoMerchants, DemoUsers, signIn, t, type Lng } from './support';

const NEXT_STEP: Record<KybDemoKey, string> = {
  new: 'uploadAndSubmit',
  waitingUpdate: 'update',
  waitingApprove: 'wait',
  done: 'none',
  reject: 'fixAndResubmit',
  locked: 'contactSupport',
  other: 'other',
};

async function openMerchantInfo(page: Page, key: KybDemoKey, first: boolean) {
  if (first) await signIn(page, KYB_DEMO_USERNAME);
  else await page.goto('/portal/onboard/merchants-choose');
  await chooseMerchant(page, KybDemoMerchants[key].name);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
  await page.goto('/portal/app/merchant-info');
  await expect(page.getByRole('heading', { level: 1, name: t('resources.merchant-info.name') })).toBeVisible();
}

async function expectState(page: Page, key: KybDemoKey, lng: Lng = 'vi') {
  const status = key;
  const label = t(`portal.kyb.${status}`, {}, lng);
  await expect(page.getByLabel(t('portal.kyb.badge', { status: label }, lng))).toBeVisible();
  // The badge says the state in words; the internal code (201, 110…) is not shown to merchants.
  const kyb = page.getByRole('region', { name: t('resources.merchant-info.kyb.title', {}, lng) });
  await expect(kyb).not.toContainText(String(KybDemoMerchants[key].stateCode));
  await expect(kyb).not.toContainText(lng === 'vi' ? 'Mã trạng thái' : 'State code');
  await expect(page.getByTestId('kyb-next-step')).toContainText(t(`resources.merchant-info.kyb.next.${NEXT_STEP[key]}`, {}, lng));
}

test.describe('merchant info and KYB', () => {
  test('every §4 KYB state shows its badge and next step (never its internal code); edits are offered only where allowed', async ({ page }) => {
    test.setTimeout(120_000);
    const keys = Object.keys(KybDemoMerchants) as KybDemoKey[];
    for (const [i, key] of keys.entries()) {
      await openMerchantInfo(page, key, i === 0);
      await expectState(page, key);
      const edit = page.getByRole('button', { name: t('resources.merchant-info.edit.open') });
      if (key === 'locked' || key === 'waitingApprove') {
        await expect(edit).toHaveCount(0);
        await expect(page.getByTestId('edit-blocked')).toHaveText(
          t(`resources.merchant-info.edit.blocked.${key === 'locked' ? 'locked' : 'underReview'}`),
        );
      } else {
        await expect(edit).toBeVisible();
      }
      if (key === 'new') {
        // Nothing on file yet: the next step lists the missing papers.
        await expect(page.getByTestId('kyb-next-step')).toContainText(t('resources.merchant-info.documentTypes.idFront'));
      }
    }
  });

  test('the merchant details and documents read in English too', async ({ page }) => {
    await openMerchantInfo(page, 'reject', true);
    await page.evaluate(() => localStorage.setItem('langKey', 'en'));
    await page.reload();
    await expectState(page, 'reject', 'en');
    await page.getByRole('tab', { name: t('resources.merchant-info.tabs.documents', {}, 'en') }).click();
    await expect(page.getByRole('region', { name: t('resources.merchant-info.documentTypes.idFront', {}, 'en') })).toBeVisible();
  });

  test('uploading an ID front twice keeps one file, the newest', async ({ page, request }) => {
    await openMerchantInfo(page, 'waitingUpdate', true);
    await page.getByRole('tab', { name: t('resources.merchant-info.tabs.documents') }).click();
    const idFront = page.getByRole('region', { name: t('resources.merchant-info.documentTypes.idFront') });
    const png = solidPng(60, 40, [200, 30, 30]);
    // ID front is a single-file type: once one is on file, the action is "replace".
    const replaceInput = () => idFront.locator('input[type=file]');
    await expect(idFront.getByTestId('document-file-name')).toHaveCount(1);
    await replaceInput().setInputFiles({ name: 'cccd-lan-1.png', mimeType: 'image/png', buffer: png });
    await expect(idFront.getByTestId('document-file-name')).toHaveText(['cccd-lan-1.png']);
    await replaceInput().setInputFiles({ name: 'cccd-lan-2.png', mimeType: 'image/png', buffer: png });
    await expect(idFront.getByTestId('document-file-name')).toHaveText(['cccd-lan-2.png']);

    // The server agrees: one ID front.
    const token = await apiToken(request, KYB_DEMO_USERNAME);
    const merchants = await (await request.get('/api/profile/v2/merchants?pageSize=100', { headers: { authorization: `Bearer ${token}` } })).json();
    const id = merchants.data.content.find((m: { partnerCode: string }) => m.partnerCode === KybDemoMerchants.waitingUpdate.partnerCode).id;
    const info = await (await request.get(`/api/profile/v2/merchants/${id}/info`, { headers: { authorization: `Bearer ${token}` } })).json();
    const fronts = info.data.documents.filter((d: { type: string }) => d.type === 'Document-KYB-B1');
    expect(fronts.map((d: { fileName: string }) => d.fileName)).toEqual(['cccd-lan-2.png']);

    // The preview shows the picture.
    await idFront.getByRole('button', { name: t('resources.merchant-info.documents.previewLabel', { name: 'cccd-lan-2.png' }) }).click();
    const img = page.getByRole('img', { name: t('resources.merchant-info.documents.previewAlt', { name: 'cccd-lan-2.png' }) });
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(60);
  });

  test('a file that is not what its name says is refused with the server’s message', async ({ page }) => {
    await openMerchantInfo(page, 'done', true);
    await page.getByRole('tab', { name: t('resources.merchant-info.tabs.documents') }).click();
    const other = page.getByRole('region', { name: t('resources.merchant-info.documentTypes.otherPrivate') });
    await expect(other.getByText(t('resources.merchant-info.documents.empty'))).toBeVisible();
    await other.getByLabel(t('resources.merchant-info.documents.uploadLabel', { type: t('resources.merchant-info.documentTypes.otherPrivate') })).setInputFiles({
      name: 'bao-cao.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    const { default: viApi } = await import('../../src/i18n/vi/api.json', { with: { type: 'json' } });
    await expect(page.getByText(viApi.merchantInfo.fileContent)).toBeVisible();
    await expect(other.getByText(t('resources.merchant-info.documents.empty'))).toBeVisible();
  });

  test('editing sends the merchant for approval after the §8 confirmation; bad fields show the shared rule', async ({ page }) => {
    await openMerchantInfo(page, 'other', true);
    await page.getByRole('button', { name: t('resources.merchant-info.edit.open') }).click();
    const taxCode = page.getByRole('textbox', { name: t('resources.merchant-info.fields.taxCode') });
    await taxCode.fill('123');
    await page.getByRole('button', { name: t('resources.merchant-info.edit.submit') }).click();
    await expect(page.getByText(t('validation.merchantInfo.taxCode'))).toBeVisible();
    await taxCode.fill('0318765432');
    await page.getByRole('textbox', { name: t('resources.merchant-info.fields.brandName') }).fill('Tạp hoá Bến Thành Mới');
    await page.getByRole('button', { name: t('resources.merchant-info.edit.submit') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Bạn có chắc muốn cập nhật thông tin tài khoản?');
    // The confirmation itself names what sends the merchant back to review.
    await expect(dialog.getByTestId('kyb-review-notice')).toHaveText(
      'Các thay đổi sau sẽ đưa doanh nghiệp về trạng thái chờ duyệt KYB: Tên thương hiệu, Mã số thuế.',
    );
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    // Every required paper is on file: straight to waiting approve (110), and no more edits meanwhile.
    const label = t('portal.kyb.waitingApprove');
    await expect(page.getByLabel(t('portal.kyb.badge', { status: label }))).toBeVisible();
    await expect(page.locator('[data-field="brandName"]')).toHaveText('Tạp hoá Bến Thành Mới');
    await expect(page.getByRole('button', { name: t('resources.merchant-info.edit.open') })).toHaveCount(0);
    await expect(page.getByTestId('edit-blocked')).toHaveText(t('resources.merchant-info.edit.blocked.underReview'));
  });

  test('changing only contact details (phone, e-mail, website) says so and keeps the merchant verified', async ({ page }) => {
    await openMerchantInfo(page, 'done', true);
    await page.getByRole('button', { name: t('resources.merchant-info.edit.open') }).click();
    const field = (name: string) => page.getByRole('textbox', { name: t(`resources.merchant-info.fields.${name}`) });
    await field('contactPhone').fill('0912000111');
    await field('website').fill('https://lien-he.example.vn');
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/info$/.test(new URL(r.url()).pathname)) saves.push(r.url());
    });
    // Double clicks on "Lưu thay đổi" and on "Xác nhận": the confirm opens and stays, one save is sent.
    await page.getByRole('button', { name: t('resources.merchant-info.edit.submit') }).dblclick();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('kyb-review-notice')).toHaveText(
      'Chỉ thay đổi thông tin liên hệ (Số điện thoại liên hệ, Website): trạng thái KYB giữ nguyên, không cần duyệt lại.',
    );
    await page.waitForTimeout(500);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Xác nhận' }).dblclick();
    await expect(page.locator('[data-field="contactPhone"]')).toHaveText('0912000111');
    await expect(page.locator('[data-field="website"]')).toHaveText('https://lien-he.example.vn');
    // Still verified, still editable.
    await expect(page.getByLabel(t('portal.kyb.badge', { status: t('portal.kyb.done') }))).toBeVisible();
    await expect(page.getByRole('button', { name: t('resources.merchant-info.edit.open') })).toBeVisible();
    expect(saves).toHaveLength(1);
  });

  test('registers a new merchant, which starts as new (101)', async ({ page }) => {
    await openMerchantInfo(page, 'done', true);
    await page.getByRole('tab', { name: t('resources.merchant-info.tabs.links') }).click();
    await page.getByRole('button', { name: t('resources.merchant-info.register.open') }).click();
    const field = (name: string) => page.getByRole('textbox', { name: t(`resources.merchant-info.fields.${name}`) });
    await field('name').fill('Công ty TNHH Sen Vàng');
    await field('brandName').fill('Sen Vàng');
    await field('taxCode').fill('0317777777');
    await field('businessAddress').fill('5 Hai Bà Trưng, TP. Hồ Chí Minh');
    await field('representativeName').fill('Trịnh Khánh Vy');
    await field('contactPhone').fill('0909112233');
    await field('contactEmail').fill('senvang@example.vn');
    await page.getByRole('combobox', { name: t('resources.merchant-info.fields.companyTypeCode') }).click();
    await page.getByRole('option', { name: 'Công ty cổ phần' }).click();
    await page.getByRole('combobox', { name: t('resources.merchant-info.fields.industryCode') }).click();
    await page.getByRole('option', { name: /Ăn uống/ }).click();
    await page.getByRole('button', { name: t('resources.merchant-info.register.submit') }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await expect(page.getByText(/Công ty TNHH Sen Vàng \(mã MC\d{6}\)/)).toBeVisible();

    await page.getByRole('button', { name: t('resources.merchant-info.register.switch'), exact: true }).click();
    await chooseMerchant(page, 'Công ty TNHH Sen Vàng');
    await expect(page).toHaveURL(/\/portal\/app\/welcome/);
    await page.goto('/portal/app/merchant-info');
    await expect(page.getByLabel(t('portal.kyb.badge', { status: t('portal.kyb.new') }))).toBeVisible();
    await expect(page.locator('[data-field="taxCode"]')).toHaveText('0317777777');
  });
});

test('owner_demo links the pagoda under the SME as a sharing merchant; the SME then lists it', async ({ page }) => {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.pagoda.name);
  await page.goto('/portal/app/merchant-info?tab=links');
  await expect(page.getByText(t('resources.merchant-info.links.noMaster'))).toBeVisible();

  const form = page.getByRole('region', { name: t('resources.merchant-info.links.linkTitle') });
  await form.getByRole('combobox', { name: t('resources.merchant-info.links.master') }).click();
  await page.getByRole('option', { name: DemoMerchants.sme.name }).click();
  await form.getByRole('combobox', { name: t('resources.merchant-info.links.linkingType') }).click();
  await page.getByRole('option', { name: t('resources.merchant-info.relationship.SHARING') }).click();
  await form.getByRole('combobox', { name: t('resources.merchant-info.links.groupRole') }).click();
  await page.getByRole('option', { name: t('resources.merchant-info.groupRoles.INTERNAL_MANAGEMENT') }).click();
  await form.getByRole('button', { name: t('resources.merchant-info.links.submit') }).click();

  // The master is shown with the link's kind; linking again is no longer offered.
  const master = page.getByRole('region', { name: t('resources.merchant-info.links.masterTitle'), exact: true });
  await expect(master).toContainText(DemoMerchants.sme.name);
  await expect(master.getByTestId('own-link')).toHaveText(
    `${t('resources.merchant-info.links.linkingType')}: ${t('resources.merchant-info.relationship.SHARING')} · ${t('resources.merchant-info.links.groupRole')}: ${t('resources.merchant-info.groupRoles.INTERNAL_MANAGEMENT')}`,
  );
  await expect(form).toHaveCount(0);

  // From the SME's side, the pagoda is among its linked merchants.
  await page.goto('/portal/onboard/merchants-choose');
  await chooseMerchant(page, DemoMerchants.sme.name);
  await page.goto('/portal/app/merchant-info?tab=links');
  await expect(page.getByRole('region', { name: t('resources.merchant-info.links.linkedTitle') })).toContainText(DemoMerchants.pagoda.name);
});

test('a master merchant reads as one: no "Doanh nghiệp chủ: Chưa có" beside its own link role', async ({ page }) => {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, DemoMerchants.sme.name);
  await page.goto('/portal/app/merchant-info');
  const linkRole = page.locator('dt', { hasText: t('resources.merchant-info.fields.relationshipRole') });
  await expect(linkRole).toHaveText('Vai trò liên kết');
  await expect(page.locator('[data-field="relationshipRole"]')).toHaveText('Doanh nghiệp chủ');
  await expect(page.locator('[data-field="master"]')).toHaveCount(0);
  await expect(page.getByText('Quan hệ', { exact: true })).toHaveCount(0);
});
