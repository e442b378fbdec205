/**
 * The database schema (PostgreSQL dialect, PostgreSQL 15 features only, so the same migrations run on
 * embedded PGlite and on a PostgreSQL server). Every merchant-owned table carries `merchant_id`.
 * Money columns are `bigint` đồng; times are `timestamptz`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').notNull().default('M4B_USER'),
    linkedSso: boolean('linked_sso').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Consecutive failed logins since the last success (audit; the lock itself is in login_throttles). */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** Mirrors the login lock of this username so staff screens can show it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    // Sign-in is case-insensitive, so uniqueness must be too.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    // Forgot-password and OTP look accounts up by phone and by e-mail, case-insensitively (0003).
    index('users_phone_idx').on(t.phone),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_user_type_ck', sql`${t.userType} in ('M4B_USER', 'SYSTEM', 'INTERNAL_USER')`),
  ],
);

export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    partnerCode: text('partner_code').notNull(),
    name: text('name').notNull(),
    brandName: text('brand_name').notNull(),
    type: text('type').notNull(),
    stateCode: integer('state_code').notNull(),
    relationshipRole: text('relationship_role'),
    linkedWithMaster: boolean('linked_with_master').notNull().default(false),
    masterMerchantId: integer('master_merchant_id'),
    internalGroupCode: text('internal_group_code'),
    todoActions: text('todo_actions').array().notNull().default(sql`'{}'::text[]`),
    payoutPeriod: text('payout_period'),
    payoutWallet: text('payout_wallet'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchants_partner_code_uq').on(t.partnerCode),
    index('merchants_master_merchant_id_idx').on(t.masterMerchantId),
    check('merchants_type_ck', sql`${t.type} in ('SME', 'BPU', 'BUDDHIST_SANGHA', 'TOP_BRAND', 'P2M')`),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('ACTIVE'),
    invitationStatus: text('invitation_status').notNull().default('ACCEPT'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('memberships_user_merchant_uq').on(t.userId, t.merchantId),
    index('memberships_merchant_id_idx').on(t.merchantId, t.id),
    check('memberships_status_ck', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
    check(
      'memberships_invitation_status_ck',
      sql`${t.invitationStatus} in ('WAITING', 'EXPIRED', 'REJECT', 'CANCEL', 'ACCEPT')`,
    ),
  ],
);

export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    storeName: text('store_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isClaimedOa: boolean('is_claimed_oa').notNull().default(false),
    phone: text('phone'),
    slug: text('slug').notNull(),
    stateCode: integer('state_code').notNull(),
    officialAccountId: text('official_account_id'),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stores_merchant_store_id_uq').on(t.merchantId, t.storeId),
    // Serves the newest-first store list (a B-tree scans backwards for `id desc`) and, as a unique
    // constraint, lets membership_stores reference (merchant_id, id): an assignment can never point at
    // another merchant's store.
    unique('stores_merchant_id_id_uq').on(t.merchantId, t.id),
    // Substring search on store names (`%keyword%`) needs trigrams to stay fast on big merchants.
    index('stores_store_name_trgm_idx').using('gin', t.storeName.op('gin_trgm_ops')),
  ],
);

export const membershipStores = pgTable(
  'membership_stores',
  {
    merchantId: integer('merchant_id').notNull(),
    userId: integer('user_id').notNull(),
    storeId: integer('store_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.userId, t.storeId] }),
    index('membership_stores_store_id_idx').on(t.storeId),
    foreignKey({
      name: 'membership_stores_membership_fk',
      columns: [t.userId, t.merchantId],
      foreignColumns: [memberships.userId, memberships.merchantId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'membership_stores_store_fk',
      columns: [t.merchantId, t.storeId],
      foreignColumns: [stores.merchantId, stores.id],
    }).onDelete('cascade'),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** HMAC-SHA256(pepper, token), base64url. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    isSso: boolean('is_sso').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Failed sign-in counters per username and per client IP. Keyed by the username as typed (lower-cased)
 * whether or not such a user exists, so a lock tells nothing about which usernames exist.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('login_throttles_scope_ck', sql`${t.scope} in ('user', 'ip')`),
  ],
);

/** The provider's service catalogue (PROMOTION, ADS, …). Names are translated by code on the server. */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('services_code_uq').on(t.code)],
);

/** A merchant's registration of a service; its id and status are what the portal's service flags read. */
export const merchantServices = pgTable(
  'merchant_services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    createdAt: createdAt(),
    /** Who registered it from the portal (null for seeded or provider-side registrations). */
    registeredBy: integer('registered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('merchant_services_merchant_service_uq').on(t.merchantId, t.serviceId),
    check('merchant_services_status_ck', sql`${t.status} in ('INITIALIZED', 'ACTIVE', 'REJECTED', 'INACTIVE')`),
  ],
);

/**
 * The pending side of a membership invitation (memberships.invitation_status WAITING): who invited and
 * until when. One row per membership; a new invitation to the same user replaces it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    userId: integer('user_id').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_merchant_user_uq').on(t.merchantId, t.userId),
    index('invitations_user_id_idx').on(t.userId),
    foreignKey({
      name: 'invitations_membership_fk',
      columns: [t.userId, t.merchantId],
      foreignColumns: [memberships.userId, memberships.merchantId],
    }).onDelete('cascade'),
  ],
);

/**
 * Who changed which user of a merchant, when, from where. No foreign key to users or memberships: the
 * trail must outlive a removed membership.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').notNull(),
    targetUserId: integer('target_user_id').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_entries_merchant_target_idx').on(t.merchantId, t.targetUserId, t.createdAt.desc())],
);
