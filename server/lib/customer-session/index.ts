/**
 * Customer sessions of the public page's simulator (demo mode only). A demo customer (a `customers` row
 * with a password hash, e.g. customer_demo) signs in with username and password and gets an opaque
 * bearer token: 32 random bytes, stored only as an HMAC under the server's pepper with a "customer:"
 * prefix, so the same string can never be a merchant session's hash. Sessions last two hours and are
 * sent in the Authorization header only (never in a URL).
 */
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ApiStatus } from '@/domain/api';
import type { Db } from '../../db/client';
import { hashToken, newToken } from '../../db/repositories/sessions';
import { customers, customerSessions } from '../../db/schema';
import { ApiError } from '../../errors';
import { bearerToken } from '../../plugins/auth';

export const CUSTOMER_SESSION_HOURS = 2;

export interface Customer {
  id: number;
  username: string;
  fullName: string;
}

/** 403 outside demo mode: customers act in the wallet app, never through the portal. */
export function requireDemoMode(request: FastifyRequest): void {
  if (!request.server.config.demoMode) throw new ApiError(403, ApiStatus.FORBIDDEN, 'publicPages.demoOnly');
}

const customerHash = (pepper: string, token: string) => hashToken(pepper, `customer:${token}`);

/** An unknown name still costs one argon2 verify, so names cannot be told apart by time. */
let dummyHash: Promise<string> | null = null;

export function customerSessionStore(db: Db, pepper: string) {
  return {
    /** Signs a demo customer in: null for an unknown name, a customer without a password, or a wrong one. */
    async signIn(username: string, password: string, now = new Date()): Promise<{ token: string; expiresAt: Date; customer: Customer } | null> {
      const [row] = await db
        .select({ id: customers.id, username: customers.username, fullName: customers.fullName, passwordHash: customers.passwordHash })
        .from(customers)
        .where(eq(customers.username, username));
      const valid = await verify(row?.passwordHash ?? (await (dummyHash ??= hash(randomBytes(16).toString('base64url')))), password).catch(() => false);
      if (!row?.passwordHash || !valid) return null;
      const token = newToken();
      const expiresAt = new Date(now.getTime() + CUSTOMER_SESSION_HOURS * 3_600_000);
      // Expired sessions of anyone are swept here: the table stays as small as the live sessions.
      await db.delete(customerSessions).where(lt(customerSessions.expiresAt, now));
      await db.insert(customerSessions).values({ tokenHash: customerHash(pepper, token), customerId: row.id, createdAt: now, expiresAt });
      return { token, expiresAt, customer: { id: row.id, username: row.username, fullName: row.fullName } };
    },

    /** The customer of a live session token, else null. */
    async check(token: string, now = new Date()): Promise<Customer | null> {
      const [row] = await db
        .select({ id: customers.id, username: customers.username, fullName: customers.fullName })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(and(eq(customerSessions.tokenHash, customerHash(pepper, token)), isNull(customerSessions.revokedAt), gt(customerSessions.expiresAt, now)));
      return row ?? null;
    },

    async signOut(token: string, now = new Date()): Promise<void> {
      await db.update(customerSessions).set({ revokedAt: now }).where(eq(customerSessions.tokenHash, customerHash(pepper, token)));
    },
  };
}

/** The signed-in customer of a request (demo mode, live customer session), else 401. */
export async function requireCustomer(request: FastifyRequest): Promise<Customer> {
  requireDemoMode(request);
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new ApiError(401, ApiStatus.TOKEN_INVALID, 'publicPages.signInFirst');
  const customer = await customerSessionStore(request.server.database.db, request.server.config.tokenPepper).check(token);
  if (!customer) throw new ApiError(401, ApiStatus.SESSION_EXPIRED, 'publicPages.sessionExpired');
  return customer;
}

/** The signed-in customer when a valid customer token is sent (demo mode), else null: reads never fail on it. */
export async function optionalCustomer(request: FastifyRequest): Promise<Customer | null> {
  if (!request.server.config.demoMode) return null;
  const token = bearerToken(request.headers.authorization);
  return token ? customerSessionStore(request.server.database.db, request.server.config.tokenPepper).check(token) : null;
}
