/**
 * Single sign-on links: an identity of an identity provider (its issuer and subject, `iss` + `sub`)
 * opens the portal account it was linked to, and nothing else. Matching on a name the IdP sends
 * (`preferred_username`) would let whoever controls that name at any IdP take the account.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core';

export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One portal account per identity, and one identity per issuer for an account (linking again replaces it).
    uniqueIndex('sso_identities_issuer_subject_uq').on(t.issuer, t.subject),
    uniqueIndex('sso_identities_user_issuer_uq').on(t.userId, t.issuer),
    index('sso_identities_user_idx').on(t.userId),
  ],
);
