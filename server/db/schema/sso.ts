/**
 * Single sign-on links: an identity of an identity provider (its issuer and subject, `iss` + `sub`)
 * opens the portal account it was linked to, and nothing else. Matching on a name the IdP sends
 * (`preferred_username`) would let whoever controls that name at any IdP take the account.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * Every link and unlink of an account's SSO identities: who (the session that did it), from where,
 * which identity. A wrongly linked identity is a way into the account, so its owner and support must be
 * able to see when it was planted and removed. No foreign key: the trail outlives the account.
 */
export const ssoLinkEvents = pgTable(
  'sso_link_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    action: text('action').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    sessionId: integer('session_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_link_events_user_idx').on(t.userId, t.createdAt.desc()), check('sso_link_events_action_ck', sql`${t.action} in ('LINK', 'UNLINK')`)],
);
