/**
 * Issue 18, live chat between two browsers: the demo customer on the public page's chat widget and the
 * SME's owner (page admin) in the inbox chat with each other: text both ways live over the websocket,
 * typing both ways, read receipts both ways, a picture from the customer, a payment-link card from the
 * agent (picked in the inbox) that the customer sees and opens on the payer page. In Vietnamese, and a
 * check in English at 360 px with axe on the open widget.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import viTexts from '../../src/i18n/vi/publicPage.json' with { type: 'json' };
import enTexts from '../../src/i18n/en/publicPage.json' with { type: 'json' };
import { chooseMerchant, DemoMerchants, signedInPage, t, type Lng } from './support';

const R = 'resources.messages-management';
const SLUG = 'ca_phe_song_han';
const NAME = 'Cà Phê Sông Hàn';
const CUSTOMER = 'Nguyễn Minh Khách';
const LINK = 'Phí thành viên câu lạc bộ';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const TEXTS = { vi: viTexts.publicPage, en: enTexts.publicPage } as const;
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

/** The demo customer signed in on the public page, the chat opened and live. */
async function customerChat(browser: Browser, lng: Lng, width = 1280): Promise<Page> {
  const pub = TEXTS[lng];
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(`/portal/p/${SLUG}?lang=${lng}`);
  await page.getByLabel(pub.username).fill('customer_demo');
  await page.getByLabel(pub.password).fill('Demo@1234');
  await page.getByLabel(pub.password).press('Enter');
  const chat = page.getByRole('region', { name: fill(pub.chat.title, { name: NAME }) });
  await chat.getByRole('button', { name: pub.chat.open }).click();
  await expect(chat.getByRole('button', { name: pub.chat.close })).toHaveAttribute('aria-expanded', 'true');
  await expect(chat.getByTestId('chat-status')).toHaveText(pub.chat.status.live);
  return page;
}

async function customerSends(page: Page, lng: Lng, text: string) {
  const pub = TEXTS[lng];
  await page.getByLabel(pub.chat.message, { exact: true }).fill(text);
  await page.getByRole('button', { name: pub.chat.send, exact: true }).click();
  await expect(page.getByLabel(pub.chat.message, { exact: true })).toHaveValue('');
}

/**
 * Records each text a status line of `page` shows from now on. A message to the same chat (another test's
 * broadcast or answer to the demo customer) clears a typing line at once, so polling for it can miss it.
 */
async function recordStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
    const look = () =>
      document.querySelectorAll('[role="status"]').forEach((el) => {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      });
    new MutationObserver(look).observe(document.body, { childList: true, characterData: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { statusesSeen: string[] }).statusesSeen);
}

/** The owner in the page's inbox, the demo customer's conversation open. */
/** Chat sockets each agent page has opened: opening a conversation must keep the inbox's one. */
const chatSockets = new WeakMap<Page, number>();

async function agentInbox(browser: Browser, lng: Lng): Promise<Page> {
  const tr = (key: string) => t(key, {}, lng);
  const owner = await signedInPage(browser, 'owner_demo', { lng, reload: false });
  owner.on('websocket', (ws) => {
    if (ws.url().endsWith('/live-chat/ws')) chatSockets.set(owner, (chatSockets.get(owner) ?? 0) + 1);
  });
  await chooseMerchant(owner, DemoMerchants.sme.name);
  await owner.goto('/portal/app/messages-management');
  await owner.getByRole('link', { name: `${tr(`${R}.openInbox`)} ${NAME}` }).click();
  await expect(owner.getByText(tr(`${R}.live.live`))).toBeVisible();
  await owner.getByRole('list', { name: tr('resources.messages-client.name') }).getByRole('link', { name: new RegExp(CUSTOMER) }).first().click();
  await expect(owner).toHaveURL(/\/client\/\d+$/);
  return owner;
}

test('the customer on the public page and the agent in the inbox chat live: text, typing, receipts, a picture, a payment link (vi)', async ({ browser }) => {
  const pub = TEXTS.vi.chat;
  const tr = (key: string) => t(key);
  const stamp = `vi-${Date.now()}`;
  const customer = await customerChat(browser, 'vi');
  const customerLog = customer.getByRole('log', { name: fill(pub.log, { name: NAME }) });
  // The customer starts (or goes on with) the conversation, so it is in the inbox.
  await customerSends(customer, 'vi', `Chào quán ${stamp}`);
  await expect(customerLog.getByText(`Chào quán ${stamp}`)).toBeVisible();

  const owner = await agentInbox(browser, 'vi');
  const agentLog = owner.getByRole('log', { name: tr('resources.messages-conversation.name') });
  await expect(agentLog.getByText(`Chào quán ${stamp}`)).toBeVisible();
  // The agent has it on screen: the customer's message shows as seen.
  await expect(customerLog.getByTestId('chat-receipt')).toHaveText(pub.read);

  // The agent types: the customer sees it; the answer arrives live.
  const customerStatuses = await recordStatuses(customer);
  await owner.getByLabel(tr(`${R}.message`)).fill(`Dạ quán nghe ạ ${stamp}`);
  await expect.poll(customerStatuses, { timeout: 10_000 }).toContain(fill(pub.typing, { name: NAME }));
  await owner.getByRole('button', { name: tr(`${R}.send`), exact: true }).click();
  await expect(customerLog.getByText(`Dạ quán nghe ạ ${stamp}`)).toBeVisible();
  // The chat is open on the customer's screen: the agent's message shows as read.
  await expect(agentLog.getByText(new RegExp(`· ${tr(`${R}.read`)}$`))).toBeVisible();

  // The customer types: the agent sees it; the message arrives live and is seen at once.
  const agentStatuses = await recordStatuses(owner);
  await customer.getByLabel(pub.message, { exact: true }).fill(`Cho mình đặt bàn 7 giờ ${stamp}`);
  await expect.poll(agentStatuses, { timeout: 10_000 }).toContain(tr(`${R}.customerTyping`));
  await customer.getByLabel(pub.message, { exact: true }).press('Enter');
  await expect(agentLog.getByText(`Cho mình đặt bàn 7 giờ ${stamp}`)).toBeVisible();
  await expect(customerLog.getByTestId('chat-receipt')).toHaveText(pub.read);

  // A picture from the customer, checked by content on the server, shown on both sides.
  await customer.getByLabel(pub.attach).setInputFiles({ name: `ban-${stamp}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(customerLog.getByRole('img', { name: `ban-${stamp}.png` })).toBeVisible();
  await expect(agentLog.getByRole('img', { name: `ban-${stamp}.png` })).toBeVisible();
  // A fake picture is refused with the server's message; nothing is added.
  await customer.getByLabel(pub.attach).setInputFiles({ name: 'gia.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(customer.getByRole('alert').filter({ hasText: 'Nội dung tệp không đúng với loại tệp' })).toBeVisible();
  await expect(customerLog.getByRole('img', { name: 'gia.png' })).toHaveCount(0);

  // The agent picks a payment link (searched without accents) and sends it as a card.
  await owner.getByRole('button', { name: tr(`${R}.paymentLink.open`) }).click();
  const picker = owner.getByRole('dialog', { name: tr(`${R}.paymentLink.title`) });
  await picker.getByLabel(tr(`${R}.paymentLink.search`)).fill('cau lac bo');
  await picker.getByRole('button', { name: new RegExp(LINK) }).click();
  await expect(picker).toBeHidden();
  await expect(agentLog.getByText(LINK).last()).toBeVisible();
  const pay = customerLog.getByRole('link', { name: fill(pub.payLabel, { title: LINK }) }).last();
  await expect(pay).toBeVisible();
  await expect(customerLog.getByText('Số tiền: 300.000 đ').last()).toBeVisible();
  const [payer] = await Promise.all([customer.context().waitForEvent('page'), pay.click()]);
  await expect(payer).toHaveURL(/\/portal\/pay\/[A-Za-z0-9]{10}$/);
  await expect(payer.getByRole('heading', { level: 1, name: LINK })).toBeVisible();

  // The whole conversation ran on the socket the inbox opened (no reconnect when the conversation opened).
  expect(chatSockets.get(owner)).toBe(1);
  await owner.context().close();
  await customer.context().close();
});

test('the widget in English at 360 px: live answer, receipts, no sideways scroll, no axe violations', async ({ browser }) => {
  const pub = TEXTS.en.chat;
  const tr = (key: string) => t(key, {}, 'en');
  const stamp = `en-${Date.now()}`;
  const customer = await customerChat(browser, 'en', 360);
  const customerLog = customer.getByRole('log', { name: fill(pub.log, { name: NAME }) });
  await customerSends(customer, 'en', `Hello ${stamp}`);
  const owner = await agentInbox(browser, 'en');
  const agentLog = owner.getByRole('log', { name: tr('resources.messages-conversation.name') });
  await expect(agentLog.getByText(`Hello ${stamp}`)).toBeVisible();
  await expect(customerLog.getByTestId('chat-receipt')).toHaveText(pub.read);
  await owner.getByLabel(tr(`${R}.message`)).fill(`Hi there ${stamp}`);
  await owner.getByRole('button', { name: tr(`${R}.send`), exact: true }).click();
  await expect(customerLog.getByText(`Hi there ${stamp}`)).toBeVisible();
  await expect(customerLog.getByText(NAME).last()).toBeVisible();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page: customer }).include('#chat-panel').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await owner.context().close();
  await customer.context().close();
});
