/**
 * business-page/{id}/badge-gamification in the browser (vi and en): the owner sees the seeded badges of
 * the SME's public page, a bad rule is refused in the form, creates one, edits it and disables it; the
 * public page shows the seeded reviewers' badges beside their reviews; 360 px wide without overflow.
 */
import { expect, test, type Browser } from '@playwright/test';
import enTexts from '../../src/i18n/en/publicPage.json' with { type: 'json' };
import viTexts from '../../src/i18n/vi/publicPage.json' with { type: 'json' };
import { chooseMerchant, DemoMerchants, t, type Lng, signedInPage } from './support';

const B = 'resources.business-page.badges';
const PAGE_NAME = 'Cà Phê Sông Hàn';

const signedIn = (browser: Browser, username: string, lng: Lng) => signedInPage(browser, username, { lng, width: 360, reload: false });

for (const lng of ['vi', 'en'] as const) {
  test(`the owner manages the page's customer badges; the public page shows them (${lng})`, async ({ browser }) => {
    const tr = (key: string, vars: Record<string, string | number> = {}) => t(key, vars, lng);
    const name = `Khách VIP ${lng}`;
    const owner = await signedIn(browser, 'owner_demo', lng);
    await chooseMerchant(owner, DemoMerchants.sme.name);
    await owner.goto('/portal/app/business-page');
    await owner.getByRole('link', { name: PAGE_NAME }).click();
    await owner.getByRole('tab', { name: tr('resources.business-page.tabs.badge-gamification') }).click();
    await expect(owner).toHaveURL(/\/business-page\/\d+\/badge-gamification$/);
    const table = owner.getByRole('table', { name: tr('resources.business-page.tabs.badge-gamification') });
    await expect(table.getByRole('row', { name: /Người đánh giá/ })).toContainText(tr(`${B}.ruleText.FIRST_REVIEW`));
    await expect(table.getByRole('row', { name: /Khách quen/ })).toContainText(tr(`${B}.ruleText.PAYMENTS`, { payments: 3, days: 30 }));

    // A rule with no payments is refused in the form; then created, edited and disabled.
    await owner.getByRole('button', { name: tr(`${B}.create`) }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByRole('textbox', { name: tr(`${B}.fields.name`) }).fill(name);
    await dialog.getByRole('spinbutton', { name: tr(`${B}.fields.minPayments`) }).fill('0');
    await dialog.getByRole('button', { name: tr(`${B}.save`) }).click();
    await expect(dialog.getByText(t('validation.badges.minPayments', {}, lng))).toBeVisible();
    await dialog.getByRole('spinbutton', { name: tr(`${B}.fields.minPayments`) }).fill('5');
    await dialog.getByRole('button', { name: tr(`${B}.save`) }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(tr(`${B}.ruleText.PAYMENTS`, { payments: 5, days: 30 }));
    await expect(row).toContainText(tr(`${B}.active`));
    await row.getByRole('button', { name: tr(`${B}.editOne`, { name }) }).click();
    await dialog.getByRole('spinbutton', { name: tr(`${B}.fields.windowDays`) }).fill('60');
    await dialog.getByRole('button', { name: tr(`${B}.save`) }).click();
    await expect(row).toContainText(tr(`${B}.ruleText.PAYMENTS`, { payments: 5, days: 60 }));
    await row.getByRole('button', { name: tr(`${B}.disableOne`, { name }) }).click();
    await expect(row).toContainText(tr(`${B}.disabled`));
    await expect(row.getByRole('button', { name: tr(`${B}.enableOne`, { name }) })).toBeVisible();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // The public page: seeded reviewers carry the first-review badge.
    const pub = lng === 'vi' ? viTexts.publicPage : enTexts.publicPage;
    await owner.goto(`/portal/p/ca_phe_song_han?lang=${lng}`);
    await expect(owner.getByRole('heading', { level: 2, name: pub.reviews })).toBeVisible();
    const badges = owner.locator('.reviews ul.badges').first();
    await expect(badges.getByRole('listitem').filter({ hasText: 'Người đánh giá' })).toBeVisible();
    await expect(badges).toHaveAttribute('aria-label', /.+/);
  });
}
