/**
 * The one place a password is checked: /login, the demo identity provider's form, the account's
 * password check and change, and the password step of SMS login on a two-factor account. Every one of
 * them shares the same throttle and lockout, so no door is left where guessing costs less.
 *
 * Counters are keyed by the username as typed (lower-cased) and by client IP, whether or not the user
 * exists; an unknown username is verified against a dummy hash, so it costs what a wrong password costs.
 */
import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { ApiStatus } from '@/domain/api';
import { ApiError } from '../../errors';
import { authRepository } from './repository';
import type { UserRow } from './signin';

/** The refusal of a wrong current password on the signed-in account (check, change, SSO link and unlink): one message everywhere. */
export const currentPasswordWrong = () => new ApiError(400, ApiStatus.INVALID_CREDENTIALS, 'auth.currentPasswordWrong');

/** Counters are keyed by what was typed; nothing longer than any real username needs keeping. */
export const usernameKeyOf = (username: string) => username.toLowerCase().slice(0, 64);

const secondsUntil = (date: Date, now: Date) => Math.ceil((date.getTime() - now.getTime()) / 1000);

export type PasswordCheck = { ok: true; user: UserRow } | { ok: false; error: ApiError };

/**
 * What an unknown username's password is checked against, so it costs what a known one does. One per
 * process, made in the background by the first guard: five routes build a guard, and five argon2 hashes
 * (~40 ms of CPU and 19 MB each) at every start were four too many.
 */
let sharedDummyHash: Promise<string> | null = null;

export function passwordGuard(app: FastifyInstance) {
  const repo = authRepository(app.database.db);
  const { config } = app;
  const dummyHash = (sharedDummyHash ??= hash(randomBytes(16).toString('base64url')));

  /**
   * `user` is the account of `username` (null when none). A lock answers before any hash is computed;
   * a wrong password counts against the username and the IP and may start a lock. `wrong` is the
   * error of a plain wrong password at that place (sign-in: "wrong username or password").
   */
  async function check(
    request: FastifyRequest,
    attempt: { username: string; user: UserRow | null; password: string },
    wrong: () => ApiError = ApiError.invalidCredentials,
  ): Promise<PasswordCheck> {
    const usernameKey = usernameKeyOf(attempt.username);
    const now = new Date();
    const locks = await repo.lockState(usernameKey, request.ip, now);
    if (locks.userLockedUntil) return { ok: false, error: ApiError.accountLocked(secondsUntil(locks.userLockedUntil, now)) };
    if (locks.ipLockedUntil) return { ok: false, error: ApiError.tooManyRequests(secondsUntil(locks.ipLockedUntil, now)) };

    const { user } = attempt;
    const valid = await verify(user?.passwordHash ?? (await dummyHash), attempt.password).catch(() => false);
    if (!user || !valid) {
      const started = await repo.recordFailure(usernameKey, request.ip, user?.id ?? null, config.loginThrottle, now);
      request.log.info({ usernameKey, locked: Boolean(started.userLockedUntil) }, 'password check failed');
      if (started.userLockedUntil) return { ok: false, error: ApiError.accountLocked(secondsUntil(started.userLockedUntil, now)) };
      if (started.ipLockedUntil) return { ok: false, error: ApiError.tooManyRequests(secondsUntil(started.ipLockedUntil, now)) };
      return { ok: false, error: wrong() };
    }
    await repo.recordSuccess(usernameKey, user.id);
    return { ok: true, user };
  }

  return {
    check,
    /** The user of a username and its password checked, or the check's error thrown. */
    async signInUser(request: FastifyRequest, username: string, password: string): Promise<UserRow> {
      const result = await check(request, { username, user: await repo.findUserByUsername(username), password });
      if (!result.ok) throw result.error;
      return result.user;
    },
    /** The password of an account already known (signed in, or identified by an SMS code). */
    async confirmOwnPassword(request: FastifyRequest, user: UserRow, password: string, wrong?: () => ApiError): Promise<void> {
      const result = await check(request, { username: user.username, user, password }, wrong);
      if (!result.ok) throw result.error;
    },
  };
}
