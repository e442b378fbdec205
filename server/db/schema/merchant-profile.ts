/**
 * Merchant info and KYB documents (migration 0004_merchant_profile.sql). File contents live in the
 * database (bytea), not on disk: several API processes on one PostgreSQL see the same files, and a
 * backup of the database is a backup of the documents (see docs/decisions.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** KYB fields of a merchant that the foundation's merchants table does not hold. One row per merchant. */
export const merchantProfiles = pgTable('merchant_profiles', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  companyTypeCode: text('company_type_code').notNull(),
  industryCode: text('industry_code').notNull(),
  taxCode: text('tax_code').notNull(),
  businessAddress: text('business_address').notNull(),
  representativeName: text('representative_name').notNull(),
  contactPhone: text('contact_phone').notNull(),
  contactEmail: text('contact_email').notNull(),
  website: text('website'),
  sellingChannel: text('selling_channel').notNull(),
  /**
   * Registered with a tax code another merchant already holds: the registrant gets the same answer as
   * for a new code (no hint that it exists), and KYB staff review the pair before approval.
   */
  duplicateTaxCode: boolean('duplicate_tax_code').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Options of the edit form: industries (with MCC) and legal forms, named in both languages. */
export const merchantCategories = pgTable(
  'merchant_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: text('type').notNull(),
    code: text('code').notNull(),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    mcc: text('mcc'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('merchant_categories_type_code_uq').on(t.type, t.code),
    index('merchant_categories_type_sort_idx').on(t.type, t.sortOrder),
  ],
);

/** The bytes of a stored file, under its generated name. */
export const storedFiles = pgTable('stored_files', {
  storageName: text('storage_name').primaryKey(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const merchantDocuments = pgTable(
  'merchant_documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    docType: text('doc_type').notNull(),
    /** Generated (random) name of the bytes in stored_files; never derived from user input. */
    storageName: text('storage_name')
      .notNull()
      .references(() => storedFiles.storageName),
    /** The user's file name, checked (no folders, no control characters); only ever sent back as an attachment name. */
    fileName: text('file_name').notNull(),
    /** The type found by reading the content (magic bytes), not the one the client declared. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merchant_documents_merchant_type_idx').on(t.merchantId, t.docType, t.id),
    uniqueIndex('merchant_documents_storage_name_uq').on(t.storageName),
    // §3: one ID front, one ID back (and one logo) per merchant, enforced by the database too.
    uniqueIndex('merchant_documents_single_uq')
      .on(t.merchantId, t.docType)
      .where(sql`${t.docType} in ('Document-KYB-B1', 'Document-KYB-B2', 'Logo')`),
    check('merchant_documents_size_ck', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 6291456`),
  ],
);

/** Who changed a merchant's info, documents, state or links, when and from where. */
export const merchantProfileEvents = pgTable(
  'merchant_profile_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    stateFrom: integer('state_from'),
    stateTo: integer('state_to'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_profile_events_merchant_idx').on(t.merchantId, t.createdAt.desc())],
);
