/**
 * A merchant's users: its memberships (members and invitees), their stores, invitations and the audit
 * trail. Every function takes the merchant id first, so an unscoped query is visibly wrong.
 */
import { and, asc, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { MerchantUser, MyInvitation, UserAuditEntry } from '@/domain/api';
import { roleRank } from '@/domain/permissions';
import type { AuditAction, InvitationStatus, UserStatus } from '@/domain/users';
import type { Db } from '../../db/client';
import { auditEntries, invitations, memberships, membershipStores, merchants, stores, users, verifiedContacts } from '../../db/schema';
import { normaliseAddress } from '../../lib/otp/address';
import { notify } from '../../lib/notifications';
import { offsetOf, type PageRequest, type Sort } from '../../pagination';

export const USER_SORT_FIELDS = ['createdAt', 'username', 'fullname', 'id'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const SORT_COLUMNS = { createdAt: memberships.createdAt, username: users.username, fullname: users.name, id: users.id };

/** The newest audit entries the detail shows; older ones stay in the table. */
const AUDIT_LIMIT = 100;

export interface UserFilter {
  role?: string;
  status?: UserStatus;
  invitationStatus?: InvitationStatus;
  storeId?: number;
  keyword?: string;
}

export interface AuditInput {
  merchantId: number;
  actorUserId: number;
  targetUserId: number;
  action: AuditAction;
  details?: Record<string, unknown>;
  ip: string | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The highest-ranked role first: what the list shows as "the" role of a multi-role member. */
export const primaryRole = (roles: string[]): string => [...roles].sort((a, b) => roleRank(b) - roleRank(a))[0] ?? '';

const selection = {
  id: users.id,
  username: users.username,
  fullname: users.name,
  email: users.email,
  phone: users.phone,
  roles: memberships.roles,
  status: memberships.status,
  invitationStatus: memberships.invitationStatus,
  invitationExpiresAt: invitations.expiresAt,
  createdAt: memberships.createdAt,
};
interface Row {
  id: number;
  username: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  roles: string[];
  status: string;
  invitationStatus: string;
  invitationExpiresAt: Date | null;
  createdAt: Date;
}

function whereOf(merchantId: number, filter: UserFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(memberships.merchantId, merchantId)];
  if (filter.role) conditions.push(sql`${filter.role} = any(${memberships.roles})`);
  // A status is a member's: a waiting or refused invitee is neither active nor inactive.
  if (filter.status) conditions.push(eq(memberships.status, filter.status), eq(memberships.invitationStatus, 'ACCEPT'));
  if (filter.invitationStatus) conditions.push(eq(memberships.invitationStatus, filter.invitationStatus));
  if (filter.storeId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${membershipStores} ms where ms.merchant_id = ${memberships.merchantId} and ms.user_id = ${memberships.userId} and ms.store_id = ${filter.storeId})`,
    );
  }
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    conditions.push(or(ilike(users.username, pattern), ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  return and(...conditions);
}

export function usersRepository(db: Db) {
  async function storesOf(merchantId: number, userIds: number[]) {
    if (!userIds.length) return new Map<number, Array<{ id: number; storeName: string }>>();
    const rows = await db
      .select({ userId: membershipStores.userId, id: stores.id, storeName: stores.storeName })
      .from(membershipStores)
      .innerJoin(stores, and(eq(stores.merchantId, membershipStores.merchantId), eq(stores.id, membershipStores.storeId)))
      .where(and(eq(membershipStores.merchantId, merchantId), inArray(membershipStores.userId, userIds)))
      .orderBy(asc(stores.storeName), asc(stores.id));
    const byUser = new Map<number, Array<{ id: number; storeName: string }>>();
    for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), { id: r.id, storeName: r.storeName }]);
    return byUser;
  }

  function toUser(row: Row, userStores: Array<{ id: number; storeName: string }>): MerchantUser {
    return {
      id: row.id,
      username: row.username,
      fullname: row.fullname,
      email: row.email,
      phone: row.phone,
      role: primaryRole(row.roles),
      roles: row.roles,
      storeList: userStores.map((s) => s.id),
      stores: userStores,
      status: row.status as UserStatus,
      invitationStatus: row.invitationStatus as InvitationStatus,
      invitationExpiresAt: row.invitationExpiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  const base = () =>
    db
      .select(selection)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(invitations, and(eq(invitations.merchantId, memberships.merchantId), eq(invitations.userId, memberships.userId)));

  async function writeAudit(ex: Executor, entry: AuditInput): Promise<void> {
    await ex.insert(auditEntries).values({ ...entry, details: entry.details ?? {} });
  }

  async function replaceStores(ex: Executor, merchantId: number, userId: number, storeIds: number[]): Promise<void> {
    await ex.delete(membershipStores).where(and(eq(membershipStores.merchantId, merchantId), eq(membershipStores.userId, userId)));
    if (storeIds.length) await ex.insert(membershipStores).values([...new Set(storeIds)].map((storeId) => ({ merchantId, userId, storeId })));
  }

  return {
    /**
     * Turns WAITING invitations past their expiry into EXPIRED. Run before reads, so filters, lists and
     * answers all see the same state without a background job.
     */
    async expireDue(scope: { merchantId?: number; userId?: number }): Promise<void> {
      const due = db
        .select({ merchantId: invitations.merchantId, userId: invitations.userId })
        .from(invitations)
        .where(
          and(
            lt(invitations.expiresAt, new Date()),
            scope.merchantId !== undefined ? eq(invitations.merchantId, scope.merchantId) : undefined,
            scope.userId !== undefined ? eq(invitations.userId, scope.userId) : undefined,
          ),
        );
      await db
        .update(memberships)
        .set({ invitationStatus: 'EXPIRED' })
        .where(
          and(
            eq(memberships.invitationStatus, 'WAITING'),
            sql`(${memberships.merchantId}, ${memberships.userId}) in (${due})`,
          ),
        );
    },

    async page(merchantId: number, filter: UserFilter, sort: Sort<UserSortField>, page: PageRequest) {
      const where = whereOf(merchantId, filter);
      const column = SORT_COLUMNS[sort.field];
      const order = [sort.direction === 'asc' ? asc(column) : desc(column), ...(sort.field === 'id' ? [] : [desc(users.id)])];
      const [rows, [{ total }]] = await Promise.all([
        base().where(where).orderBy(...order).limit(page.pageSize).offset(offsetOf(page)),
        db.select({ total: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where),
      ]);
      const byUser = await storesOf(merchantId, rows.map((r) => r.id));
      return { rows: rows.map((r) => toUser(r, byUser.get(r.id) ?? [])), total };
    },

    /** A member or invitee of this merchant; null for anyone else (another merchant's user included). */
    async find(merchantId: number, userId: number): Promise<MerchantUser | null> {
      const [row] = await base().where(and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId)));
      if (!row) return null;
      const byUser = await storesOf(merchantId, [userId]);
      return toUser(row, byUser.get(userId) ?? []);
    },

    async audit(merchantId: number, userId: number): Promise<UserAuditEntry[]> {
      const rows = await db
        .select({
          id: auditEntries.id,
          action: auditEntries.action,
          actorUserId: auditEntries.actorUserId,
          actorUsername: users.username,
          details: auditEntries.details,
          ip: auditEntries.ip,
          createdAt: auditEntries.createdAt,
        })
        .from(auditEntries)
        .leftJoin(users, eq(users.id, auditEntries.actorUserId))
        .where(and(eq(auditEntries.merchantId, merchantId), eq(auditEntries.targetUserId, userId)))
        .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
        .limit(AUDIT_LIMIT);
      return rows.map((r) => ({ ...r, details: (r.details ?? {}) as Record<string, unknown>, createdAt: r.createdAt.toISOString() }));
    },

    /** True when every id is a store of this merchant. */
    async storesBelong(merchantId: number, storeIds: number[]): Promise<boolean> {
      const unique = [...new Set(storeIds)];
      if (!unique.length) return true;
      const [{ n }] = await db
        .select({ n: count() })
        .from(stores)
        .where(and(eq(stores.merchantId, merchantId), inArray(stores.id, unique)));
      return n === unique.length;
    },

    /** Active, accepted members holding MERCHANT_OWNER: the merchant must always keep one. */
    async activeOwnerCount(merchantId: number): Promise<number> {
      const [{ n }] = await db
        .select({ n: count() })
        .from(memberships)
        .where(
          and(
            eq(memberships.merchantId, merchantId),
            eq(memberships.status, 'ACTIVE'),
            eq(memberships.invitationStatus, 'ACCEPT'),
            sql`'MERCHANT_OWNER' = any(${memberships.roles})`,
          ),
        );
      return n;
    },

    async usernameTaken(username: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
      return row !== undefined;
    },

    /** An existing wallet user by username (case-insensitive) or phone number. */
    /**
     * The wallet account with this username, or whose verified phone this is. A phone typed into
     * someone's sign-up proves nothing, so an unverified one never receives an invitation.
     */
    async findAccount(account: string): Promise<{ id: number; username: string; name: string; phone: string | null } | null> {
      const phone = normaliseAddress('SMS', account);
      const [row] = await db
        .select({ id: users.id, username: users.username, name: users.name, phone: users.phone })
        .from(users)
        .leftJoin(verifiedContacts, and(eq(verifiedContacts.userId, users.id), eq(verifiedContacts.channel, 'SMS')))
        .where(or(sql`lower(${users.username}) = lower(${account})`, and(eq(users.phone, phone), eq(verifiedContacts.address, phone))))
        .orderBy(asc(users.id))
        .limit(1);
      return row ?? null;
    },

    async create(
      merchantId: number,
      input: { username: string; fullname: string; email: string | null; passwordHash: string; role: string; storeIds: number[] },
      audit: Omit<AuditInput, 'merchantId' | 'targetUserId' | 'action'>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ username: input.username, name: input.fullname, email: input.email, passwordHash: input.passwordHash })
          .returning({ id: users.id });
        await tx.insert(memberships).values({ merchantId, userId: user.id, roles: [input.role] });
        await replaceStores(tx, merchantId, user.id, input.storeIds);
        await writeAudit(tx, {
          ...audit,
          merchantId,
          targetUserId: user.id,
          action: 'CREATE',
          details: { username: input.username, role: input.role, storeList: input.storeIds },
        });
        return user.id;
      });
    },

    /** Creates or renews the invitation of a user into this merchant (WAITING until `expiresAt`). */
    async invite(
      merchantId: number,
      userId: number,
      input: { role: string; storeIds: number[]; expiresAt: Date },
      audit: Omit<AuditInput, 'merchantId' | 'targetUserId' | 'action'>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(memberships)
          .values({ merchantId, userId, roles: [input.role], status: 'ACTIVE', invitationStatus: 'WAITING' })
          .onConflictDoUpdate({
            target: [memberships.userId, memberships.merchantId],
            set: { roles: [input.role], status: 'ACTIVE', invitationStatus: 'WAITING', createdAt: new Date() },
          });
        await tx
          .insert(invitations)
          .values({ merchantId, userId, invitedBy: audit.actorUserId, expiresAt: input.expiresAt })
          .onConflictDoUpdate({
            target: [invitations.merchantId, invitations.userId],
            set: { invitedBy: audit.actorUserId, expiresAt: input.expiresAt, createdAt: new Date() },
          });
        await replaceStores(tx, merchantId, userId, input.storeIds);
        await writeAudit(tx, {
          ...audit,
          merchantId,
          targetUserId: userId,
          action: 'INVITE',
          details: { role: input.role, storeList: input.storeIds, expiresAt: input.expiresAt.toISOString() },
        });
        // The invitee hears of it in the bell (whatever merchant they are in) and on the choose-merchant page.
        const [inviter] = await tx.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, audit.actorUserId));
        const [merchant] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
        await notify(tx, {
          merchantId,
          kind: 'INVITATION',
          params: { inviter: inviter?.name || inviter?.username || '', merchantName: merchant?.name ?? '' },
          link: '/portal/onboard/merchants-choose',
          userIds: [userId],
        });
      });
    },

    async update(
      merchantId: number,
      userId: number,
      change: { fullname?: string; email?: string | null; role?: string; storeIds?: number[] },
      audit: Omit<AuditInput, 'merchantId' | 'targetUserId' | 'action'>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const profile = {
          ...(change.fullname !== undefined ? { name: change.fullname } : {}),
          ...(change.email !== undefined ? { email: change.email } : {}),
        };
        if (Object.keys(profile).length) await tx.update(users).set(profile).where(eq(users.id, userId));
        if (change.role !== undefined) {
          await tx
            .update(memberships)
            .set({ roles: [change.role] })
            .where(and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId)));
        }
        if (change.storeIds !== undefined) await replaceStores(tx, merchantId, userId, change.storeIds);
        await writeAudit(tx, { ...audit, merchantId, targetUserId: userId, action: 'UPDATE', details: { ...change } });
      });
    },

    async setState(
      merchantId: number,
      userId: number,
      state: { status?: UserStatus; invitationStatus?: InvitationStatus },
      action: AuditAction,
      audit: Omit<AuditInput, 'merchantId' | 'targetUserId' | 'action'>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(memberships)
          .set(state)
          .where(and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId)));
        await writeAudit(tx, { ...audit, merchantId, targetUserId: userId, action, details: { ...state } });
      });
    },

    /** Removes the membership (its stores and invitation go with it); the audit trail stays. */
    async remove(merchantId: number, userId: number, audit: Omit<AuditInput, 'merchantId' | 'targetUserId' | 'action'>) {
      await db.transaction(async (tx) => {
        await tx.delete(memberships).where(and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId)));
        await writeAudit(tx, { ...audit, merchantId, targetUserId: userId, action: 'REMOVE' });
      });
    },

    /** The signed-in user's invitations still waiting for an answer. */
    async invitationsOf(userId: number): Promise<MyInvitation[]> {
      const inviter = sql<string | null>`(select u.username from ${users} u where u.id = ${invitations.invitedBy})`;
      const rows = await db
        .select({
          id: memberships.id,
          merchantId: merchants.id,
          merchantName: merchants.name,
          brandName: merchants.brandName,
          roles: memberships.roles,
          invitedBy: inviter,
          expiresAt: invitations.expiresAt,
          createdAt: memberships.createdAt,
        })
        .from(memberships)
        .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
        .leftJoin(invitations, and(eq(invitations.merchantId, memberships.merchantId), eq(invitations.userId, memberships.userId)))
        .where(and(eq(memberships.userId, userId), eq(memberships.invitationStatus, 'WAITING')))
        .orderBy(desc(memberships.createdAt), desc(memberships.id));
      return rows.map(({ roles, ...r }) => ({
        ...r,
        role: primaryRole(roles),
        expiresAt: r.expiresAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** The user's own WAITING invitation by its id, or null (someone else's ids answer the same). */
    async findInvitation(userId: number, invitationId: number): Promise<{ merchantId: number } | null> {
      const [row] = await db
        .select({ merchantId: memberships.merchantId })
        .from(memberships)
        .where(and(eq(memberships.id, invitationId), eq(memberships.userId, userId), eq(memberships.invitationStatus, 'WAITING')));
      return row ?? null;
    },

  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
