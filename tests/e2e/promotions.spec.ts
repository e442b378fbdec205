import { expect, test, type Page } from '@playwright/test';
import { DemoUsers, signIn, t } from './support';
import viRa from '../../src/i18n/vi/ra.json' with { type: 'json' };
import { formatDay, vietnamToday } from '../../src/domain/time';

const DAY_MS = 86_400_000;
const day = (days: number) => vietnamToday(new Date(Date.now() + days * DAY_MS));

/** A date field reads and takes DD/MM/YYYY (§9): typed section by section, day first. */
async function typeDay(page: Page, label: string, isoDay: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(formatDay(isoDay).replaceAll('/', ''));
}
/** DD/MM/YYYY, as the portal shows dates. */
const shown = (iso: string) => iso.split('-').reverse().join('/');

async function otherOwner(page: Page) {
  // other_owner_demo has one merchant (Hải Sản Hạ Long), chosen automatically, with PROMOTION active.
  await signIn(page, DemoUsers.otherOwner.username);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
}

test.describe('promotion campaigns', () => {
  test('lists campaigns over pages, filters by status, opens a campaign and a gift with its counts', async ({ page }) => {
    await otherOwner(page);
    await page.goto('/portal/app/services/promotion/my-campaigns');
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(21); // header + 20
    const nav = viRa.ra.navigation;
    await expect(page.getByText(nav.page_range_info.replace('{{offsetBegin, number}}', '1').replace('{{offsetEnd, number}}', '20').replace('{{total, number}}', '27'))).toBeVisible();
    await page.getByRole('button', { name: nav.next }).click();
    await expect(rows).toHaveCount(8);

    await page.getByRole('combobox', { name: t('resources.promotions.fields.status') }).click();
    await page.getByRole('option', { name: t('resources.promotions.status.ENDED'), exact: true }).click();
    await expect(page).toHaveURL(/status/);
    // Wait until the filtered page replaced the unfiltered one: no other status left.
    for (const status of ['UPCOMING', 'RUNNING', 'CANCELLED']) {
      await expect(page.getByRole('row').filter({ hasText: t(`resources.promotions.status.${status}`) })).toHaveCount(0);
    }
    const ended = page.getByRole('row').nth(1);
    await expect(ended).toContainText(t('resources.promotions.status.ENDED'));
    const code = (await ended.getByRole('cell').first().textContent())!.trim();
    await page.getByRole('cell', { name: code, exact: true }).click();

    await expect(page).toHaveURL(/\/my-campaigns\/\d+$/);
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    const gifts = page.getByRole('table', { name: t('resources.promotions.gifts.title') });
    await expect(gifts).toBeVisible();
    const giftLink = gifts.getByRole('link').first();
    await expect(giftLink).toBeVisible();
    const giftCode = (await giftLink.textContent())!.trim();
    await giftLink.click();

    await expect(page).toHaveURL(/\/my-campaigns\/\d+\/gift\/\d+$/);
    const counts = page.getByRole('table', { name: t('resources.promotion-gifts.counts') });
    for (const key of ['quantity', 'issuedCount', 'redeemedCount', 'remainingCount', 'redemptionRate']) {
      await expect(counts.getByRole('rowheader', { name: t(`resources.promotions.gifts.fields.${key}`) })).toBeVisible();
    }
    await expect(page.getByText(giftCode, { exact: false }).first()).toBeVisible();
    await page.getByRole('link', { name: t('resources.promotion-gifts.backToCampaign') }).click();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
  });

  test('creating a campaign refuses bad dates and a short budget, then creates it with its gifts', async ({ page }) => {
    await otherOwner(page);
    await page.goto('/portal/app/services/promotion/my-campaigns');
    await page.getByRole('link', { name: t('resources.promotions.actions.create') }).click();
    await expect(page).toHaveURL(/\/my-campaigns\/create$/);

    const name = `Khuyến mãi e2e ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: t('resources.promotions.fields.name') }).fill(name);
    await typeDay(page, t('resources.promotions.fields.startDate'), day(5));
    await typeDay(page, t('resources.promotions.fields.endDate'), day(2));
    await page.getByRole('spinbutton', { name: t('resources.promotions.fields.budget') }).fill('1000000');
    await page.getByRole('textbox', { name: t('resources.promotions.gifts.fields.name') }).fill('Giảm 20.000đ');
    await page.getByRole('spinbutton', { name: t('resources.promotions.gifts.fields.discountAmount') }).fill('20000');
    await page.getByRole('spinbutton', { name: t('resources.promotions.gifts.fields.quantity') }).fill('100');
    await page.getByRole('button', { name: t('resources.promotions.create.submit') }).click();

    await expect(page.getByText(t('validation.campaign.endBeforeStart'))).toBeVisible();
    await expect(page.getByText(t('validation.campaign.overBudget', { cost: 2000000 }))).toBeVisible();
    await expect(page).toHaveURL(/\/my-campaigns\/create$/);

    await typeDay(page, t('resources.promotions.fields.endDate'), day(20));
    await page.getByRole('spinbutton', { name: t('resources.promotions.fields.budget') }).fill('2000000');
    await page.getByRole('button', { name: t('resources.promotions.create.submit') }).click();

    await expect(page).toHaveURL(/\/my-campaigns\/\d+$/);
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByText(`${shown(day(5))} – ${shown(day(20))}`)).toBeVisible();
    await expect(page.getByText(t('resources.promotions.status.UPCOMING'))).toBeVisible();
    await expect(page.getByText('2.000.000 đ')).toBeVisible();
    await expect(page.getByRole('table', { name: t('resources.promotions.gifts.title') })).toContainText('Giảm 20.000đ');
  });
});
