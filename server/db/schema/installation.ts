/**
 * Secrets this installation generated for itself (server/lib/installation-secret): on PostgreSQL the
 * TOKEN_PEPPER fallback lives here, so every process on the database shares it and no source
 * constant is ever used. The embedded database keeps it in a 0600 file in DATA_DIR instead.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const installationSecrets = pgTable('installation_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
