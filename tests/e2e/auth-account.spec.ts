import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_TEST_USERS } from '../../server/db/seed-auth';
import { DEMO_PASSWORD, PRODUCT, signIn, t } from './support';

async function codeFor(request: APIRequestContext, address: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const first = (await (await request.get(`/api/demo/outbox?to=${address}`)).json()).data[0] as { id: number; code: string } | undefined;
      code = first && first.id > after ? first.code : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

const lastId = async (request: APIRequestContext, address: string) =>
  ((await (await request.get(`/api/demo/outbox?to=${address}`)).json()).data[0]?.id as number | undefined) ?? 0;

async function openUserInfo(page: Page, username: string, password = DEMO_PASSWORD) {
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
  await page.goto('/portal/app/user-info');
  await expect(page.getByRole('heading', { name: t('resources.user-info.name'), level: 1 })).toBeVisible();
}

async function logout(page: Page, name: string) {
  await page.getByRole('button', { name: t('portal.layout.accountOf', { name }) }).click();
  await page.getByRole('menuitem', { name: t('portal.common.logout') }).click();
  await expect(page).toHaveURL(/\/portal\/auth\/login/);
}

test.describe('own account', () => {
  test('2FA on → the next login asks for the code → off', async ({ page, request }) => {
    const user = AUTH_TEST_USERS.twoFactor;
    await openUserInfo(page, user.username);
    const section = page.getByRole('region', { name: t('resources.user-info.twoFactor.title') });
    await expect(section.getByTestId('two-factor-status')).toHaveText(t('resources.user-info.twoFactor.off'));
    let after = await lastId(request, user.phone);
    await section.getByRole('button', { name: t('resources.user-info.twoFactor.turnOn') }).click();
    const dialog = page.getByRole('dialog', { name: t('resources.user-info.twoFactor.turnOn') });
    await dialog.getByRole('textbox', { name: t('portal.auth.otpCode') }).fill(await codeFor(request, user.phone, after));
    await dialog.getByRole('button', { name: t('portal.auth.confirmCode') }).click();
    await expect(page.getByText('Đã BẬT cài đặt bảo mật 2 lớp', { exact: true })).toBeVisible();
    await expect(section.getByTestId('two-factor-status')).toHaveText(t('resources.user-info.twoFactor.on'));

    await logout(page, user.name);
    after = await lastId(request, user.phone);
    await signIn(page, user.username);
    const code = page.getByRole('textbox', { name: t('portal.auth.otpCode') });
    await expect(code).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/auth\/login$/);
    await code.fill(await codeFor(request, user.phone, after));
    await page.getByRole('button', { name: t('portal.login.submit') }).click();
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);

    await page.goto('/portal/app/user-info');
    after = await lastId(request, user.phone);
    await section.getByRole('button', { name: t('resources.user-info.twoFactor.turnOff') }).click();
    const off = page.getByRole('dialog', { name: t('resources.user-info.twoFactor.turnOff') });
    await off.getByRole('textbox', { name: t('portal.auth.otpCode') }).fill(await codeFor(request, user.phone, after));
    await off.getByRole('button', { name: t('portal.auth.confirmCode') }).click();
    await expect(page.getByText('Đã TẮT cài đặt bảo mật 2 lớp', { exact: true })).toBeVisible();
    await logout(page, user.name);
    await signIn(page, user.username);
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
  });

  test('profile update asks to confirm; a half-filled form asks before leaving; change password, then the old one fails', async ({ page }) => {
    const user = AUTH_TEST_USERS.password;
    await openUserInfo(page, user.username);

    await page.getByRole('button', { name: t('resources.user-info.profile.edit') }).click();
    await page.getByRole('textbox', { name: t('resources.user-info.fields.name') }).fill('Vũ Thị Lan Anh');
    await page.getByRole('button', { name: t('resources.user-info.profile.save') }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Bạn có chắc muốn cập nhật thông tin tài khoản?');
    await confirm.getByRole('button', { name: t('portal.confirm.confirm') }).click();
    await expect(page.getByText('Cập nhật thông tin tài khoản thành công', { exact: true })).toBeVisible();
    await expect(page.locator('[data-field="name"]')).toHaveText('Vũ Thị Lan Anh');

    const passwordSection = page.getByRole('region', { name: t('resources.user-info.password.title') });
    await passwordSection.getByRole('button', { name: t('resources.user-info.password.open') }).click();
    await passwordSection.getByRole('textbox', { name: t('resources.user-info.password.current') }).fill('half');
    await passwordSection.getByRole('button', { name: t('resources.user-info.back') }).click();
    const leave = page.getByRole('dialog');
    await expect(leave).toContainText('Còn thông tin chưa nhập bạn có chắc muốn quay lại?');
    await leave.getByRole('button', { name: t('portal.confirm.cancel') }).click();

    await passwordSection.getByRole('textbox', { name: t('resources.user-info.password.current') }).fill('Wrong@1234');
    await passwordSection.getByRole('textbox', { name: t('resources.user-info.password.new'), exact: true }).fill('Brand@2026');
    await passwordSection.getByRole('textbox', { name: t('resources.user-info.password.confirm') }).fill('Brand@2026');
    await passwordSection.getByRole('button', { name: t('resources.user-info.password.submit') }).click();
    await expect(passwordSection.getByText('Mật khẩu hiện tại không chính xác')).toBeVisible();
    await passwordSection.getByRole('textbox', { name: t('resources.user-info.password.current') }).fill(DEMO_PASSWORD);
    await passwordSection.getByRole('button', { name: t('resources.user-info.password.submit') }).click();
    await expect(page.getByText('Đổi mật khẩu thành công', { exact: true })).toBeVisible();

    await logout(page, user.name);
    await signIn(page, user.username, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Mật khẩu hoặc tên đăng nhập không chính xác');
    await signIn(page, user.username, 'Brand@2026');
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
  });

  test('SSO: an unlinked identity is refused with how to link it; linked from the account screen with the password, it signs in; unlinked, it is refused again', async ({ page }) => {
    const user = AUTH_TEST_USERS.sso;
    const demoIdpSignIn = async () => {
      await expect(page).toHaveURL(/\/api\/demo\/sso\/authorize\?state=[\w-]{43}&nonce=[\w-]{43}$/);
      await page.getByLabel('Tên đăng nhập').fill(user.username);
      await page.getByLabel('Mật khẩu').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Đăng nhập' }).click();
    };
    // Not linked yet: the IdP vouches for the identity, the portal opens nothing.
    await page.goto('/portal/auth/login');
    await page.getByRole('link', { name: t('portal.auth.links.sso') }).click();
    await demoIdpSignIn();
    await expect(page.getByRole('alert')).toHaveText(
      `Tài khoản SSO này chưa được liên kết với tài khoản nào trên cổng doanh nghiệp. Hãy đăng nhập bằng tên đăng nhập và mật khẩu, rồi chọn "Liên kết số ví ${PRODUCT}" trong Thông tin tài khoản.`,
    );

    // Signed in with the password, the owner links it from the account screen (keyboard only).
    await openUserInfo(page, user.username);
    const section = page.getByRole('region', { name: t('resources.user-info.sso.title') });
    await expect(section.getByTestId('sso-link-status')).toHaveText(t('resources.user-info.sso.notLinked'));
    const link = section.getByRole('button', { name: t('portal.auth.sso.link', { product: PRODUCT }) });
    await link.focus();
    await page.keyboard.press('Enter');
    await demoIdpSignIn();
    // Back on the account screen, the open session alone is not enough: the account's password confirms the link.
    await expect(page).toHaveURL(/\/portal\/app\/user-info$/);
    const confirm = section.getByRole('form', { name: t('resources.user-info.sso.linkTitle', { product: PRODUCT }) });
    const password = confirm.getByLabel(t('resources.user-info.password.current'));
    await expect(password).toBeFocused();
    await password.fill('Wrong@1234');
    await page.keyboard.press('Enter');
    await expect(confirm.getByText('Mật khẩu hiện tại không chính xác', { exact: true })).toBeVisible();
    await expect(section.getByTestId('sso-link-status')).toHaveText(t('resources.user-info.sso.notLinked'));
    await password.fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Liên kết với số ví ${PRODUCT} thành công`, { exact: true })).toBeVisible();
    await expect(section.getByTestId('sso-link-status')).toHaveText(t('resources.user-info.sso.linked'));
    // The password went nowhere but the request body.
    expect(page.url()).not.toContain(DEMO_PASSWORD);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(DEMO_PASSWORD);

    // Now "Đăng nhập SSO" opens this account.
    await logout(page, user.name);
    await page.getByRole('link', { name: t('portal.auth.links.sso') }).click();
    await demoIdpSignIn();
    await expect(page).toHaveURL(/\/portal\/app\/welcome$/);

    // Unlinking (keyboard, with the password) closes that way in again.
    await page.goto('/portal/app/user-info');
    const unlink = section.getByRole('button', { name: t('resources.user-info.sso.unlink') });
    await unlink.focus();
    await page.keyboard.press('Enter');
    const unlinkForm = section.getByRole('form', { name: t('resources.user-info.sso.unlinkTitle') });
    await unlinkForm.getByLabel(t('resources.user-info.password.current')).fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Đã huỷ liên kết tài khoản SSO', { exact: true })).toBeVisible();
    await expect(section.getByTestId('sso-link-status')).toHaveText(t('resources.user-info.sso.notLinked'));
    // This session was opened by SSO (and outlives the unlink: the password proved the owner); its logout goes to the IdP.
    await page.getByRole('button', { name: t('portal.layout.accountOf', { name: user.name }) }).click();
    await page.getByRole('menuitem', { name: t('portal.common.logout') }).click();
    await expect(page).toHaveURL(/\/api\/demo\/sso\/logout$/);
    await page.goto('/portal/auth/login');
    await page.getByRole('link', { name: t('portal.auth.links.sso') }).click();
    await demoIdpSignIn();
    await expect(page.getByRole('alert')).toHaveText(
      `Tài khoản SSO này chưa được liên kết với tài khoản nào trên cổng doanh nghiệp. Hãy đăng nhập bằng tên đăng nhập và mật khẩu, rồi chọn "Liên kết số ví ${PRODUCT}" trong Thông tin tài khoản.`,
    );
  });
});
