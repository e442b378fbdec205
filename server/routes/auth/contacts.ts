/**
 * The signed-in user's contacts and their verification: a phone or e-mail that sign-up left
 * unverified (sign-up proves only the contact its code went to) is verified here with a code sent to it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { AuthApiPaths } from '@/domain/authApi';
import { contactVerifySchema } from '@/domain/contacts';
import { users } from '../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { callerOf } from '../../plugins/auth';
import { maskContact } from '@/domain/masking';
import { contactOf, contactsService } from '../../lib/otp/contacts';
import { langOnlyQuery } from '../../validation';
import { eq } from 'drizzle-orm';
import { otpRefusal, otpSentOf, otpSentSchema } from './signin';

const contactInfoSchema = z.object({
  channel: z.enum(['SMS', 'EMAIL']),
  maskedAddress: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
});

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const contacts = contactsService(db);

  async function me(userId: number) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw ApiError.sessionExpired();
    return user;
  }

  app.get(
    AuthApiPaths.contacts,
    {
      schema: {
        tags: ['account'],
        summary: 'The account’s phone and e-mail (masked), each with whether a code sent to it was confirmed',
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(contactInfoSchema)) },
      },
    },
    async (request) => {
      const states = await contacts.statesOf(await me(callerOf(request).userId));
      return ok(
        request,
        states.map((s) => ({ channel: s.channel, maskedAddress: maskContact(s.channel, s.address), verified: s.verifiedAt !== null, verifiedAt: s.verifiedAt?.toISOString() ?? null })),
      );
    },
  );

  app.post(
    AuthApiPaths.contactVerify,
    {
      schema: {
        tags: ['account'],
        summary: 'Verifies the account’s phone or e-mail: without a code sends one to it, with the code confirms it (409 if another account verified it first)',
        querystring: langOnlyQuery,
        body: contactVerifySchema.strict(),
        response: { 200: z.union([envelopeSchema(otpSentSchema), emptyEnvelopeSchema]) },
      },
    },
    async (request) => {
      const user = await me(callerOf(request).userId);
      const { channel, otpId, otpCode } = request.body;
      const address = contactOf(user, channel);
      if (!address) throw new ApiError(400, ApiStatus.FAILED, `auth.contactMissing.${channel}`);
      if (await contacts.isVerified(user, channel)) return { status: ApiStatus.OK, message: translate(request.lang, 'auth.contactAlreadyVerified') };
      // Bound to the address: a code for the old e-mail cannot verify a new one.
      const subject = `contact:${channel}:${address}`;
      if (!otpId || !otpCode) {
        const issued = await app.otp.issue({ purpose: 'VERIFY_CONTACT', target: { channel, address }, userId: user.id, subject, ip: request.ip, lang: request.lang });
        return { status: ApiStatus.OK, message: translate(request.lang, 'auth.codeSent', { address: issued.maskedAddress }), data: otpSentOf(issued) };
      }
      const check = await app.otp.verify({ otpId, code: otpCode, purpose: 'VERIFY_CONTACT', userId: user.id, subject });
      if (check !== 'OK') throw otpRefusal(check);
      await contacts.markVerified(user.id, channel, address);
      request.log.info({ userId: user.id, channel }, 'contact verified');
      return { status: ApiStatus.OK, message: translate(request.lang, `auth.contactVerified.${channel}`) };
    },
  );
};
