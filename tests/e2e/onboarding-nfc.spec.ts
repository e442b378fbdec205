import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, DemoMerchants, DemoUsers, signIn, t } from './support';

const NFC = DemoMerchants.nfc;

async function reset(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request, DemoUsers.nfc.username);
  const res = await request.post(`/api/authentication/v2/merchants/${NFC.id}/biometric/demo-reset`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('biometric (NFC) onboarding', () => {

  test('nfc_demo cannot skip the required check, and passes it by the demo path', async ({ page, request }) => {
    await signIn(page, DemoUsers.nfc.username);
    await expect(page).toHaveURL(/\/portal\/onboard\/authentication-nfc\?required=true/);
    await expect(page.getByTestId('nfc-required')).toHaveText(t('portal.nfc.requiredNotice'));
    await expect(page.getByRole('button', { name: t('portal.nfc.skip') })).toHaveCount(0);

    // Neither the URL nor the API lets the required check be skipped.
    await page.goto('/portal/onboard/authentication-nfc');
    await expect(page.getByTestId('nfc-required')).toBeVisible();
    await expect(page.getByRole('button', { name: t('portal.nfc.skip') })).toHaveCount(0);
    const token = await apiToken(request, DemoUsers.nfc.username);
    const skip = await request.post(`/api/authentication/v2/merchants/${NFC.id}/biometric/skip`, { headers: { authorization: `Bearer ${token}` } });
    expect(skip.status()).toBe(409);
    await page.goto('/portal/app/welcome');
    await expect(page).toHaveURL(/\/portal\/onboard\/authentication-nfc/);

    // The QR code for the wallet app, then the demo completion; the page polls and moves on by itself.
    await page.getByRole('button', { name: t('portal.nfc.start') }).click();
    await expect(page.getByRole('img', { name: t('portal.nfc.qrAlt', { product: 'Ví Xanh' }) })).toBeVisible();
    await expect(page.getByRole('link', { name: t('portal.nfc.openApp', { product: 'Ví Xanh' }) })).toHaveAttribute('href', /^vixanh:\/\/merchant\/ekyc-nfc\?code=/);
    await expect(page.getByText(t('portal.nfc.waiting'))).toBeVisible();
    await page.getByTestId('nfc-demo').getByRole('button', { name: t('portal.nfc.demoComplete') }).click();
    await expect(page).toHaveURL(/\/portal\/app\/welcome/);
    // Put the required check back at once (other specs on this server expect it); this browser keeps its state.
    await reset(request);

    // Passed: signing in again goes straight to welcome.
    await page.goto('/portal/onboard/authentication-nfc');
    await expect(page).toHaveURL(/\/portal\/app\/welcome/);
  });
});
