/**
 * Issue 18, live chat (agent side): the demo customer writes to the SME's page through the public page's
 * chat API; the owner (page admin of every page) opens messages-management, the page's inbox and the
 * conversation, sees a second message arrive live over the websocket without a reload, answers, and
 * sends a picture, and the customer reads both. In Vietnamese and in English; at 360 px nothing scrolls sideways.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { chooseMerchant, DemoMerchants, signIn, t, type Lng } from './support';

const R = 'resources.messages-management';
const SLUG = 'ca_phe_song_han';
const NAME = 'Cà Phê Sông Hàn';
const CUSTOMER = 'Nguyễn Minh Khách';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

async function ownerIn(browser: Browser, lng: Lng, width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
  await signIn(page, 'owner_demo');
  await page.waitForURL((url) => !url.pathname.includes('/auth/login'));
  if (lng === 'en') await page.evaluate(() => localStorage.setItem('langKey', 'en'));
  await chooseMerchant(page, DemoMerchants.sme.name);
  return page;
}

async function customerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/public/customer-sessions', { data: { username: 'customer_demo', password: 'Demo@1234' } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token as string;
}

async function customerSays(request: APIRequestContext, token: string, body: string) {
  const res = await request.post(`/api/public/pages/${SLUG}/chat/messages`, { data: { body }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
}

for (const lng of ['vi', 'en'] as const) {
  test(`an agent answers the demo customer live from the inbox (${lng})`, async ({ browser, request }) => {
    const tr = (key: string, vars: Record<string, string | number> = {}) => t(key, vars, lng);
    const stamp = `${lng}-${Date.now()}`;
    const token = await customerToken(request);
    await customerSays(request, token, `Xin chào shop ${stamp}`);

    const owner = await ownerIn(browser, lng);
    await owner.goto('/portal/app/messages-management');
    await owner.getByRole('link', { name: `${tr(`${R}.openInbox`)} ${NAME}` }).click();
    await expect(owner).toHaveURL(/\/portal\/app\/messages-management\/\d+\/client$/);
    await expect(owner.getByText(tr(`${R}.live.live`))).toBeVisible();
    await owner.getByRole('list', { name: tr('resources.messages-client.name') }).getByRole('link', { name: new RegExp(CUSTOMER) }).first().click();
    await expect(owner).toHaveURL(/\/client\/\d+$/);
    const log = owner.getByRole('log', { name: tr('resources.messages-conversation.name') });
    await expect(log.getByText(`Xin chào shop ${stamp}`)).toBeVisible();

    // A second message arrives without a reload.
    await customerSays(request, token, `Còn bàn trống không ${stamp}?`);
    await expect(log.getByText(`Còn bàn trống không ${stamp}?`)).toBeVisible();

    await owner.getByLabel(tr(`${R}.message`)).fill(`Dạ còn ạ ${stamp}`);
    await owner.getByRole('button', { name: tr(`${R}.send`) }).click();
    await expect(owner.getByLabel(tr(`${R}.message`))).toHaveValue('');
    await expect(log.getByText(`Dạ còn ạ ${stamp}`)).toBeVisible();

    // A picture, checked by its content on the server, shown in the conversation.
    await owner.getByLabel(tr(`${R}.attach`)).setInputFiles({ name: `menu-${stamp}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(log.getByRole('img', { name: `menu-${stamp}.png` })).toBeVisible();

    const history = await request.get(`/api/public/pages/${SLUG}/chat/messages`, { headers: { authorization: `Bearer ${token}` } });
    const bodies = ((await history.json()).data.content as { body: string }[]).map((m) => m.body);
    // Other tests write to the same demo customer's chat at the same time: only this test's messages, newest first.
    expect(bodies.filter((b) => b.includes(stamp)).slice(0, 2)).toEqual([`menu-${stamp}.png`, `Dạ còn ạ ${stamp}`]);
    await owner.context().close();
  });
}

test('the inbox fits 360 px', async ({ browser, request }) => {
  const token = await customerToken(request);
  await customerSays(request, token, 'Kiểm tra màn hình hẹp');
  const owner = await ownerIn(browser, 'vi', 360);
  await owner.goto('/portal/app/messages-management');
  await owner.getByRole('link', { name: `${t(`${R}.openInbox`)} ${NAME}` }).click();
  await owner.getByRole('list', { name: t('resources.messages-client.name') }).getByRole('link', { name: new RegExp(CUSTOMER) }).first().click();
  await expect(owner.getByRole('log', { name: t('resources.messages-conversation.name') }).getByText('Kiểm tra màn hình hẹp').last()).toBeVisible();
  const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await owner.context().close();
});
