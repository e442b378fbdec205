import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import viApi from '../../src/i18n/vi/api.json' with { type: 'json' };
import viRa from '../../src/i18n/vi/ra.json' with { type: 'json' };
import { apiToken, chooseMerchant, DemoMerchants, DemoUsers, escapeRegExp, sidebarLink, signIn, t } from './support';

const PASSWORD = 'Staff@2025';
const SME = DemoMerchants.sme;
const usersApi = (merchantId: number) => `/api/authorization/v2/merchants/${merchantId}/users`;

/** react-admin's own Vietnamese labels (ra.json), which support.ts's t() does not cover. */
const raText = (key: 'create' | 'save') => viRa.ra.action[key];

let seq = 0;
/** Unique per test and per run: every test shares one server and database. */
const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-5)}${seq++}`;

async function apiPost(request: APIRequestContext, token: string, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

/** A wallet account that belongs to no merchant: created in one merchant, then removed from it. */
async function walletUserWithoutMerchant(request: APIRequestContext): Promise<string> {
  const owner = await apiToken(request, DemoUsers.owner.username);
  const username = uniqueName('wallet');
  const created = await apiPost(request, owner, usersApi(DemoMerchants.topBrand.id), {
    username,
    fullname: 'Khách Ví',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    role: 'MARKETING',
  });
  await apiPost(request, owner, `${usersApi(DemoMerchants.topBrand.id)}/${created.id}`, { reqType: 'remove' });
  return username;
}

/** A new wallet account signed up by SMS through the public API: its phone is verified by the code. */
async function signedUpBySms(request: APIRequestContext, phoneNumber: string, fullname: string): Promise<string> {
  const username = uniqueName('sms');
  const sent = await request.post('/api/onboarding/v1/sign-up', { data: { requestType: 'SEND_VERIFY_CODE', channel: 'SMS', phoneNumber } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { otpId } = (await sent.json()).data;
  const outbox = await request.get(`/api/demo/outbox?to=${phoneNumber}`);
  const otpCode = (await outbox.json()).data[0].code as string;
  const done = await request.post('/api/onboarding/v1/sign-up', {
    data: { requestType: 'SIGN_UP', username, fullname, phoneNumber, email: `${username}@example.vn`, password: PASSWORD, passwordConfirm: PASSWORD, channel: 'SMS', otpId, otpCode },
  });
  expect(done.ok(), await done.text()).toBe(true);
  return username;
}

async function ownerOnSme(page: Page) {
  await signIn(page, DemoUsers.owner.username);
  await chooseMerchant(page, SME.name);
  await expect(page).toHaveURL(/\/portal\/app\/welcome/);
}

async function pickRole(page: Page, role: string) {
  await page.getByRole('combobox', { name: t('resources.users.fields.role') }).click();
  await page.getByRole('option', { name: t(`resources.users.roles.${role}`), exact: true }).click();
}

/** The users list filtered to one username, as a manager sees it. */
async function searchUser(page: Page, username: string) {
  await page.goto('/portal/app/user-management');
  await page.getByRole('textbox', { name: t('resources.users.filters.keyword') }).fill(username);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('user management', () => {
  test('the owner creates a cashier for one store, who then sees only that store', async ({ page, request }) => {
    const username = uniqueName('cashier');
    await ownerOnSme(page);
    await (await sidebarLink(page, 'MERCHANT_USER_MANAGEMENT', 'MERCHANT_ACCOUNT_MANAGEMENT')).click();
    await expect(page).toHaveURL(/\/portal\/app\/user-management/);
    await page.getByRole('link', { name: raText('create') }).click();
    await expect(page).toHaveURL(/\/portal\/app\/user-management\/create/);

    // The role picker offers the two §6 groups and never a non-assignable role.
    await page.getByRole('combobox', { name: t('resources.users.fields.role') }).click();
    await expect(page.getByText(t('resources.users.roleGroups.common'))).toBeVisible();
    await expect(page.getByText(t('resources.users.roleGroups.advanced'))).toBeVisible();
    await expect(page.getByRole('option', { name: t('resources.users.roles.MERCHANT_OWNER'), exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Each field shows its §5 message.
    await page.getByLabel(t('resources.users.fields.username')).fill('abc');
    await page.getByLabel(t('resources.users.fields.password'), { exact: true }).fill('weak');
    await page.getByRole('button', { name: raText('save') }).click();
    await expect(page.getByText(t('validation.username'))).toBeVisible();
    await expect(page.getByText(t('validation.password'))).toBeVisible();

    await page.getByLabel(t('resources.users.fields.username')).fill(username);
    await page.getByLabel(t('resources.users.fields.fullname')).fill('Thu Ngân Mới');
    await page.getByLabel(t('resources.users.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('resources.users.fields.passwordConfirm')).fill('Other@2025');
    await pickRole(page, 'STORE_CASHIER');
    await page.getByRole('button', { name: raText('save') }).click();
    await expect(page.getByText(t('validation.passwordConfirm'))).toBeVisible();
    await page.getByLabel(t('resources.users.fields.passwordConfirm')).fill(PASSWORD);
    // A store role needs a store.
    await expect(page.getByText(t('validation.required')).first()).toBeVisible();
    await page.getByRole('combobox', { name: t('resources.users.fields.storeList'), exact: true }).click();
    const firstStore = page.getByRole('option').first();
    const storeName = (await firstStore.textContent())!.trim();
    await firstStore.click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: raText('save') }).click();
    await expect(page).toHaveURL(/\/portal\/app\/user-management(\?|$)/);

    const row = await searchUser(page, username);
    await expect(row).toContainText(t('resources.users.roles.STORE_CASHIER'));
    await expect(row).toContainText(storeName);
    await expect(row).toContainText(t('resources.users.status.ACTIVE'));

    // Sign out, sign in as the new cashier.
    await page.getByRole('button', { name: t('portal.layout.accountOf', { name: DemoUsers.owner.name }) }).click();
    await page.getByRole('menuitem', { name: t('portal.common.logout') }).click();
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
    await signIn(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
    await expect(await sidebarLink(page, 'MERCHANT_STORES_OFFLINE', 'MERCHANT_ACCOUNT_MANAGEMENT')).toHaveCount(0);
    await expect(await sidebarLink(page, 'MERCHANT_USER_MANAGEMENT', 'MERCHANT_ACCOUNT_MANAGEMENT')).toHaveCount(0);
    await page.goto('/portal/app/user-management');
    await expect(page.getByRole('heading', { name: t('portal.accessDenied.title') })).toBeVisible();

    // The server scopes store data to the assigned store.
    const token = await apiToken(request, username, PASSWORD);
    const stores = await request.get(`/api/profile/v2/merchants/${SME.id}/stores`, { headers: { authorization: `Bearer ${token}` } });
    expect((await stores.json()).data.content.map((s: { storeName: string }) => s.storeName)).toEqual([storeName]);
    expect((await request.get(`${usersApi(SME.id)}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
  });

  test('an invited wallet user accepts; the list shows the §4 status texts', async ({ page, browser, request }) => {
    test.setTimeout(90_000);
    const invitee = await walletUserWithoutMerchant(request);
    const decliner = await walletUserWithoutMerchant(request);
    await ownerOnSme(page);

    // A phone no account verified: the form says why, next to the field.
    await page.goto('/portal/app/user-management/create');
    await page.getByRole('button', { name: t('resources.users.mode.invite') }).click();
    await expect(page.getByText(t('resources.users.invite.verifiedPhone'))).toBeVisible();
    await page.getByLabel(t('resources.users.fields.account')).fill('0399000333');
    await pickRole(page, 'MARKETING');
    await page.getByRole('button', { name: t('resources.users.invite.send') }).click();
    // Whose wallet it is is asked before the confirm: nobody's, so no confirm, and the reason by the field.
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(viApi.users.contactNotVerified);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    for (const account of [invitee, decliner]) {
      await page.goto('/portal/app/user-management/create');
      await page.getByRole('button', { name: t('resources.users.mode.invite') }).click();
      await page.getByLabel(t('resources.users.fields.account')).fill(account);
      await pickRole(page, 'MARKETING');
      await page.getByRole('button', { name: t('resources.users.invite.send') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Bạn xác nhận sẽ gửi lời mời đến nhân viên này?');
      // The holder's name, masked: "Khách Ví" → "K••• Ví".
      await expect(dialog.getByTestId('invite-holder')).toHaveText('Chủ tài khoản ví: K••• Ví');
      await dialog.getByRole('button', { name: t('portal.confirm.confirm') }).click();
      await expect(page).toHaveURL(/\/portal\/app\/user-management(\?|$)/);
    }
    // A waiting invitee is pending, not active.
    const waiting = await searchUser(page, invitee);
    await expect(waiting).toContainText(t('resources.users.invitationStatus.WAITING'));
    await expect(waiting).toContainText('Chờ tham gia');
    await expect(waiting).not.toContainText(t('resources.users.status.ACTIVE'));
    await waiting.click();
    await expect(page).toHaveURL(/\/portal\/app\/user-management\/user\/\d+$/);
    await expect(page.getByRole('main').locator('[data-status]')).toHaveText('Chờ tham gia');

    // The invitee belongs to no merchant yet: the invitation waits on the choose-merchant page.
    const inviteeContext = await browser.newContext();
    const inviteePage = await inviteeContext.newPage();
    await signIn(inviteePage, invitee, PASSWORD);
    const invitations = inviteePage.getByRole('list', { name: t('portal.invitations.title') });
    await expect(invitations).toContainText(SME.name);
    await invitations.getByRole('button', { name: t('portal.invitations.accept') }).click();
    // Accepting makes SME their only merchant, which is chosen for them.
    await expect(inviteePage).toHaveURL(/\/portal\/app\/welcome$/);
    await inviteeContext.close();

    const declinerContext = await browser.newContext();
    const declinerPage = await declinerContext.newPage();
    await signIn(declinerPage, decliner, PASSWORD);
    await declinerPage.getByRole('list', { name: t('portal.invitations.title') }).getByRole('button', { name: t('portal.invitations.reject') }).click();
    await expect(declinerPage.getByRole('list', { name: t('portal.invitations.title') })).toHaveCount(0);
    await declinerContext.close();

    const accepted = await searchUser(page, invitee);
    await expect(accepted).toContainText(t('resources.users.status.ACTIVE'));
    for (const key of ['WAITING', 'EXPIRED', 'REJECT']) await expect(accepted).not.toContainText(t(`resources.users.invitationStatus.${key}`));
    await expect(await searchUser(page, decliner)).toContainText(t('resources.users.invitationStatus.REJECT'));

    // The seeded invitations show the other §4 texts.
    await page.goto('/portal/app/user-management?perPage=100');
    await expect(page.getByText(t('resources.users.invitationStatus.EXPIRED'), { exact: true }).first()).toBeVisible();
    await expect(page.getByText(t('resources.users.invitationStatus.WAITING'), { exact: true }).first()).toBeVisible();
  });

  test('the owner removes a user after the confirm dialog; the audit trail is on the detail page', async ({ page, request }) => {
    const owner = await apiToken(request, DemoUsers.owner.username);
    const username = uniqueName('leaver');
    const created = await apiPost(request, owner, usersApi(SME.id), {
      username,
      fullname: 'Người Nghỉ Việc',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      role: 'MARKETING',
    });
    await ownerOnSme(page);
    await (await searchUser(page, username)).click();
    await expect(page).toHaveURL(new RegExp(`/portal/app/user-management/user/${created.id}$`));
    const audit = page.getByRole('table', { name: t('resources.users.audit.title') });
    await expect(audit).toContainText(t('resources.users.audit.actions.CREATE'));
    await expect(audit).toContainText(DemoUsers.owner.username);

    await page.getByRole('button', { name: t('resources.users.actions.remove') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Vui lòng xác nhận');
    await expect(dialog).toContainText(t('portal.confirm.content'));
    // Cancelling keeps the user.
    await dialog.getByRole('button', { name: t('portal.confirm.cancel') }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: t('resources.users.actions.remove') }).click();
    await page.getByRole('dialog').getByRole('button', { name: t('portal.confirm.confirm') }).click();
    await expect(page.getByText(t('resources.users.notifications.remove'))).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/app\/user-management(\?|$)/);

    await page.getByRole('textbox', { name: t('resources.users.filters.keyword') }).fill(username);
    await expect(page.getByRole('row').filter({ hasText: new RegExp(escapeRegExp(username)) })).toHaveCount(0);
    const detail = await request.get(`${usersApi(SME.id)}/${created.id}`, { headers: { authorization: `Bearer ${owner}` } });
    expect(detail.status()).toBe(404);
  });

  test('invites by a phone typed with +84 and spaces: the holder shows masked before the confirm; titles read naturally', async ({ page, request }) => {
    test.setTimeout(90_000);
    const phone = `03${String(Date.now()).slice(-8)}`;
    const username = await signedUpBySms(request, phone, 'Đinh Thị Thu Trang');
    await ownerOnSme(page);
    await page.goto('/portal/app/user-management/create');
    const title = page.locator('#react-admin-title');
    await expect(title).toHaveText('Thêm người dùng');
    await page.getByRole('button', { name: t('resources.users.mode.invite') }).click();
    await expect(title).toHaveText('Mời người dùng');
    // The send button carries a send icon, not the save disk.
    const send = page.getByRole('button', { name: t('resources.users.invite.send') });
    await expect(send.getByTestId('send-icon')).toHaveCount(1);
    await expect(send.locator('svg')).toHaveCount(1);

    await page.getByLabel(t('resources.users.fields.account')).fill(`+84 ${phone.slice(1, 4)} ${phone.slice(4, 7)}.${phone.slice(7)}`);
    await pickRole(page, 'MARKETING');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/users/invitations')) posts.push(new URL(r.url()).pathname.replace(/.*\/users\//, ''));
    });
    // A double click on "Gửi lời mời" opens the confirm once, and it stays open.
    await send.dblclick();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('invite-holder')).toHaveText(`Chủ tài khoản ví: Đ••• T••• T••• Trang (${phone.slice(0, 4)}•••${phone.slice(-3)})`);
    await page.waitForTimeout(500);
    await expect(dialog).toBeVisible();
    // A double click on "Xác nhận" sends one invitation.
    await dialog.getByRole('button', { name: t('portal.confirm.confirm') }).dblclick();
    await expect(page).toHaveURL(/\/portal\/app\/user-management(\?|$)/);
    // The success toast is green (success), not info blue.
    await expect(page.locator('.MuiAlert-filledSuccess', { hasText: t('resources.users.notifications.invited') })).toBeVisible();
    expect(posts.filter((p) => p === 'invitations')).toHaveLength(1);
    expect(posts.filter((p) => p === 'invitations/holder').length).toBeGreaterThanOrEqual(1);
    const row = await searchUser(page, username);
    await expect(row).toContainText('Chờ tham gia');
  });

  test('double-clicking Save creates one user; the saved toast is green; a double-clicked confirm removes once', async ({ page }) => {
    test.setTimeout(90_000);
    const username = uniqueName('dbl');
    await ownerOnSme(page);
    await page.goto('/portal/app/user-management/create');
    await page.getByLabel(t('resources.users.fields.username')).fill(username);
    await page.getByLabel(t('resources.users.fields.fullname')).fill('Nhấn Hai Lần');
    await page.getByLabel(t('resources.users.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('resources.users.fields.passwordConfirm')).fill(PASSWORD);
    await pickRole(page, 'MARKETING');
    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/users$/.test(new URL(r.url()).pathname)) creates.push(r.url());
    });
    await page.getByRole('button', { name: raText('save') }).dblclick();
    await expect(page).toHaveURL(/\/portal\/app\/user-management(\?|$)/);
    await expect(page.locator('.MuiAlert-filledSuccess')).toBeVisible();
    await expect(page.locator('.MuiAlert-filledInfo')).toHaveCount(0);
    expect(creates).toHaveLength(1);

    await (await searchUser(page, username)).click();
    await expect(page.locator('#react-admin-title')).toHaveText(`Người dùng ${username}`);
    const changes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/users\/\d+$/.test(new URL(r.url()).pathname)) changes.push(r.postData() ?? '');
    });
    await page.getByRole('button', { name: t('resources.users.actions.deactivate') }).dblclick();
    const dialog = page.getByRole('dialog');
    await page.waitForTimeout(500);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t('portal.confirm.confirm') }).dblclick();
    await expect(page.getByText(t('resources.users.notifications.deactivate'))).toBeVisible();
    expect(changes).toHaveLength(1);
    expect(JSON.parse(changes[0])).toEqual({ reqType: 'deactivate' });
  });
});
