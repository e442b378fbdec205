/**
 * Verified contacts (the account's phone and e-mail): request schema of the verify call, shared by the
 * account screen and the API. A contact opens SMS login, password reset, invitations by phone and
 * two-factor security only once a code sent to it was confirmed.
 */
import { z } from 'zod';
import { otpCodeSchema } from './auth';
import { optionalField } from './validation';

export const CONTACT_CHANNELS = ['SMS', 'EMAIL'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Without a code: sends one to the account's contact. With the code: confirms it. */
export const contactVerifySchema = z.object({
  channel: z.enum(CONTACT_CHANNELS, { error: 'validation.invalid' }),
  otpId: z.string().max(64, 'validation.invalid').optional(),
  otpCode: optionalField(otpCodeSchema),
});
export type ContactVerifyInput = z.infer<typeof contactVerifySchema>;
