/**
 * Sessions of wallet customers on the public page's simulator (demo mode only). Kept apart from the
 * merchant portal's `sessions`: a customer token never opens a merchant API and a merchant token never
 * acts as a customer. Like merchant sessions only an HMAC of the token is stored; they live two hours.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './business-pages';

export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** HMAC-SHA256 of the bearer token under the server's pepper (base64url), never the token. */
    tokenHash: text('token_hash').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId), index('customer_sessions_expires_idx').on(t.expiresAt)],
);
