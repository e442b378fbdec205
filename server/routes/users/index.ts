/**
 * Team (user management) of a merchant, spec §7 users calls under /authorization/v2, and the invitee's
 * own invitations. The permission rules are the shared ones of src/domain/permissions.ts: the portal
 * hides what these routes refuse.
 */
import { hash } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus, UserApiPaths } from '@/domain/api';
import { canGrantRole, canManageUsers, highestRank } from '@/domain/permissions';
import { maskPersonName, maskPhone } from '@/domain/masking';
import { Roles } from '@/domain/roles';
import {
  createUserSchema,
  INVITATION_LIFETIME_DAYS,
  INVITATION_STATUSES,
  invitationAnswerSchema,
  inviteHolderQuerySchema,
  inviteUserSchema,
  isStoreRole,
  looksLikePhone,
  USER_STATUSES,
  userRequestSchema,
} from '@/domain/users';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { pageQueryShape, pageSchema, sortParam, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { USER_SORT_FIELDS, usersRepository } from './repository';
import { accessChanged } from '../../lib/auth-cache/broadcast';

const DAY_MS = 86_400_000;


const storeRefSchema = z.object({ id: z.number().int(), storeName: z.string() });
const auditSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorUserId: z.number().int(),
  actorUsername: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  roles: z.array(z.string()),
  storeList: z.array(z.number().int()),
  stores: z.array(storeRefSchema),
  status: z.enum(USER_STATUSES),
  invitationStatus: z.enum(INVITATION_STATUSES),
  invitationExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  audit: z.array(auditSchema).optional(),
});
const invitationSchema = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  merchantName: z.string(),
  brandName: z.string(),
  role: z.string(),
  invitedBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});

const usersQuery = apiQuery({
  ...pageQueryShape,
  sort: sortParam(USER_SORT_FIELDS, 'createdAt,desc'),
  keyword: z.string().trim().max(100).optional().meta({ description: 'Part of the username, full name or e-mail' }),
  role: z.enum(Roles).optional(),
  status: z.enum(USER_STATUSES).optional(),
  invitationStatus: z.enum(INVITATION_STATUSES).optional(),
  storeId: idParam.optional().meta({ description: 'Only users assigned to this store' }),
});

const merchantParams = z.strictObject({ merchantId: idParam });
const userParams = z.strictObject({ merchantId: idParam, userId: idParam });

const conflict = (key: string) => new ApiError(409, ApiStatus.CONFLICT, key);
const refused = (key: string) => new ApiError(403, ApiStatus.FORBIDDEN, key);
const unknownStore = () => new ApiError(400, ApiStatus.VALIDATION, 'users.unknownStore');

/** The caller's roles in the merchant, refused unless they may manage users (§6). */
function requireManager(request: FastifyRequest): string[] {
  const { roles } = membershipOf(request);
  if (!canManageUsers(roles)) throw ApiError.forbidden();
  return roles;
}

function auditOf(request: FastifyRequest) {
  return { actorUserId: callerOf(request).userId, ip: request.ip ?? null };
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = usersRepository(app.database.db);

  /** The target user of this merchant, 404 for anyone else's id (nothing is revealed, nothing changed). */
  async function targetOf(merchantId: number, userId: number) {
    const target = await repo.find(merchantId, userId);
    if (!target) throw ApiError.notFound();
    return target;
  }

  /**
   * The wallet account an invitation goes to (username, or a phone its owner verified; the schema has
   * normalised the phone). A phone with no account that verified it: the invitee must sign up with it or
   * verify it first, and the message says so.
   */
  async function accountOf(account: string) {
    const found = await repo.findAccount(account);
    if (!found) throw new ApiError(404, ApiStatus.NOT_FOUND, looksLikePhone(account) ? 'users.contactNotVerified' : 'users.accountNotFound');
    return found;
  }

  /** A manager acts only on users ranked at most as high as themselves (an ADMINISTRATOR never on an owner). */
  function requireRankOver(callerRoles: string[], targetRoles: string[]) {
    if (highestRank(targetRoles) > highestRank(callerRoles)) throw refused('users.targetAboveCaller');
  }

  async function requireStores(merchantId: number, role: string, storeList: number[] | undefined): Promise<number[]> {
    // Only store roles are limited to stores; a merchant-wide role keeps none (an assignment would mislead).
    const storeIds = isStoreRole(role) ? (storeList ?? []) : [];
    if (!(await repo.storesBelong(merchantId, storeIds))) throw unknownStore();
    return storeIds;
  }

  /** The last active owner must stay: never removed, deactivated or demoted. */
  async function requireNotLastOwner(merchantId: number, target: { roles: string[]; status: string; invitationStatus: string }) {
    const isActiveOwner = target.roles.includes('MERCHANT_OWNER') && target.status === 'ACTIVE' && target.invitationStatus === 'ACCEPT';
    if (isActiveOwner && (await repo.activeOwnerCount(merchantId)) <= 1) throw conflict('users.lastOwner');
  }

  app.get(
    UserApiPaths.users,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['users'],
        summary: 'Users and invitees of a merchant, paged (managers only: MERCHANT_OWNER, ADMINISTRATOR, USER_ROLE_MANAGER)',
        params: merchantParams,
        querystring: usersQuery,
        response: { 200: envelopeSchema(pageSchema(userSchema)) },
      },
    },
    async (request) => {
      requireManager(request);
      const { merchant } = membershipOf(request);
      const { keyword, role, status, invitationStatus, storeId, sort } = request.query;
      await repo.expireDue({ merchantId: merchant.id });
      const { rows, total } = await repo.page(merchant.id, { keyword, role, status, invitationStatus, storeId }, sort, request.query);
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.post(
    UserApiPaths.users,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['users'],
        summary: 'Create a user with a role (and stores for a store role)',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: createUserSchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => {
      const roles = requireManager(request);
      const { merchant } = membershipOf(request);
      const body = request.body;
      if (!canGrantRole(roles, body.role)) throw refused('users.roleAboveCaller');
      const storeIds = await requireStores(merchant.id, body.role, body.storeList);
      if (await repo.usernameTaken(body.username)) throw conflict('users.usernameTaken');
      const passwordHash = await hash(body.password);
      const userId = await repo.create(
        merchant.id,
        { username: body.username, fullname: body.fullname, email: body.email || null, passwordHash, role: body.role, storeIds },
        auditOf(request),
      );
      return ok(request, await targetOf(merchant.id, userId));
    },
  );

  app.post(
    UserApiPaths.invite,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['users'],
        summary: `Invite an existing wallet user (username, or a phone its owner verified); WAITING for ${INVITATION_LIFETIME_DAYS} days, then EXPIRED`,
        params: merchantParams,
        querystring: langOnlyQuery,
        body: inviteUserSchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => {
      const roles = requireManager(request);
      const { merchant } = membershipOf(request);
      const body = request.body;
      if (!canGrantRole(roles, body.role)) throw refused('users.roleAboveCaller');
      const storeIds = await requireStores(merchant.id, body.role, body.storeList);
      const account = await accountOf(body.account);
      await repo.expireDue({ merchantId: merchant.id });
      const existing = await repo.find(merchant.id, account.id);
      if (existing?.invitationStatus === 'ACCEPT') throw conflict('users.alreadyMember');
      if (existing?.invitationStatus === 'WAITING') throw conflict('users.alreadyInvited');
      await repo.invite(
        merchant.id,
        account.id,
        { role: body.role, storeIds, expiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * DAY_MS) },
        auditOf(request),
      );
      return ok(request, await targetOf(merchant.id, account.id));
    },
  );

  app.post(
    UserApiPaths.inviteHolder,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['users'],
        summary: 'Whose wallet an invitation would go to (managers only): the holder\'s name and phone, masked; 404 with the reason when no account matches',
        params: merchantParams,
        querystring: langOnlyQuery,
        body: inviteHolderQuerySchema,
        response: { 200: envelopeSchema(z.object({ maskedName: z.string(), maskedPhone: z.string().nullable() })) },
      },
    },
    async (request) => {
      requireManager(request);
      const holder = await accountOf(request.body.account);
      return ok(request, { maskedName: maskPersonName(holder.name) ?? '', maskedPhone: maskPhone(holder.phone) });
    },
  );

  app.get(
    UserApiPaths.user,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['users'],
        summary: 'One user of the merchant with its audit trail (newest first)',
        params: userParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => {
      requireManager(request);
      const { merchant } = membershipOf(request);
      await repo.expireDue({ merchantId: merchant.id });
      const target = await targetOf(merchant.id, request.params.userId);
      return ok(request, { ...target, audit: await repo.audit(merchant.id, target.id) });
    },
  );

  app.post(
    UserApiPaths.user,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['users'],
        summary: "Change a user: reqType 'update' (fullname, email, role, storeList), 'remove', 'deactivate', 'reactivate' or 'cancelInvitation'",
        params: userParams,
        querystring: langOnlyQuery,
        body: userRequestSchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => {
      const roles = requireManager(request);
      const { merchant } = membershipOf(request);
      const callerId = callerOf(request).userId;
      const body = request.body;
      await repo.expireDue({ merchantId: merchant.id });
      const target = await targetOf(merchant.id, request.params.userId);
      const self = target.id === callerId;
      requireRankOver(roles, target.roles);
      const audit = auditOf(request);
      // Whatever changes (role, stores, removal, deactivation), every process reads this member afresh.
      accessChanged(request, [target.id]);

      switch (body.reqType) {
        case 'update': {
          const roleChanges = body.role !== undefined && !(target.roles.length === 1 && target.roles[0] === body.role);
          if (roleChanges && self) throw refused('users.ownRole');
          if (roleChanges && !canGrantRole(roles, body.role!)) throw refused('users.roleAboveCaller');
          if (roleChanges) await requireNotLastOwner(merchant.id, target);
          const effectiveRole = body.role ?? target.role;
          const storesChange = roleChanges || body.storeList !== undefined;
          if (storesChange && self && body.storeList !== undefined) throw refused('users.ownRole');
          let storeIds: number[] | undefined;
          if (storesChange) {
            if (isStoreRole(effectiveRole) && !(body.storeList ?? target.storeList).length) {
              throw new ApiError(400, ApiStatus.VALIDATION, 'users.storeRequired');
            }
            storeIds = await requireStores(merchant.id, effectiveRole, body.storeList ?? target.storeList);
          }
          await repo.update(
            merchant.id,
            target.id,
            {
              ...(body.fullname !== undefined ? { fullname: body.fullname } : {}),
              ...(body.email !== undefined ? { email: body.email || null } : {}),
              ...(roleChanges ? { role: body.role } : {}),
              ...(storeIds !== undefined ? { storeIds } : {}),
            },
            audit,
          );
          return ok(request, await targetOf(merchant.id, target.id));
        }
        case 'remove': {
          if (self) throw refused('users.removeSelf');
          await requireNotLastOwner(merchant.id, target);
          await repo.remove(merchant.id, target.id, audit);
          // The removed user's last state, so the caller can say whom it removed.
          return ok(request, target);
        }
        case 'deactivate': {
          if (self) throw refused('users.removeSelf');
          if (target.invitationStatus !== 'ACCEPT') throw conflict('users.notMember');
          await requireNotLastOwner(merchant.id, target);
          await repo.setState(merchant.id, target.id, { status: 'INACTIVE' }, 'DEACTIVATE', audit);
          return ok(request, await targetOf(merchant.id, target.id));
        }
        case 'reactivate': {
          if (target.invitationStatus !== 'ACCEPT') throw conflict('users.notMember');
          await repo.setState(merchant.id, target.id, { status: 'ACTIVE' }, 'REACTIVATE', audit);
          return ok(request, await targetOf(merchant.id, target.id));
        }
        case 'cancelInvitation': {
          if (target.invitationStatus !== 'WAITING') throw conflict('users.invitationNotPending');
          await repo.setState(merchant.id, target.id, { status: 'INACTIVE', invitationStatus: 'CANCEL' }, 'CANCEL_INVITATION', audit);
          return ok(request, await targetOf(merchant.id, target.id));
        }
      }
    },
  );

  app.get(
    UserApiPaths.myInvitations,
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user’s invitations waiting for an answer',
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(z.array(invitationSchema)) },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      await repo.expireDue({ userId });
      return ok(request, await repo.invitationsOf(userId));
    },
  );

  app.post(
    UserApiPaths.myInvitation,
    {
      schema: {
        tags: ['users'],
        summary: 'Accept or reject one of the signed-in user’s waiting invitations',
        params: z.strictObject({ invitationId: idParam }),
        querystring: langOnlyQuery,
        body: invitationAnswerSchema,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      await repo.expireDue({ userId });
      const invitation = await repo.findInvitation(userId, request.params.invitationId);
      // Expired, answered, cancelled and other users' invitations all answer 404: nothing to act on.
      if (!invitation) throw ApiError.notFound();
      const accept = request.body.action === 'accept';
      await repo.setState(
        invitation.merchantId,
        userId,
        accept ? { status: 'ACTIVE', invitationStatus: 'ACCEPT' } : { status: 'INACTIVE', invitationStatus: 'REJECT' },
        accept ? 'ACCEPT_INVITATION' : 'REJECT_INVITATION',
        { actorUserId: userId, ip: request.ip ?? null },
      );
      return okEmpty(request);
    },
  );
};
