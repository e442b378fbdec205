/**
 * The auth area's contract shared by the portal's forms and the API: paths, request schemas and
 * answers of SMS login, sign-up, forgot password, SSO, two-factor security and the own account.
 * Field rules are the §5 schemas of ./validation; messages are `validation.*` keys.
 */
import { z } from 'zod';
import {
  emailSchema,
  optionalField,
  passwordSchema,
  phoneSchema,
  requiredString,
  usernameSchema,
  withPasswordConfirm,
} from './validation';

export { AuthApiPaths } from './authApi';
export type { OtpSent, SecondFactorChallenge, TwoFactorConfig, SecurityInfo, RecoveryMethod, SsoConfigAnswer, SsoSignOnExtra, SsoHandOff, PasswordChallenge } from './authApi';

/** Six digits, as sent. */
export const otpCodeSchema = z.string({ error: 'validation.required' }).check((ctx) => {
  if (ctx.value === '') ctx.issues.push({ code: 'custom', message: 'validation.required', input: ctx.value });
  else if (!/^\d{6}$/.test(ctx.value)) ctx.issues.push({ code: 'custom', message: 'validation.auth.otpCode', input: ctx.value });
});

/** Names and free text: required, at most `max` characters. */
export function textUpTo(max: number) {
  return requiredString.check((ctx) => {
    if (ctx.value.length > max) ctx.issues.push({ code: 'custom', message: 'validation.auth.tooLong', input: ctx.value, params: { max } });
  });
}

const otpIdSchema = z.string({ error: 'validation.required' }).min(1, 'validation.required').max(64, 'validation.invalid');
const challengeTokenSchema = z.string({ error: 'validation.required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid');



// --- Login: second factor, SMS -------------------------------------------------------------

export const loginOtpConfirmSchema = z.object({ challengeToken: challengeTokenSchema, otpId: otpIdSchema, otpCode: otpCodeSchema });
export type LoginOtpConfirmInput = z.infer<typeof loginOtpConfirmSchema>;
export const loginOtpResendSchema = z.object({ challengeToken: challengeTokenSchema });
/** SMS login on a two-factor account: the password is the second factor. Checked as typed (may predate §5). */
export const loginPasswordConfirmSchema = z.object({ challengeToken: challengeTokenSchema, password: requiredString });

export const phoneOnlySchema = z.object({ phoneNumber: phoneSchema });
export type PhoneOnlyInput = z.infer<typeof phoneOnlySchema>;
export const loginSmsSchema = z.object({ phoneNumber: phoneSchema, otpId: otpIdSchema, otpCode: otpCodeSchema });
export type LoginSmsInput = z.infer<typeof loginSmsSchema>;

// --- Sign-up (§7: SEND_VERIFY_CODE, then SIGN_UP) ---------------------------------------------

export const SIGN_UP_CHANNELS = ['SMS', 'EMAIL'] as const;
export type SignUpChannel = (typeof SIGN_UP_CHANNELS)[number];

/** The account fields of the form (the code comes in the second step). */
export const signUpAccountSchema = withPasswordConfirm(
  z.object({
    username: usernameSchema,
    fullname: textUpTo(100),
    phoneNumber: phoneSchema,
    email: emailSchema,
    password: passwordSchema,
    passwordConfirm: requiredString,
    channel: z.enum(SIGN_UP_CHANNELS, { error: 'validation.invalid' }),
  }),
);
export type SignUpAccountInput = z.infer<typeof signUpAccountSchema>;

export const sendVerifyCodeSchema = z.object({
  requestType: z.literal('SEND_VERIFY_CODE'),
  channel: z.enum(SIGN_UP_CHANNELS, { error: 'validation.invalid' }),
  phoneNumber: optionalField(phoneSchema),
  email: optionalField(emailSchema),
});

export const signUpSchema = withPasswordConfirm(
  z.object({
    requestType: z.literal('SIGN_UP'),
    username: usernameSchema,
    fullname: textUpTo(100),
    phoneNumber: phoneSchema,
    email: emailSchema,
    password: passwordSchema,
    passwordConfirm: requiredString,
    channel: z.enum(SIGN_UP_CHANNELS, { error: 'validation.invalid' }),
    otpId: otpIdSchema,
    otpCode: otpCodeSchema,
  }),
);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const merchantLeadSchema = z.object({
  businessName: textUpTo(200),
  contactName: textUpTo(100),
  phoneNumber: phoneSchema,
  email: optionalField(emailSchema),
  note: optionalField(z.string().max(1000, 'validation.invalid')),
});
export type MerchantLeadInput = z.infer<typeof merchantLeadSchema>;

// --- Passwords -----------------------------------------------------------------------------

export const passwordResetSchema = withPasswordConfirm(
  z.object({
    phoneNumber: phoneSchema,
    otpId: otpIdSchema,
    otpCode: otpCodeSchema,
    password: passwordSchema,
    passwordConfirm: requiredString,
  }),
);
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** The current password is checked as typed: it may predate today's rules. */
export const passwordCheckSchema = z.object({ password: requiredString });

export const passwordChangeSchema = withPasswordConfirm(
  z.object({ currentPassword: requiredString, password: passwordSchema, passwordConfirm: requiredString }),
);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

// --- Two-factor ----------------------------------------------------------------------------

/** Turning two-factor on or off: first call without a code (one is sent), second with it. */
export const twoFactorToggleSchema = z.object({ otpId: z.string().max(64).optional(), otpCode: optionalField(otpCodeSchema) });




// --- Own account ---------------------------------------------------------------------------

export const updateMeSchema = z.object({ fullname: textUpTo(100), email: optionalField(emailSchema) });
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

// --- SSO -----------------------------------------------------------------------------------

const ssoTokenSchema = z.string({ error: 'validation.required' }).min(1, 'validation.required').max(4096, 'validation.invalid');
/** The random value the portal made before sending the browser to the IdP; the token's `nonce` claim must equal it. */
export const ssoNonceSchema = z.string({ error: 'validation.required' }).regex(/^[A-Za-z0-9_-]{16,128}$/, 'validation.invalid');

export const ssoSignOnSchema = z.object({ token: ssoTokenSchema, nonce: ssoNonceSchema });
/**
 * POST /sso/link (signed in): the hand-off of the identity to link to the caller's account and the
 * account's current password (an open session alone must not be enough to plant a way in).
 */
export const ssoLinkSchema = z.object({ token: ssoTokenSchema, nonce: ssoNonceSchema, password: requiredString });
export type SsoLinkInput = z.infer<typeof ssoLinkSchema>;
/** POST /sso/unlink (signed in): removes the account's SSO identities, confirmed by the current password. */
export const ssoUnlinkSchema = z.object({ password: requiredString });


