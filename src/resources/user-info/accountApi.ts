import { API_BASE_URL } from '@/config';
import { httpClient, type RequestOptions } from '@/dataProvider/httpClient';
import { AuthApiPaths, type OtpSent, type RecoveryMethod, type SecurityInfo, type TwoFactorConfig } from '@/domain/authApi';

/** The own-account calls (the caller's account only; no merchant scope). */
const call = async <T>(path: string, options: RequestOptions = {}) => (await httpClient<T>(`${API_BASE_URL}${path}`, options)).data;

export const accountApi = {
  twoFactorConfig: () => call<TwoFactorConfig>(AuthApiPaths.twoFactorConfig),
  securityInfo: () => call<SecurityInfo>(AuthApiPaths.securityInfo),
  recoveryMethods: () => call<RecoveryMethod[]>(AuthApiPaths.recoveryMethods),
  updateMe: (body: { fullname: string; email: string }) => call(AuthApiPaths.updateMe, { method: 'POST', body, showSuccess: true }),
  /** Errors are shown on the field by the form, not as a toast. */
  checkPassword: (password: string) => call(AuthApiPaths.passwordCheck, { method: 'POST', body: { password }, showError: false }),
  changePassword: (body: { currentPassword: string; password: string; passwordConfirm: string }) =>
    call(AuthApiPaths.passwordChange, { method: 'POST', body, showSuccess: true }),
  /** Without a code: sends one. With it: switches, and the server's message is toasted. */
  sendTwoFactorCode: (enable: boolean) => call<OtpSent>(enable ? AuthApiPaths.twoFactorOn : AuthApiPaths.twoFactorOff, { method: 'POST', body: {} }),
  confirmTwoFactor: (enable: boolean, otpId: string, otpCode: string) =>
    call(enable ? AuthApiPaths.twoFactorOn : AuthApiPaths.twoFactorOff, { method: 'POST', body: { otpId, otpCode }, showSuccess: true, showError: false }),
  registerSmartOtp: () => call(AuthApiPaths.twoFactorRegister, { method: 'POST', showSuccess: true }),
};
