import { expect, test, type Browser } from '@playwright/test';
import { solidPng } from '../../server/db/seed-merchant-profile';
import { chooseMerchant, DemoMerchants, t, type Lng, signedInPage } from './support';

const R = 'resources.business-page';

const signedIn = (browser: Browser, username: string, lng: Lng) => signedInPage(browser, username, { lng, reload: false });

for (const lng of ['vi', 'en'] as const) {
  test(`the owner creates a page, sets it up, attaches a store, grants a role and submits; the operator approves (${lng})`, async ({ browser }) => {
    const tr = (key: string, vars: Record<string, string | number> = {}) => t(key, vars, lng);
    const name = `Tiệm Bánh Đà Nẵng ${lng} ${Date.now() % 100000}`;
    const owner = await signedIn(browser, 'owner_demo', lng);
    await chooseMerchant(owner, DemoMerchants.sme.name);
    await expect(owner).toHaveURL(/\/portal\/app\/welcome/);
    await owner.goto('/portal/app/business-page');
    await expect(owner.getByRole('heading', { name: tr(`${R}.name`) }).last()).toBeVisible();
    await expect(owner.getByRole('cell', { name: /Cà Phê Sông Hàn/ })).toBeVisible();

    // Create: the address is proposed from the name without accents.
    await owner.getByRole('button', { name: tr(`${R}.create`) }).click();
    await owner.getByRole('textbox', { name: tr(`${R}.fields.name`) }).fill(name);
    const slugBox = owner.getByRole('textbox', { name: tr(`${R}.fields.slug`) });
    await expect(slugBox).toHaveValue(/^tiem_banh_da_nang_/);
    await owner.getByRole('button', { name: tr(`${R}.createAction`) }).click();
    await expect(owner).toHaveURL(/\/business-page\/\d+\/setting-page$/);
    await expect(owner.getByRole('heading', { name }).last()).toBeVisible();
    await expect(owner.getByText(tr(`${R}.status.DRAFT`))).toBeVisible();

    // Settings: avatar, description, category, an invalid website refused in the form, then saved.
    const uploaded = owner.waitForResponse((r) => /\/images\/avatar(\?|$)/.test(r.url()) && r.request().method() === 'POST');
    await owner.getByTestId('bp-avatar-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(48, 48, [165, 0, 100]) });
    expect((await uploaded).status()).toBe(200);
    await expect(owner.getByRole('img', { name: tr(`${R}.fields.avatar`) })).toBeVisible();
    await owner.getByRole('textbox', { name: tr(`${R}.fields.description`) }).fill('Bánh mì nướng củi mỗi sáng.');
    await owner.getByRole('combobox', { name: tr(`${R}.fields.category`) }).click();
    await owner.getByRole('option', { name: tr(`${R}.categories.FOOD_BEVERAGE`) }).click();
    await owner.getByRole('textbox', { name: 'Website' }).fill('example.vn');
    await owner.getByRole('button', { name: tr(`${R}.save`) }).click();
    await expect(owner.getByText(t('validation.webUrl', {}, lng))).toBeVisible();
    await owner.getByRole('textbox', { name: 'Website' }).fill('https://example.vn');
    await owner.getByRole('checkbox', { name: tr(`${R}.weekdays.mon`) }).check();
    const saved = owner.waitForResponse((r) => /\/pages\/\d+(\?|$)/.test(r.url()) && r.request().method() === 'PUT');
    await owner.getByRole('button', { name: tr(`${R}.save`) }).click();
    expect((await saved).status()).toBe(200);

    // Stores: attach the first free store.
    await owner.getByRole('tab', { name: tr(`${R}.tabs.stores`) }).click();
    await expect(owner).toHaveURL(/\/stores$/);
    const attach = owner.getByRole('button', { name: new RegExp(`^${tr(`${R}.stores.attach`)} `) }).first();
    await attach.click();
    await expect(owner.getByRole('cell', { name: tr(`${R}.stores.attached`) })).toHaveCount(1);

    // Permissions: grant the editor role to an eligible staff member.
    await owner.getByRole('tab', { name: tr(`${R}.tabs.permissions`) }).click();
    await owner.getByRole('link', { name: tr(`${R}.permissions.create`) }).click();
    await expect(owner).toHaveURL(/\/permissions\/create$/);
    await owner.getByRole('combobox', { name: tr(`${R}.permissions.user`) }).click();
    await owner.getByRole('option').first().click();
    await owner.getByRole('combobox', { name: tr(`${R}.permissions.role`) }).click();
    await owner.getByRole('option', { name: tr(`${R}.roles.EDITOR`) }).click();
    await owner.getByRole('button', { name: tr(`${R}.permissions.grant`), exact: true }).click();
    await expect(owner).toHaveURL(/\/permissions$/);
    await expect(owner.getByRole('cell', { name: tr(`${R}.roles.EDITOR`) })).toBeVisible();

    // Submit for review.
    await owner.getByRole('tab', { name: tr(`${R}.tabs.setting-page`) }).click();
    await owner.getByRole('button', { name: tr(`${R}.review.submit`) }).click();
    await expect(owner.getByText(tr(`${R}.review.pending`))).toBeVisible();
    const pageUrl = owner.url();

    // The operator approves in /portal/ops.
    const ops = await signedIn(browser, 'ops_demo', lng);
    await expect(ops).toHaveURL(/\/portal\/ops\//);
    await ops.goto('/portal/ops/page-reviews');
    await expect(ops.getByRole('heading', { name: tr('portal.ops.pageReviews.title') }).last()).toBeVisible();
    await ops.getByRole('button', { name: `${tr('portal.ops.pageReviews.approve')} ${name}` }).click();
    await expect(ops.getByRole('button', { name: `${tr('portal.ops.pageReviews.approve')} ${name}` })).toHaveCount(0);

    await owner.goto(pageUrl);
    await expect(owner.getByText(tr(`${R}.status.ACTIVE`))).toBeVisible();
  });
}
