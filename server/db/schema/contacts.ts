/**
 * Verified contacts: a phone or e-mail counts for invitations, SMS login, password reset and the
 * second factor only once a code sent to it was confirmed. Sign-up proves one contact (the one its
 * code went to); the other stays unverified until its owner confirms a code from the account screen.
 * The row keeps the address it proved, so changing the contact on the account unverifies it.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core';

export const verifiedContacts = pgTable(
  'verified_contacts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** Normalised like the account's (phone 0…, e-mail lower-case): verified only while they are equal. */
    address: text('address').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channel] }),
    // A contact proves one person: it is verified on one account at most.
    uniqueIndex('verified_contacts_address_uq').on(t.channel, t.address),
    check('verified_contacts_channel_ck', sql`${t.channel} in ('SMS', 'EMAIL')`),
  ],
);
