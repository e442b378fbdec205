/**
 * Verified contacts (see server/db/schema/contacts.ts): a phone or e-mail opens nothing (SMS login,
 * password reset, invitations, the second factor) until a code sent to it was confirmed. A row counts
 * only while its address is still the account's, so changing a contact unverifies it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, verifiedContacts } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { ApiError } from '../../errors';
import { ApiStatus } from '@/domain/api';
import { normaliseAddress } from './address';

export type ContactChannel = 'SMS' | 'EMAIL';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type UserRow = typeof users.$inferSelect;

export interface ContactState {
  channel: ContactChannel;
  address: string;
  verifiedAt: Date | null;
}

/** The account field of a channel, normalised, or null when the account has none. */
export function contactOf(user: Pick<UserRow, 'phone' | 'email'>, channel: ContactChannel): string | null {
  const raw = channel === 'SMS' ? user.phone : user.email;
  return raw ? normaliseAddress(channel, raw) : null;
}

/** The 409 of a contact that another account verified first. */
export const contactTaken = (channel: ContactChannel) => new ApiError(409, ApiStatus.CONFLICT, channel === 'SMS' ? 'auth.phoneTaken' : 'auth.emailTaken');

export function contactsService(db: Db) {
  return {
    /** The account whose verified phone this is (normalised), or null: an unverified phone opens nothing. */
    async userByVerifiedPhone(phone: string): Promise<UserRow | null> {
      const [row] = await db
        .select({ user: users })
        .from(verifiedContacts)
        .innerJoin(users, eq(users.id, verifiedContacts.userId))
        .where(and(eq(verifiedContacts.channel, 'SMS'), eq(verifiedContacts.address, phone), eq(users.phone, phone)))
        .orderBy(asc(users.id))
        .limit(1);
      return row?.user ?? null;
    },

    /** The account that verified this contact, if any (whatever its other contacts). */
    async ownerOf(channel: ContactChannel, address: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: verifiedContacts.userId })
        .from(verifiedContacts)
        .where(and(eq(verifiedContacts.channel, channel), eq(verifiedContacts.address, address)));
      return row?.userId ?? null;
    },

    /** The account's phone and e-mail with their verification (only contacts it has). */
    async statesOf(user: Pick<UserRow, 'id' | 'phone' | 'email'>): Promise<ContactState[]> {
      const rows = await db.select().from(verifiedContacts).where(eq(verifiedContacts.userId, user.id));
      const states: ContactState[] = [];
      for (const channel of ['SMS', 'EMAIL'] as const) {
        const address = contactOf(user, channel);
        if (!address) continue;
        const row = rows.find((r) => r.channel === channel && r.address === address);
        states.push({ channel, address, verifiedAt: row?.verifiedAt ?? null });
      }
      return states;
    },

    async isVerified(user: Pick<UserRow, 'id' | 'phone' | 'email'>, channel: ContactChannel): Promise<boolean> {
      return (await this.statesOf(user)).some((s) => s.channel === channel && s.verifiedAt !== null);
    },

    /**
     * Records that the account proved this contact (a code sent to it was confirmed). Another account
     * that verified it first keeps it: 409, told only to whoever just proved they hold the contact.
     */
    async markVerified(userId: number, channel: ContactChannel, address: string, tx: Tx | Db = db): Promise<void> {
      try {
        await tx
          .insert(verifiedContacts)
          .values({ userId, channel, address })
          .onConflictDoUpdate({ target: [verifiedContacts.userId, verifiedContacts.channel], set: { address, verifiedAt: sql`now()` } });
      } catch (err) {
        if (isUniqueViolation(err, 'verified_contacts_address_uq')) throw contactTaken(channel);
        throw err;
      }
    },
  };
}

export type ContactsService = ReturnType<typeof contactsService>;
