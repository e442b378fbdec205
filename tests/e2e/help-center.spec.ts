import { expect, test, type Browser } from '@playwright/test';
import { DemoUsers, sidebarName, t, type Lng, signedInPage, waitForQuiet } from './support';

const R = 'resources.help-center';
/** The seeded article about tickets, in each language (server/db/seed-help-center.ts). */
const TICKETS_ARTICLE = { vi: 'Đối soát kế toán: gửi yêu cầu hỗ trợ và thời hạn xử lý', en: 'Reconciliation accounting: support tickets and response times' };

const signedIn = (browser: Browser, username: string, lng: Lng, width = 1280) => signedInPage(browser, username, { lng, width });

for (const lng of ['vi', 'en'] as const) {
  test(`search without accents finds the reconciliation article; contact support opens a QUESTION ticket the operator sees (${lng})`, async ({ browser }) => {
    const page = await signedIn(browser, DemoUsers.accountant.username, lng);
    await expect(page).toHaveURL(/\/portal\/app\//);
    await waitForQuiet(page);
    // The menu entry of route code MERCHANT_HELP_CENTER (names come from the server, in Vietnamese here).
    if (lng === 'vi') {
      await page.getByRole('navigation', { name: t('portal.layout.navigation') }).getByRole('link', { name: sidebarName('MERCHANT_HELP_CENTER'), exact: true }).click();
    } else {
      await page.goto('/portal/app/help-center');
    }
    await expect(page).toHaveURL(/\/portal\/app\/help-center$/);
    await expect(page.locator('#react-admin-title')).toHaveText(t(`${R}.name`, {}, lng));
    // Every category is offered; without a search all articles are listed.
    const topics = page.getByRole('navigation', { name: t(`${R}.categoriesLabel`, {}, lng) });
    await expect(topics.getByRole('button', { name: new RegExp(`^${t(`${R}.categories.RECONCILIATION`, {}, lng)} \\(\\d+\\)$`) })).toBeVisible();
    await expect(page.getByTestId('help-article').first()).toBeVisible();

    await page.getByRole('searchbox', { name: t(`${R}.searchLabel`, {}, lng) }).fill('doi soat ke toan');
    await page.getByRole('button', { name: t(`${R}.searchButton`, {}, lng) }).click();
    await expect(page).toHaveURL(/\?q=doi\+soat\+ke\+toan$/);
    await expect(page.getByRole('heading', { name: t(`${R}.results`, {}, lng) })).toBeVisible();
    const hit = page.getByRole('link', { name: TICKETS_ARTICLE[lng], exact: true });
    await expect(hit).toBeVisible();
    // A search that matches nothing says so.
    await page.getByRole('searchbox', { name: t(`${R}.searchLabel`, {}, lng) }).fill('zzqxw');
    await page.keyboard.press('Enter');
    await expect(page.getByText(t(`${R}.empty`, {}, lng))).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\?q=doi\+soat\+ke\+toan$/);

    await page.getByRole('link', { name: TICKETS_ARTICLE[lng], exact: true }).click();
    await expect(page).toHaveURL(/\/portal\/app\/help-center\/\d+$/);
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1, name: TICKETS_ARTICLE[lng] })).toBeVisible();
    await expect(article.getByRole('listitem')).toHaveCount(4);
    const related = page.getByRole('region', { name: t(`${R}.related`, {}, lng) });
    await expect(related.getByRole('link')).toHaveCount(4);

    // Contact support: the ticket form opens prefilled with a QUESTION about this article.
    await page.getByRole('link', { name: t(`${R}.contactButton`, {}, lng) }).click();
    await expect(page).toHaveURL(/\/portal\/app\/reconciliation-accounting\/create\?category=QUESTION&subject=/);
    const subjectBox = page.getByRole('textbox', { name: t('portal.tickets.fields.subject', {}, lng) });
    const prefilled = t(`${R}.questionSubject`, { title: TICKETS_ARTICLE[lng] }, lng);
    await expect(subjectBox).toHaveValue(prefilled);
    await expect(page.getByRole('combobox', { name: t('portal.tickets.fields.category', {}, lng) })).toHaveText(t('portal.tickets.categories.QUESTION', {}, lng));
    const subject = `${prefilled} ${Date.now()}`;
    await subjectBox.fill(subject);
    await page.getByRole('textbox', { name: t('portal.tickets.fields.description', {}, lng) }).fill('Bao lâu thì bộ phận hỗ trợ trả lời câu hỏi chung?');
    await page.getByRole('button', { name: t('portal.tickets.submit', {}, lng) }).click();
    await expect(page).toHaveURL(/\/portal\/app\/reconciliation-accounting\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name: `#${id} · ${subject}` })).toBeVisible();

    // The operator's queue shows it as a general question.
    const ops = await signedIn(browser, DemoUsers.ops.username, lng);
    await expect(ops).toHaveURL(/\/portal\/ops\/tickets$/);
    const row = ops.getByTestId('ticket-row').filter({ hasText: `#${id}` });
    await expect(row.getByRole('link', { name: subject })).toBeVisible();
    await expect(row).toContainText(t('portal.tickets.categories.QUESTION', {}, lng));
    await expect(row.locator('[data-status="OPEN"]')).toBeVisible();
  });
}

test('at 360 px the help centre and an article fit the screen; an unknown article says so', async ({ browser }) => {
  const page = await signedIn(browser, DemoUsers.accountant.username, 'vi', 360);
  await expect(page).toHaveURL(/\/portal\/app\//);
  await waitForQuiet(page);
  await page.goto('/portal/app/help-center?category=RECONCILIATION');
  await expect(page.getByTestId('help-article').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByTestId('help-article').first().getByRole('link').click();
  await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: t(`${R}.contactButton`) })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/portal/app/help-center/999999');
  await expect(page.getByText(t(`${R}.notFound`))).toBeVisible();
});
