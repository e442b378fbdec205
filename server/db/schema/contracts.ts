/**
 * E-contracts and the biometric (NFC) onboarding check (migration 0008_contracts.sql). A contract is a
 * versioned template rendered with the merchant's data; once signed, the rendered parties are frozen in
 * `snapshot` and the SHA-256 of the content is kept, so the signed document can be rebuilt and checked.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';

/** Contract wording per type and version (operator data: a new version is a new row, never an edit). */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: text('type').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    /** `{ heading, paragraphs[] }[]` in Vietnamese with `${placeholder}`s filled from the merchant's data. */
    sections: jsonb('sections').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_templates_type_version_uq').on(t.type, t.version),
    check('contract_templates_type_ck', sql`${t.type} in ('PAYMENT_SERVICE', 'ADDENDUM', 'PROMOTION_SERVICE')`),
  ],
);

export const econtracts = pgTable(
  'econtracts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => contractTemplates.id),
    contractNo: text('contract_no').notNull(),
    status: text('status').notNull().default('PENDING'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The parties as rendered at signing (null while pending: the live merchant data is used). */
    snapshot: jsonb('snapshot'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text too: the signer's account may be removed, the record of who signed may not. */
    signerUsername: text('signer_username'),
    signerName: text('signer_name'),
    signerIp: text('signer_ip'),
    /** SHA-256 (hex) of the canonical content that was signed. */
    contentHash: text('content_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('econtracts_contract_no_uq').on(t.contractNo),
    // The list: newest first within a merchant, paged in SQL.
    index('econtracts_merchant_issued_idx').on(t.merchantId, t.issuedAt.desc(), t.id.desc()),
    // At most one pending contract per merchant and template: a second issue would be a duplicate.
    uniqueIndex('econtracts_one_pending_uq').on(t.merchantId, t.templateId).where(sql`${t.status} = 'PENDING'`),
    check('econtracts_status_ck', sql`${t.status} in ('PENDING', 'SIGNED', 'CANCELLED', 'EXPIRED')`),
    check(
      'econtracts_signed_ck',
      sql`(${t.status} <> 'SIGNED') or (${t.signedAt} is not null and ${t.contentHash} is not null and ${t.snapshot} is not null)`,
    ),
  ],
);

/** History of a contract: issued, codes sent, signed, downloaded. No FK to users: it outlives accounts. */
export const econtractEvents = pgTable(
  'econtract_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => econtracts.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id').notNull(),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id'),
    actorUsername: text('actor_username'),
    actorName: text('actor_name'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('econtract_events_contract_idx').on(t.contractId, t.createdAt.desc(), t.id.desc()),
    check('econtract_events_action_ck', sql`${t.action} in ('ISSUED', 'OTP_SENT', 'SIGNED', 'DOWNLOADED', 'CANCELLED')`),
  ],
);

/**
 * One chip-ID check started from the portal. The wallet app finds it by the code in the QR/deep link;
 * only the code's SHA-256 is stored.
 */
export const biometricSessions = pgTable(
  'biometric_sessions',
  {
    id: text('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    status: text('status').notNull().default('PENDING'),
    /** The todo was the REQUIRED variant when the session started (a demo reset puts that one back). */
    required: boolean('required').notNull(),
    /** How it was completed: APP (the wallet app) or DEMO (demo mode, no phone). */
    method: text('method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('biometric_sessions_code_hash_uq').on(t.codeHash),
    index('biometric_sessions_merchant_user_idx').on(t.merchantId, t.userId, t.createdAt.desc()),
    check('biometric_sessions_status_ck', sql`${t.status} in ('PENDING', 'VERIFIED', 'FAILED', 'EXPIRED')`),
    check('biometric_sessions_method_ck', sql`${t.method} is null or ${t.method} in ('APP', 'DEMO')`),
  ],
);

/** A user's skip of the optional check for a merchant (spec §4 "not skipped earlier"), kept across devices. */
export const biometricSkips = pgTable(
  'biometric_skips',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skippedAt: timestamp('skipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.userId] })],
);
