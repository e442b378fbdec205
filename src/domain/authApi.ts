/**
 * The auth area's paths and answers without any zod, so the login page can use them and stay within
 * its JS budget (the request schemas are in ./auth).
 */
export const AuthApiPaths = {
  loginOtpConfirm: '/authentication/login/otp/confirm',
  loginOtpResend: '/authentication/login/otp/resend',
  loginPasswordConfirm: '/authentication/login/password/confirm',
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
  ssoUnlink: '/authentication/v1/sso/unlink',
  twoFactorConfig: '/authentication/v1/users/2FA/config',
  twoFactorOn: '/authentication/v1/users/2FA',
  twoFactorOff: '/authentication/v1/users/2FA/toggle-off',
  twoFactorRegister: '/authentication/v1/users/2FA/register',
  securityInfo: '/authentication/v1/users/account-security-info',
  recoveryMethods: '/authentication/v1/users/account-security/recovery-methods',
  contacts: '/authentication/v1/users/contacts',
  contactVerify: '/authentication/v1/users/contacts/verify',
  updateMe: '/profile/v1/me',
  demoOutbox: '/demo/outbox',
} as const;

/** The account's phone or e-mail and whether its owner proved it (GET contacts). */
export interface ContactInfo {
  channel: 'SMS' | 'EMAIL';
  maskedAddress: string;
  verified: boolean;
  verifiedAt: string | null;
}

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
  /** Absent or SMS_CODE: a code was sent. */
  factor?: 'SMS_CODE';
}

/** SMS login with two-factor on: envelope status 21; the password finishes the sign-in. */
export interface PasswordChallenge {
  challengeToken: string;
  factor: 'PASSWORD';
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

/**
 * What the portal keeps (encrypted session storage) between sending the browser to the IdP and its
 * return: `state` comes back in the URL, `nonce` inside the token. `purpose` says whether the return
 * signs in or links the identity to the signed-in account.
 */
export interface SsoHandOff {
  state: string;
  nonce: string;
  purpose: 'SIGN_IN' | 'LINK';
  /** Epoch ms; an old hand-off is refused like a wrong one. */
  startedAt: number;
  /** LINK: the portal screen to come back to (an /app path). */
  returnTo?: string;
}
