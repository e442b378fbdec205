import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, DemoMerchants, DemoUsers, signIn, t } from './support';

/** The newest code the demo outbox holds for an address (what its owner would read). */
async function codeFor(request: APIRequestContext, address: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const first = (await (await request.get(`/api/demo/outbox?to=${encodeURIComponent(address)}`)).json()).data.find((m: { code: string | null }) => m.code) as
        | { id: number; code: string }
        | undefined;
      code = first && first.id > after ? first.code : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

test('a phone sign-up left unverified is verified from the account screen, then signs in by SMS', async ({ page, request }) => {
  const stamp = Date.now().toString(36).slice(-6);
  const username = `contact_${stamp}`;
  const email = `${username}@example.vn`;
  const phone = `09${String(Date.now()).slice(-8)}`;
  const password = 'Contact@2026';

  // Signed up with the e-mail's code: the phone was only typed.
  const sent = await request.post('/api/onboarding/v1/sign-up', { data: { requestType: 'SEND_VERIFY_CODE', channel: 'EMAIL', email } });
  const signUp = await request.post('/api/onboarding/v1/sign-up', {
    data: { requestType: 'SIGN_UP', username, fullname: 'Lý Thu Trang', phoneNumber: phone, email, password, passwordConfirm: password, channel: 'EMAIL', otpId: (await sent.json()).data.otpId, otpCode: await codeFor(request, email) },
  });
  expect(signUp.status()).toBe(200);
  // A member of the SME (invited by username, accepted), so the portal opens for it.
  const owner = await apiToken(request, DemoUsers.owner.username);
  const invite = await request.post(`/api/authorization/v2/merchants/${DemoMerchants.sme.id}/users/invitations`, {
    headers: { authorization: `Bearer ${owner}` },
    data: { account: username, role: 'MARKETING' },
  });
  expect(invite.status()).toBe(200);
  const own = await apiToken(request, username, password);
  const [invitation] = (await (await request.get('/api/authorization/v2/users/invitations', { headers: { authorization: `Bearer ${own}` } })).json()).data;
  await request.post(`/api/authorization/v2/users/invitations/${invitation.id}`, { headers: { authorization: `Bearer ${own}` }, data: { action: 'accept' } });

  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/portal\/app\/welcome$/);
  await page.goto('/portal/app/user-info');
  const section = page.getByRole('region', { name: t('resources.user-info.contacts.title') });
  await expect(section.getByTestId('contact-EMAIL')).toContainText(t('resources.user-info.contacts.verified'));
  const phoneRow = section.getByTestId('contact-SMS');
  await expect(phoneRow).toContainText(t('resources.user-info.contacts.unverified'));

  await phoneRow.getByRole('button', { name: t('resources.user-info.contacts.verify') }).click();
  const dialog = page.getByRole('dialog', { name: t('resources.user-info.contacts.verifyTitle.SMS') });
  await dialog.getByRole('textbox', { name: t('portal.auth.otpCode') }).fill(await codeFor(request, phone));
  await dialog.getByRole('button', { name: t('portal.auth.confirmCode') }).click();
  await expect(page.getByText('Đã xác thực số điện thoại', { exact: true })).toBeVisible();
  await expect(phoneRow).toContainText(t('resources.user-info.contacts.verified'));
  await expect(phoneRow.getByRole('button', { name: t('resources.user-info.contacts.verify') })).toHaveCount(0);

  // The phone now signs in by SMS.
  const after = (await (await request.get(`/api/demo/outbox?to=${phone}`)).json()).data[0].id as number;
  const smsSent = await request.post('/api/authentication/v1/login-sms/otp', { data: { phoneNumber: phone } });
  const login = await request.post('/api/authentication/v1/login-sms', { data: { phoneNumber: phone, otpId: (await smsSent.json()).data.otpId, otpCode: await codeFor(request, phone, after) } });
  expect((await login.json()).data.username).toBe(username);
});
