import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_TEST_USERS, SECURE_DEMO_USER } from '../../server/db/seed-auth';
import { DEMO_PASSWORD, DemoUsers, signIn, t } from './support';
import { maskEmail } from '../../src/domain/masking';

/** The newest code the demo outbox holds for an address (what a user would read on the phone). */
async function codeFor(request: APIRequestContext, address: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/demo/outbox?to=${encodeURIComponent(address)}`);
      const first = (await res.json()).data[0] as { id: number; code: string } | undefined;
      code = first && first.id > after ? first.code : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

async function lastOutboxId(request: APIRequestContext, address: string): Promise<number> {
  const res = await request.get(`/api/demo/outbox?to=${encodeURIComponent(address)}`);
  return ((await res.json()).data[0]?.id as number | undefined) ?? 0;
}

const codeField = (page: Page) => page.getByRole('textbox', { name: t('portal.auth.otpCode') });
const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

test.describe('public ways in', () => {
  test('SMS login: phone → code → signed in, then the usual routing', async ({ page, request }) => {
    await page.goto('/portal/auth/login');
    await page.getByRole('link', { name: t('portal.auth.links.loginSms') }).click();
    await expect(page).toHaveURL(/\/portal\/auth\/login-sms$/);
    const phone = page.getByRole('textbox', { name: t('portal.auth.phoneNumber') });
    await phone.fill('0123');
    await page.getByRole('button', { name: t('portal.auth.sendCode') }).click();
    await expect(page.getByText(t('validation.phone'))).toBeVisible();
    // Any number gets the same answer, so nobody learns who has an account; only a verified phone gets a code.
    await phone.fill('0399000111');
    await page.getByRole('button', { name: t('portal.auth.sendCode') }).click();
    await expect(page.getByText(t('portal.auth.codeSentTo', { address: '0399•••111' }))).toBeVisible();
    await expect(page.getByText(t('portal.auth.verifiedPhoneHint'))).toBeVisible();
    await page.getByRole('button', { name: t('portal.auth.changePhone') }).click();

    const before = await lastOutboxId(request, DemoUsers.accountant.phone);
    await phone.fill(DemoUsers.accountant.phone);
    await page.getByRole('button', { name: t('portal.auth.sendCode') }).click();
    await expect(page.getByText(t('portal.auth.codeSentTo', { address: '0912•••678' }))).toBeVisible();
    await codeField(page).fill('000000' === (await codeFor(request, DemoUsers.accountant.phone, before)) ? '111111' : '000000');
    await page.getByRole('button', { name: t('portal.login.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText('Mã xác thực không chính xác');
    await codeField(page).fill(await codeFor(request, DemoUsers.accountant.phone, before));
    await page.getByRole('button', { name: t('portal.login.submit') }).click();
    // One merchant: straight to welcome, as after a password sign-in.
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
  });

  test('sign-up to first sign-in, and the merchant lead form', async ({ page, request }) => {
    const username = `shop_${Date.now().toString(36).slice(-6)}`;
    const email = `${username}@example.vn`;
    await page.goto('/portal/auth/login');
    await page.getByRole('link', { name: t('portal.auth.links.signup') }).click();
    await expect(page).toHaveURL(/\/portal\/auth\/signup$/);
    // The page is a lazy chunk: until it shows, the login form (with its own username box) is still there.
    await expect(page.getByRole('heading', { name: t('portal.auth.signup.title'), level: 1 })).toBeVisible();
    const field = (key: string) => page.getByRole('textbox', { name: t(key), exact: true });
    await field('portal.auth.username').fill(username);
    await field('portal.auth.fullname').fill('Trần Thị Bích');
    await field('portal.auth.phoneNumber').first().fill(`09${String(Date.now()).slice(-8)}`);
    await field('portal.auth.email').fill(email);
    await field('portal.auth.password').fill('weak');
    await field('portal.auth.passwordConfirm').fill('weak');
    await page.getByRole('button', { name: t('portal.auth.sendCode') }).click();
    await expect(page.getByText(t('validation.password'))).toBeVisible();
    await field('portal.auth.password').fill('Shop@2026');
    await field('portal.auth.passwordConfirm').fill('Shop@2026');
    await page.getByRole('radio', { name: t('portal.auth.signup.channelEmail') }).check();
    await page.getByRole('button', { name: t('portal.auth.sendCode') }).click();
    await toast(page, `Mã xác thực gồm 6 chữ số đã được gửi đến ${maskEmail(email)}`);
    await codeField(page).fill(await codeFor(request, email));
    await page.getByRole('button', { name: t('portal.auth.signup.submit'), exact: true }).click();
    await toast(page, 'Đăng ký tài khoản thành công');
    await expect(page).toHaveURL(/\/portal\/auth\/login$/);
    await signIn(page, username, 'Shop@2026');
    // A new account has no merchant yet.
    await expect(page).toHaveURL(/\/portal\/onboard\/merchants-choose/);
  });

  test('sign-up: Back (browser or page) from the code step returns to the form with every field kept', async ({ page, request }) => {
    const username = `back_${Date.now().toString(36).slice(-6)}`;
    const phone = `07${String(Date.now()).slice(-8)}`;
    await page.goto('/portal/auth/login');
    await page.getByRole('link', { name: t('portal.auth.links.signup') }).click();
    await expect(page.getByRole('heading', { name: t('portal.auth.signup.title'), level: 1 })).toBeVisible();
    const field = (key: string) => page.getByRole('textbox', { name: t(key), exact: true });
    const values: Array<[string, string]> = [
      ['portal.auth.username', username],
      ['portal.auth.fullname', 'Lý Quốc Bảo'],
      ['portal.auth.email', `${username}@example.vn`],
      ['portal.auth.password', 'Back@2026'],
      ['portal.auth.passwordConfirm', 'Back@2026'],
    ];
    for (const [key, value] of values) await field(key).fill(value);
    await field('portal.auth.phoneNumber').first().fill(phone);
    const sendCode = page.getByRole('button', { name: t('portal.auth.sendCode') });
    await sendCode.click();
    await expect(codeField(page)).toBeVisible();

    // The browser's Back: the form again, on the same page, everything as typed.
    await page.goBack();
    await expect(page).toHaveURL(/\/portal\/auth\/signup$/);
    await expect(codeField(page)).toHaveCount(0);
    for (const [key, value] of values) await expect(field(key)).toHaveValue(value);
    await expect(field('portal.auth.phoneNumber').first()).toHaveValue(phone);
    // Forward: the code step again.
    await page.goForward();
    await expect(codeField(page)).toBeVisible();

    // The page's own back button does the same, and Forward still finds the code that was sent.
    await page.getByRole('button', { name: t('portal.auth.signup.edit') }).click();
    await expect(codeField(page)).toHaveCount(0);
    for (const [key, value] of values) await expect(field(key)).toHaveValue(value);
    await page.goForward();
    await codeField(page).fill(await codeFor(request, phone));
    await page.getByRole('button', { name: t('portal.auth.signup.submit'), exact: true }).click();
    await toast(page, 'Đăng ký tài khoản thành công');
    await expect(page).toHaveURL(/\/portal\/auth\/login$/);
  });

  test('forgot password: Back (browser or page) from the code step returns to the number as typed', async ({ page }) => {
    await page.goto('/portal/auth/login');
    await page.getByRole('link', { name: t('portal.auth.links.forgotPassword') }).click();
    await expect(page).toHaveURL(/\/portal\/auth\/forgot-passwd$/);
    const phone = page.getByRole('textbox', { name: t('portal.auth.phoneNumber') });
    await phone.fill('0399000444');
    await page.getByRole('button', { name: t('portal.auth.sendCode') }).click();
    await expect(codeField(page)).toBeVisible();
    await page.getByRole('textbox', { name: t('portal.auth.newPassword') }).fill('Reset@2027');

    await page.goBack();
    await expect(page).toHaveURL(/\/portal\/auth\/forgot-passwd$/);
    await expect(phone).toHaveValue('0399000444');
    await expect(codeField(page)).toHaveCount(0);
    await page.goForward();
    await expect(codeField(page)).toBeVisible();

    await page.getByRole('button', { name: t('portal.auth.changePhone') }).click();
    await expect(phone).toHaveValue('0399000444');
    // The in-page back left the code step's history entry: the browser's Back now leaves for the login page.
    await page.goBack();
    await expect(page).toHaveURL(/\/portal\/auth\/login$/);
  });

  test('merchant lead form', async ({ page }) => {
    await page.goto('/portal/auth/signup');
    const lead = page.getByRole('form', { name: t('portal.auth.lead.title') });
    await lead.getByRole('button', { name: t('portal.auth.lead.submit') }).click();
    await expect(lead.getByText(t('validation.required')).first()).toBeVisible();
    await lead.getByRole('textbox', { name: t('portal.auth.lead.businessName') }).fill('Tiệm bánh Hoa Mai');
    await lead.getByRole('textbox', { name: t('portal.auth.lead.contactName') }).fill('Trần An');
    await lead.getByRole('textbox', { name: t('portal.auth.phoneNumber') }).fill('0912000333');
    await lead.getByRole('button', { name: t('portal.auth.lead.submit') }).click();
    await expect(lead.getByRole('status')).toHaveText('Đã ghi nhận thông tin. Chúng tôi sẽ liên hệ với bạn sớm.');
  });

  test('forgot password to sign-in with the new password; the old one fails', async ({ page, request }) => {
    const user = AUTH_TEST_USERS.reset;
    await page.goto('/portal/auth/login');
    await page.getByRole('link', { name: t('portal.auth.links.forgotPassword') }).click();
    await expect(page).toHaveURL(/\/portal\/auth\/forgot-passwd$/);
    await page.getByRole('textbox', { name: t('portal.auth.phoneNumber') }).fill('0399000222');
    await page.getByRole('button', { name: t('portal.auth.sendCode') }).click();
    // The same answer as for an account (nothing revealed); back to the number.
    await expect(page.getByText(t('portal.auth.codeSentTo', { address: '0399•••222' }))).toBeVisible();
    await page.getByRole('button', { name: t('portal.auth.changePhone') }).click();
    await page.getByRole('textbox', { name: t('portal.auth.phoneNumber') }).fill(user.phone);
    await page.getByRole('button', { name: t('portal.auth.sendCode') }).click();
    await page.getByRole('textbox', { name: t('portal.auth.newPassword') }).fill('Reset@2026');
    await page.getByRole('textbox', { name: t('portal.auth.passwordConfirm') }).fill('Reset@2026');
    await codeField(page).fill(await codeFor(request, user.phone));
    await page.getByRole('button', { name: t('portal.auth.forgot.submit') }).click();
    await toast(page, 'Đặt lại mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.');
    await expect(page).toHaveURL(/\/portal\/auth\/login$/);
    await signIn(page, user.username, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Mật khẩu hoặc tên đăng nhập không chính xác');
    await signIn(page, user.username, 'Reset@2026');
    await expect(page).toHaveURL(/\/portal\/onboard\/merchants-choose/);
  });

  test('SSO round trip of a linked demo account: demo issuer → sso-check → signed in; logout goes to the SSO sign-out address', async ({ page }) => {
    const user = DemoUsers.accountant;
    await page.goto('/portal/auth/login');
    await page.getByRole('link', { name: t('portal.auth.links.sso') }).click();
    // The portal made this browser's state and nonce before leaving for the IdP.
    await expect(page).toHaveURL(/\/api\/demo\/sso\/authorize\?state=[\w-]{43}&nonce=[\w-]{43}$/);
    await page.getByLabel('Tên đăng nhập').fill(user.username);
    await page.getByLabel('Mật khẩu').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/); // the token and state left the address bar
    await page.getByRole('button', { name: t('portal.layout.accountOf', { name: user.name }) }).click();
    await page.getByRole('menuitem', { name: t('portal.common.logout') }).click();
    await expect(page).toHaveURL(/\/api\/demo\/sso\/logout$/);
    await expect(page.getByRole('heading', { name: 'Đã đăng xuất SSO' })).toBeVisible();
    await page.goto('/portal/app/welcome');
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
  });

  test("login CSRF: an attacker's SSO hand-off opened in another browser signs nothing in", async ({ page, request }) => {
    // The attacker runs the demo IdP for their own account, with their own state and nonce…
    const state = 'attacker-state-0123456789abcdef';
    const nonce = 'attacker-nonce-0123456789abcdef';
    const idp = await request.post(`/api/demo/sso/authorize?lang=vi`, {
      form: { username: DemoUsers.accountant.username, password: DEMO_PASSWORD, state, nonce },
      maxRedirects: 0,
    });
    expect(idp.status()).toBe(303);
    const handOff = idp.headers().location;
    expect(handOff).toMatch(/^\/portal\/auth\/sso-check#token=/);
    // …and gets the victim's browser to open the return address.
    await page.goto(handOff);
    await expect(page.getByRole('alert')).toHaveText(t('portal.auth.sso.stateMismatch'));
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mp.auth')));
    expect(stored).toEqual([]);
    await page.goto('/portal/app/welcome');
    await expect(page).toHaveURL(/\/portal\/auth\/login/);
  });

  test('SMS login on a 2FA account: the code, then the password', async ({ page, request }) => {
    const before = await lastOutboxId(request, SECURE_DEMO_USER.phone);
    await page.goto('/portal/auth/login-sms');
    await page.getByRole('textbox', { name: t('portal.auth.phoneNumber') }).fill(SECURE_DEMO_USER.phone);
    await page.getByRole('button', { name: t('portal.auth.sendCode') }).click();
    await codeField(page).fill(await codeFor(request, SECURE_DEMO_USER.phone, before));
    await page.getByRole('button', { name: t('portal.login.submit') }).click();
    // The code alone opens nothing: the password step, nothing stored yet.
    const form = page.getByRole('form', { name: t('portal.auth.passwordFactor.title') });
    await expect(form.getByRole('status')).toHaveText(t('portal.auth.passwordFactor.hint'));
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mp.auth')))).toEqual([]);
    const password = form.getByLabel(t('portal.login.password'));
    await password.fill('Wrong@1234');
    await password.press('Enter');
    await expect(form.getByRole('alert')).toHaveText('Mật khẩu không chính xác');
    await password.fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: t('portal.login.submit') }).click();
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
  });

  test('a password login with 2FA on asks for the code before anything else', async ({ page, request }) => {
    await signIn(page, SECURE_DEMO_USER.username);
    await expect(codeField(page)).toBeVisible();
    await expect(page.getByText(t('portal.auth.codeSentTo', { address: '0945•••123' }))).toBeVisible();
    // Nothing is stored before the second step: the app is still closed.
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mp.auth')));
    expect(stored).toEqual([]);
    await codeField(page).fill(await codeFor(request, SECURE_DEMO_USER.phone));
    await page.getByRole('button', { name: t('portal.login.submit') }).click();
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
  });
});
