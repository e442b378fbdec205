/**
 * Issue 18, customer care: the demo customer writes to the SME's page (so quiet hours never hold the
 * broadcast back) and is tagged with a tag of this run; the owner opens customer care, reads the page's
 * demographics (the tag's table row equals the API's figure), creates a broadcast to the tag with a live
 * count and a preview, sends it now, and the detail shows it sent; the customer has it in their chat with
 * the page, their name filled in. In Vietnamese and in English.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatNumber } from '../../src/domain/format';
import { chooseMerchant, DEMO_PASSWORD, DemoMerchants, DemoUsers, escapeRegExp, signedInPage, t, type Lng } from './support';

const R = 'resources.customer-care-management';
const SLUG = 'ca_phe_song_han';
const NAME = 'Cà Phê Sông Hàn';
const CUSTOMER = 'Nguyễn Minh Khách';
const SME = DemoMerchants.sme.id;
const api = (path: string) => `/api/businesspage/v3/merchants/${SME}${path}`;

async function tokenOf(request: APIRequestContext, url: string, username: string): Promise<string> {
  const res = await request.post(url, { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token as string;
}

/** The customer writes to the page; the owner tags them with a new tag. Returns the page id and the tag's name. */
async function tagTheCustomer(request: APIRequestContext, stamp: string) {
  const customer = await tokenOf(request, '/api/public/customer-sessions', 'customer_demo');
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  expect((await request.post(`/api/public/pages/${SLUG}/chat/messages`, { data: { body: `Shop ơi ${stamp}` }, headers: bearer(customer) })).status()).toBe(200);
  const { conversationId } = (await (await request.post(`/api/public/pages/${SLUG}/chat/token`, { headers: bearer(customer) })).json()).data;
  const owner = await tokenOf(request, '/api/authentication/v1/login', DemoUsers.owner.username);
  const pages = (await (await request.get(api('/customer-care/pages'), { headers: bearer(owner) })).json()).data as { id: number; slug: string }[];
  const pageId = pages.find((p) => p.slug === SLUG)!.id;
  const tagName = `Khách ${stamp}`;
  const tag = await request.post(api(`/pages/${pageId}/message-management/tags`), { data: { name: tagName, color: '#2e7d32' }, headers: bearer(owner) });
  expect(tag.status()).toBe(200);
  const tagged = await request.post(api(`/pages/${pageId}/message-management/conversations/${conversationId}/tags`), { data: { tagId: (await tag.json()).data.id }, headers: bearer(owner) });
  expect(tagged.status()).toBe(200);
  return { pageId, tagName, customer, owner };
}

/** Axe finds nothing serious, the window title names the screen's h1, and nothing scrolls sideways at 360 px. */
async function checkScreen(page: Page, where: string) {
  // The screen's lazy chunk may still be loading (no progressbar yet, no heading): judge the rendered screen.
  await expect(page.locator('h1').filter({ hasText: /\S/ }).first(), where).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const h1 = (await page.locator('h1').allTextContents()).map((h) => h.replace(/\s+/g, ' ').trim()).find(Boolean);
  expect(h1, where).toBeTruthy();
  expect(await page.title(), where).toContain(h1!);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${where} at 360 px` }).toBeLessThanOrEqual(1);
  await page.setViewportSize(size);
}

for (const lng of ['vi', 'en'] as Lng[]) {
  test(`demographics, then a broadcast to a tag reaches the customer's chat (${lng})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const tr = (key: string, vars: Record<string, string | number> = {}) => t(key, vars, lng);
    const stamp = `${lng}${Date.now().toString(36).slice(-5)}`;
    const { pageId, tagName, customer, owner } = await tagTheCustomer(request, stamp);
    const figures = (await (await request.get(api(`/pages/${pageId}/customer-care/demographics`), { headers: { authorization: `Bearer ${owner}` } })).json()).data;

    const page = await signedInPage(browser, DemoUsers.owner.username, { lng, reload: false });
    await chooseMerchant(page, DemoMerchants.sme.name);
    await page.goto('/portal/app/customer-care-management');
    await expect(page).toHaveURL(/\/portal\/app\/customer-care-management$/);
    await checkScreen(page, 'pages');
    await page.getByRole('link', { name: `${tr(`${R}.openDemographics`)} ${NAME}` }).click();
    await expect(page).toHaveURL(new RegExp(`/portal/app/customer-care-management/${pageId}/customer-demographic$`));
    await expect(page.getByTestId('demographics-total')).toHaveText(tr(`${R}.demographics.total`, { count: formatNumber(figures.total, lng) }));
    // The tag chart's table (shown with its toggle) has the run's tag with its one customer.
    const tagSection = page.getByRole('region', { name: tr(`${R}.demographics.dimensions.tag`) });
    await tagSection.getByRole('button', { name: tr('portal.common.showTable') }).click();
    const tagTable = tagSection.getByRole('table', { name: tr(`${R}.demographics.dimensions.tag`) });
    await expect(tagTable.getByRole('row', { name: new RegExp(`^${escapeRegExp(tagName)} 1 `) })).toBeVisible();
    await checkScreen(page, 'demographics');
    const genderTable = page.getByRole('region', { name: tr(`${R}.demographics.dimensions.gender`) }).getByRole('table');
    const female = figures.gender.find((g: { key: string | null }) => g.key === 'FEMALE');
    await expect(genderTable.getByRole('row', { name: new RegExp(`^${tr(`${R}.demographics.values.gender.FEMALE`)} ${escapeRegExp(formatNumber(female.count, lng))} `) })).toBeAttached();

    // A broadcast to the tag, sent now.
    await page.getByRole('tab', { name: tr('resources.care-broadcasts.name') }).click();
    await expect(page.getByRole('table', { name: tr('resources.care-broadcasts.name') })).toBeVisible();
    await checkScreen(page, 'broadcasts');
    await page.getByRole('link', { name: tr(`${R}.broadcasts.create`) }).click();
    await checkScreen(page, 'create');
    await page.getByRole('textbox', { name: tr(`${R}.create.name`) }).fill(`Ưu đãi ${stamp}`);
    await page.getByRole('checkbox', { name: tagName }).check();
    await expect(page.getByTestId('audience-count')).toHaveText(tr(`${R}.create.audienceCount`, { count: 1 }));
    await page.getByRole('textbox', { name: tr(`${R}.create.message`) }).fill(`Chào \${name}, ${stamp} từ \${page}`);
    await expect(page.getByTestId('broadcast-preview')).toHaveText(`Chào ${CUSTOMER}, ${stamp} từ ${NAME}`);
    await page.getByRole('button', { name: tr(`${R}.create.submitNow`) }).click();
    await expect(page).toHaveURL(new RegExp(`/customer-care-management/${pageId}/broadcast/\\d+$`));
    await expect(page.getByTestId('broadcast-name')).toHaveText(`Ưu đãi ${stamp}`);
    await expect(page.getByTestId('figure-sent')).toHaveText('1', { timeout: 20_000 });
    await expect(page.getByTestId('figure-audienceSize')).toHaveText('1');
    await expect(page.getByTestId('broadcast-status')).toHaveText(tr(`${R}.status.SENT`));
    await expect(page.getByRole('table', { name: tr(`${R}.detail.recipients`) }).getByRole('row', { name: new RegExp(`^${CUSTOMER} `) })).toContainText(tr(`${R}.recipientState.SENT`));
    await checkScreen(page, 'detail');

    // The customer has it in their conversation with the page.
    const history = await request.get(`/api/public/pages/${SLUG}/chat/messages`, { headers: { authorization: `Bearer ${customer}` } });
    // Found by this run's stamp: the live-chat tests write to the same customer's chat at the same time.
    const content = (await history.json()).data.content as { body: string; clientMessageId: string | null }[];
    const received = content.find((m) => m.body.includes(`${stamp} từ`));
    expect(received!.body.split('\n')[0]).toBe(`Chào ${CUSTOMER}, ${stamp} từ ${NAME}`);
    expect(received!.clientMessageId).toMatch(/^broadcast:\d+$/);
    await page.context().close();
  });
}
