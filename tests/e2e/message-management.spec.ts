/**
 * Issue 18, message management: the owner (page admin of every page) creates a tag in tag-management,
 * puts it on the demo customer's conversation and filters the inbox by it; creates a chat template (with
 * its live preview) and uses it as a quick reply with ${name} filled for the customer; sets an FAQ entry
 * that the customer picks in the public page's chat widget, and both sides see the page's answer arrive.
 * In Vietnamese, with one English check.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import publicTexts from '../../src/i18n/vi/publicPage.json' with { type: 'json' };
import { chooseMerchant, DemoMerchants, escapeRegExp, signedInPage, t, waitForQuiet, type Lng } from './support';

const R = 'resources.messages-management';
const M = 'resources.message-management';
const T = 'resources.messages-tag-management';
const SLUG = 'ca_phe_song_han';
const NAME = 'Cà Phê Sông Hàn';
const CUSTOMER = 'Nguyễn Minh Khách';

async function ownerIn(browser: Parameters<typeof signedInPage>[0], lng: Lng): Promise<Page> {
  const page = await signedInPage(browser, 'owner_demo', { lng, reload: false });
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

/** Opens the page's inbox and the demo customer's conversation; returns the conversation's message log. */
async function openConversation(owner: Page, lng: Lng = 'vi') {
  await owner.goto('/portal/app/messages-management');
  await owner.getByRole('link', { name: `${t(`${R}.openInbox`, {}, lng)} ${NAME}` }).click();
  await expect(owner).toHaveURL(/\/messages-management\/\d+\/client$/);
  await owner.getByRole('list', { name: t('resources.messages-client.name', {}, lng) }).getByRole('link', { name: new RegExp(CUSTOMER) }).first().click();
  await expect(owner).toHaveURL(/\/client\/\d+$/);
  return owner.getByRole('log', { name: t('resources.messages-conversation.name', {}, lng) });
}

async function pick(owner: Page, label: string, option: string) {
  // A select is named by its label and then its current value.
  await owner.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) }).click();
  await owner.getByRole('option', { name: option, exact: true }).click();
}

test('a tag put on a conversation filters the inbox; a template is a quick reply with the customer’s name (vi)', async ({ browser, request }) => {
  // Three screens and the inbox twice: more than the default budget on a loaded machine.
  test.slow();
  const stamp = `${Date.now() % 1_000_000}`;
  const tag = `VIP ${stamp}`;
  const token = await customerToken(request);
  await customerSays(request, token, `Cho mình đặt bàn ${stamp}`);
  const owner = await ownerIn(browser, 'vi');

  // tag-management: create a tag with a colour of the palette.
  await owner.goto('/portal/app/messages-management');
  await owner.getByRole('link', { name: `${t(`${R}.openTags`)} ${NAME}` }).click();
  await expect(owner).toHaveURL(/\/messages-management\/\d+\/tag-management$/);
  const create = owner.getByRole('form', { name: t(`${T}.create`) });
  await create.getByLabel(t(`${T}.fields.name`)).fill(tag);
  await pick(owner, t(`${T}.fields.color`), t(`${T}.colors.cc62828`));
  await create.getByRole('button', { name: t(`${T}.create`) }).click();
  const table = owner.getByRole('table', { name: t(`${T}.name`) });
  await expect(table.getByRole('row', { name: new RegExp(tag) })).toContainText('0');

  // The conversation: put the tag on the customer; the inbox filtered by it shows the conversation.
  const log = await openConversation(owner);
  await expect(log.getByText(`Cho mình đặt bàn ${stamp}`)).toBeVisible();
  await pick(owner, t(`${T}.add`), tag);
  await expect(owner.getByTestId('conversation-tags').getByText(tag)).toBeVisible();
  await pick(owner, t(`${T}.filter`), tag);
  const list = owner.getByRole('list', { name: t('resources.messages-client.name') });
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link', { name: new RegExp(CUSTOMER) })).toContainText(tag);
  // The filter is in the address: a reload, or the link sent to a colleague, opens the same filtered
  // inbox, and opening a conversation from it keeps the filter.
  await expect(owner).toHaveURL(/\/client\/\d+\?tagId=\d+$/);
  await owner.reload();
  await expect(owner.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(t(`${T}.filter`))}.*${escapeRegExp(tag)}`) })).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link', { name: new RegExp(CUSTOMER) })).toHaveAttribute('href', /\/client\/\d+\?tagId=\d+$/);

  // message-management: a chat template with a live preview for the sample customer.
  await owner.goto('/portal/app/message-management');
  await owner.getByRole('link', { name: `${t(`${M}.openTemplates`)} ${NAME}` }).click();
  await owner.getByRole('link', { name: t(`${M}.templates.create`) }).click();
  await expect(owner).toHaveURL(/\/message-management\/\d+\/chat-template\/create$/);
  await owner.getByLabel(t(`${M}.templates.fields.title`)).fill(`Chào bàn ${stamp}`);
  await owner.getByLabel(t(`${M}.templates.fields.shortcut`)).fill(`ban-${stamp}`);
  await owner.getByLabel(t(`${M}.templates.fields.text`)).fill(`Chào \${name}, ${NAME} đã giữ bàn ${stamp}.`);
  await expect(owner.getByTestId('template-preview')).toHaveText(`Chào Nguyễn Văn An, ${NAME} đã giữ bàn ${stamp}.`);
  await owner.getByRole('button', { name: t(`${M}.save`) }).click();
  await expect(owner).toHaveURL(/\/chat-template$/);
  await expect(owner.getByRole('table', { name: t('resources.message-chat-templates.name') })).toContainText(`/ban-${stamp}`);

  // The quick reply fills ${name} with the conversation's customer.
  const again = await openConversation(owner);
  await owner.getByRole('button', { name: t(`${R}.quickReplies.open`) }).click();
  await owner.getByRole('menuitem', { name: new RegExp(`Chào bàn ${stamp}`) }).click();
  await expect(owner.getByLabel(t(`${R}.message`))).toHaveValue(`Chào ${CUSTOMER}, ${NAME} đã giữ bàn ${stamp}.`);
  await owner.getByRole('button', { name: t(`${R}.send`), exact: true }).click();
  await expect(again.getByText(`Chào ${CUSTOMER}, ${NAME} đã giữ bàn ${stamp}.`)).toBeVisible();
  const history = await request.get(`/api/public/pages/${SLUG}/chat/messages`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await history.json()).data.content as { body: string }[])[0]!.body).toBe(`Chào ${CUSTOMER}, ${NAME} đã giữ bàn ${stamp}.`);
  await owner.context().close();
});

test('an FAQ entry picked by the customer in the chat widget is answered by the page, in both conversations (vi)', async ({ browser }) => {
  const stamp = `${Date.now() % 1_000_000}`;
  const question = `Có chỗ đỗ xe máy không ${stamp}?`;
  const owner = await ownerIn(browser, 'vi');
  await owner.goto('/portal/app/message-management');
  await owner.getByRole('link', { name: `${t(`${M}.openFaqChannel`)} ${NAME}` }).click();
  await expect(owner).toHaveURL(/\/setting-faq-channel$/);
  const add = owner.getByRole('form', { name: t(`${M}.faq.add`) });
  await add.getByLabel(t(`${M}.faq.question`)).fill(question);
  await add.getByLabel(t(`${M}.faq.answer`)).fill(`Dạ \${name}, ${NAME} có chỗ đỗ xe miễn phí (${stamp}).`);
  await add.getByRole('button', { name: t(`${M}.faq.add`) }).click();
  await expect(owner.getByText(question)).toBeVisible();

  // The customer opens the chat on the public page: the FAQ questions are there; picking one sends it and the page answers.
  const pub = publicTexts.publicPage;
  const customer = await (await browser.newContext()).newPage();
  await customer.goto(`/portal/p/${SLUG}?lang=vi`);
  await customer.getByLabel(pub.username).fill('customer_demo');
  await customer.getByLabel(pub.password).fill('Demo@1234');
  await customer.getByLabel(pub.password).press('Enter');
  const chat = customer.getByRole('region', { name: pub.chat.title.replace('{{name}}', NAME) });
  await chat.getByRole('button', { name: pub.chat.open }).click();
  await expect(chat.getByTestId('chat-status')).toHaveText(pub.chat.status.live);
  await chat.getByRole('list', { name: pub.chatMenu.faq }).getByRole('button', { name: question }).click();
  const customerLog = chat.getByRole('log', { name: pub.chat.log.replace('{{name}}', NAME) });
  await expect(customerLog.getByText(question)).toBeVisible();
  await expect(customerLog.getByText(`Dạ ${CUSTOMER}, ${NAME} có chỗ đỗ xe miễn phí (${stamp}).`)).toBeVisible();
  await customer.context().close();

  const log = await openConversation(owner);
  await expect(log.getByText(question)).toBeVisible();
  await expect(log.getByText(`Dạ ${CUSTOMER}, ${NAME} có chỗ đỗ xe miễn phí (${stamp}).`)).toBeVisible();
  await owner.context().close();
});

test('tag management and the template form speak English, with the placeholder rule', async ({ browser }) => {
  const owner = await ownerIn(browser, 'en');
  await owner.goto('/portal/app/message-management');
  await waitForQuiet(owner);
  await owner.getByRole('link', { name: `${t(`${M}.openTemplates`, {}, 'en')} ${NAME}` }).click();
  await owner.getByRole('link', { name: t(`${M}.templates.create`, {}, 'en') }).click();
  await owner.getByLabel(t(`${M}.templates.fields.text`, {}, 'en')).fill('Hello ${customer}');
  await expect(owner.getByText(t('validation.templateUnknownPlaceholder', { names: 'customer' }, 'en'))).toBeVisible();
  await expect(owner.getByRole('heading', { level: 1, name: new RegExp(t('resources.message-chat-template-create.name', {}, 'en')) })).toBeVisible();
  await owner.context().close();
});
