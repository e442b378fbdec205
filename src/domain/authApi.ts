/**
 * The auth area's paths and answers without any zod, so the login page can use them and stay within
 * its JS budget (the request schemas are in ./auth).
 */
export const AuthApiPaths = {
  loginOtpConfirm: '/authentication/login/otp/confirm',
  loginOtpResend: '/authentication/login/otp/resend',
  loginSmsOtp: '/authentication/v1/login-sms/otp',
  loginSms: '/authentication/v1/login-sms',
  signUp: '/onboarding/v1/sign-up',
  merchantLeads: '/onboarding/v1/merchant-leads',
  passwordVerify: '/authentication/v1/password/verify',
  passwordReset: '/authentication/v1/password/change',
  passwordCheck: '/authentication/v1/password/check-password',
  passwordChange: '/authentication/v1/password',
  ssoConfig: '/authentication/v1/sso/config',
  ssoSignOn: '/authentication/v1/sso/sign-on',
  ssoLink: '/authentication/v1/sso/link',
  twoFactorConfig: '/authentication/v1/users/2FA/config',
  twoFactorOn: '/authentication/v1/users/2FA',
  twoFactorOff: '/authentication/v1/users/2FA/toggle-off',
  twoFactorRegister: '/authentication/v1/users/2FA/register',
  securityInfo: '/authentication/v1/users/account-security-info',
  recoveryMethods: '/authentication/v1/users/account-security/recovery-methods',
  updateMe: '/profile/v1/me',
  demoOutbox: '/demo/outbox',
} as const;

/** Answer of every "send a code" call. */
export interface OtpSent {
  otpId: string;
  maskedAddress: string;
  expiresAt: string;
  resendAfterSeconds: number;
}

/** Password login with two-factor on: envelope status 21 with this data instead of a token. */
export interface SecondFactorChallenge extends OtpSent {
  challengeToken: string;
}

export interface TwoFactorConfig {
  enabled: boolean;
  channel: 'SMS';
  maskedPhone: string | null;
  smartOtp: 'NONE' | 'PENDING';
}

export interface SecurityInfo {
  twoFactorEnabled: boolean;
  smartOtp: 'NONE' | 'PENDING';
  linkedSSO: boolean;
  lastLoginAt: string | null;
  passwordChangedAt: string | null;
  activeSessions: number;
}

export interface RecoveryMethod {
  type: 'PHONE' | 'EMAIL';
  maskedAddress: string;
}

export interface SsoConfigAnswer {
  loginUrl: string | null;
}

/** Login answer fields added by SSO sign-on. */
export interface SsoSignOnExtra {
  isLoginSSO: true;
  ssoLogoutUrl: string | null;
  linkedSSO: boolean;
  walletPhone: string | null;
}
