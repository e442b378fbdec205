import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearPortalStorage, secureLocal, StorageKeys } from '@/storage';
import type * as MerchantSession from '@/authProvider/merchantSession';
import type { EContractDetail } from '@/domain/econtracts';
import viPortal from '@/i18n/vi/portal.json';
import viValidation from '@/i18n/vi/validation.json';
import { buildMerchant } from '../portal/helpers/builders';
import { landing, renderWithProviders } from '../portal/helpers/wrapper';

// The pages' calls (the dataProvider's named methods) are fakes; everything else (routing, rules, i18n, storage) is real.
const api = {
  getPendingContract: vi.fn(),
  getContractPdf: vi.fn(),
  sendSignCode: vi.fn(),
  signContract: vi.fn(),
  getBiometricState: vi.fn(),
  startBiometricSession: vi.fn(),
  getBiometricSession: vi.fn(),
  skipBiometric: vi.fn(),
  completeBiometricDemo: vi.fn(),
};
const chooseMerchant = vi.fn();
vi.mock('@/authProvider/merchantSession', async (original) => ({
  ...(await original<typeof MerchantSession>()),
  chooseMerchant: (...a: unknown[]) => chooseMerchant(...a),
}));
vi.mock('@/authProvider/auth', () => ({ signOut: vi.fn(async () => '/auth/login') }));

const { EContractSignPage } = await import('@/pages/onboarding/EContractSignPage');
const { AuthenticationNfcPage } = await import('@/pages/onboarding/AuthenticationNfcPage');

const e = viPortal.portal.econtract;
const n = viPortal.portal.nfc;

const contract = (overrides: Partial<EContractDetail> = {}): EContractDetail => ({
  id: 9,
  contractNo: 'HD-MC_PHOVIET-0002',
  type: 'PAYMENT_SERVICE',
  version: '2025.1',
  title: 'Hợp đồng dịch vụ thanh toán',
  status: 'PENDING',
  issuedAt: '2025-06-27T03:00:00.000Z',
  signedAt: null,
  signer: null,
  contentHash: null,
  parties: { merchantName: 'Công ty Cổ phần Phở Việt', partnerCode: 'MC_PHOVIET', brandName: 'Phở Việt', representative: 'Nguyễn Minh Anh' },
  canSign: true,
  signerPreview: { name: 'Nguyễn Minh Anh', username: 'owner_demo', maskedPhone: '090****567' },
  history: [],
  sections: [{ heading: 'Các bên tham gia', paragraphs: ['Bên B: Công ty Cổ phần Phở Việt'] }],
  ...overrides,
});

function chosen(todoActions: string[]) {
  const merchant = buildMerchant({ id: 2, name: 'Công ty Cổ phần Phở Việt', type: 'TOP_BRAND', todoActions: todoActions as never });
  secureLocal.set(StorageKeys.currentMerchant, merchant);
  secureLocal.set(StorageKeys.common, { merchantId: 2 });
  return merchant;
}

beforeEach(() => {
  clearPortalStorage();
  secureLocal.set(StorageKeys.auth, { token: 't', username: 'owner_demo', name: 'Nguyễn Minh Anh', email: null, phoneNumber: null, isLoginSSO: false });
  for (const fn of Object.values(api)) fn.mockReset();
  chooseMerchant.mockReset();
});
afterEach(cleanup);

describe('EContractSignPage', () => {
  const render = () =>
    renderWithProviders(<EContractSignPage />, {
      dataProvider: api,
      path: '/onboard/econtract-sign',
      route: '/onboard/econtract-sign',
      routes: [landing('/app/welcome'), landing('/onboard/merchants-choose')],
    });

  it('shows the contract text, asks for consent before sending a code, checks the code format, signs and moves on', async () => {
    const merchant = chosen(['SIGN_CONTRACT']);
    api.getPendingContract.mockResolvedValue(contract());
    api.sendSignCode.mockResolvedValue({ otpId: 'otp-1', expiresAt: '2025-06-30T03:05:00Z', maskedAddress: '090****567', resendAfterSeconds: 60 });
    api.signContract.mockResolvedValue(contract({ status: 'SIGNED', canSign: false }));
    chooseMerchant.mockResolvedValue({ step: 'app', path: '/app/welcome', merchant: { ...merchant, todoActions: [] } });
    const user = userEvent.setup();
    render();

    expect(await screen.findByRole('article', { name: e.documentLabel.replace('{{no}}', 'HD-MC_PHOVIET-0002') })).toHaveTextContent('Bên B: Công ty Cổ phần Phở Việt');
    const send = screen.getByRole('button', { name: e.sendCode });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: e.consent }));
    await user.click(send);
    expect(api.sendSignCode).toHaveBeenCalledWith(2, 9);

    const input = await screen.findByRole('textbox', { name: new RegExp(e.codeLabel.replace(/[()]/g, '\\$&')) });
    await user.type(input, '12a3');
    await user.click(screen.getByRole('button', { name: e.sign }));
    expect(await screen.findByText(viValidation.validation.econtract.code)).toBeInTheDocument();
    expect(api.signContract).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: e.sign }));
    expect(api.signContract).toHaveBeenCalledWith(2, 9, { otpId: 'otp-1', otpCode: '123456' });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/app/welcome');
    expect(chooseMerchant).toHaveBeenCalledWith(2);
  }, 20_000);

  it('shows the server’s refusal next to the code and stays on the step', async () => {
    chosen(['SIGN_CONTRACT']);
    api.getPendingContract.mockResolvedValue(contract());
    api.sendSignCode.mockResolvedValue({ otpId: 'otp-1', expiresAt: '2025-06-30T03:05:00Z', maskedAddress: '090****567', resendAfterSeconds: 60 });
    api.signContract.mockRejectedValue(new Error('Mã xác thực không đúng. Vui lòng kiểm tra và nhập lại.'));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: e.consent }));
    await user.click(screen.getByRole('button', { name: e.sendCode }));
    await user.type(await screen.findByRole('textbox', { name: new RegExp(e.codeLabel.replace(/[()]/g, '\\$&')) }), '000000');
    await user.click(screen.getByRole('button', { name: e.sign }));
    expect(await screen.findByText('Mã xác thực không đúng. Vui lòng kiểm tra và nhập lại.')).toBeInTheDocument();
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(chooseMerchant).not.toHaveBeenCalled();
  });

  it('gives someone who may not sign no sign action, only the explanation', async () => {
    chosen(['SIGN_CONTRACT']);
    api.getPendingContract.mockResolvedValue(contract({ canSign: false, signerPreview: null }));
    render();
    expect(await screen.findByTestId('econtract-not-signer')).toHaveTextContent(e.notSigner);
    expect(screen.queryByRole('button', { name: e.sendCode })).toBeNull();
  });
});

describe('AuthenticationNfcPage', () => {
  const render = (route = '/onboard/authentication-nfc') =>
    renderWithProviders(<AuthenticationNfcPage />, {
      dataProvider: api,
      path: '/onboard/authentication-nfc',
      route,
      routes: [landing('/app/welcome'), landing('/onboard/econtract-sign'), landing('/onboard/merchants-choose')],
    });

  it('offers no skip for the required check, even when the URL says nothing', async () => {
    chosen(['BIOMETRIC_AUTHENTICATION_REQUIRED']);
    api.getBiometricState.mockResolvedValue({ pending: true, required: true, skipped: false, canVerify: true, demoCompletion: true });
    render();
    expect(await screen.findByTestId('nfc-required')).toHaveTextContent(n.requiredNotice);
    expect(screen.queryByRole('button', { name: n.skip })).toBeNull();
  });

  it('skips the optional check on the server and in the browser, then goes to the next step', async () => {
    chosen(['BIOMETRIC_AUTHENTICATION', 'SIGN_CONTRACT']);
    api.getBiometricState.mockResolvedValue({ pending: true, required: false, skipped: false, canVerify: true, demoCompletion: false });
    api.skipBiometric.mockResolvedValue({ pending: true, required: false, skipped: true, canVerify: true, demoCompletion: false });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: n.skip }));
    expect(api.skipBiometric).toHaveBeenCalledWith(2);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/onboard/econtract-sign');
    expect(secureLocal.get(StorageKeys.nfcSkipped)).toEqual([2]);
  });

  it('follows a skip remembered on the server (another device)', async () => {
    chosen(['BIOMETRIC_AUTHENTICATION']);
    api.getBiometricState.mockResolvedValue({ pending: true, required: false, skipped: true, canVerify: true, demoCompletion: false });
    render();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/app/welcome');
    expect(api.skipBiometric).not.toHaveBeenCalled();
  });

  it('shows the QR code, completes by the demo path and continues', async () => {
    const merchant = chosen(['BIOMETRIC_AUTHENTICATION_REQUIRED']);
    api.getBiometricState.mockResolvedValue({ pending: true, required: true, skipped: false, canVerify: true, demoCompletion: true });
    const started = { sessionId: 's-1', status: 'PENDING', expiresAt: '2025-06-30T03:10:00Z', deepLink: 'vixanh://merchant/ekyc-nfc?code=x', qrSvg: '<svg></svg>', demoCompletion: true };
    api.startBiometricSession.mockResolvedValue(started);
    api.getBiometricSession.mockResolvedValue({ ...started, deepLink: undefined, qrSvg: undefined });
    api.completeBiometricDemo.mockResolvedValue({ ...started, status: 'VERIFIED', deepLink: undefined, qrSvg: undefined });
    chooseMerchant.mockResolvedValue({ step: 'app', path: '/app/welcome', merchant: { ...merchant, todoActions: [] } });
    const user = userEvent.setup();
    render('/onboard/authentication-nfc?required=true');
    await user.click(await screen.findByRole('button', { name: n.start }));
    expect(await screen.findByRole('img', { name: n.qrAlt.replace('{{product}}', 'Ví Xanh') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: n.demoComplete }));
    expect(api.completeBiometricDemo).toHaveBeenCalledWith(2, 's-1');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/app/welcome');
  });
});
