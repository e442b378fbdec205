/** Request and instance decorations shared by the plugins and routes. */
import type { Config } from './config';
import type { Database } from './db/client';
import type { Membership } from './db/repositories/memberships';
import type { Lang } from './i18n';
import type { AuthCache } from './lib/auth-cache';
import type { AccessChanges } from './lib/auth-cache/broadcast';
import type { Notifier } from './lib/notifier';
import type { OtpService } from './lib/otp';

export interface AuthContext {
  userId: number;
  username: string;
  sessionId: number;
  /** users.user_type: INTERNAL_USER is the provider's staff (only /api/ops and the session calls). */
  userType: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The shared one-time-code service (server/lib/otp). */
    otp: OtpService;
    /** Delivery of codes and account messages (server/lib/notifier). */
    notifier: Notifier;
    /** Session and membership lookups reused between calls (server/lib/auth-cache). */
    authCache: AuthCache;
    /** Access changes told to every process (server/lib/auth-cache/broadcast.ts). */
    accessChanges: AccessChanges;
    /** The caller's active membership of `merchantId`, or a 403 (status 3) ApiError. */
    requireMembership(request: FastifyRequest, merchantId: number): Promise<Membership>;
  }
  interface FastifyRequest {
    lang: Lang;
    /** Set by the auth plugin on every non-public route. */
    auth: AuthContext | null;
    /** Set by the merchant-scope pre-handler on routes that act on one merchant. */
    membership: Membership | null;
  }
  interface FastifyContextConfig {
    /** No bearer token needed (login, health). */
    public?: boolean;
    /** Not counted by the API-wide rate limit (health checks). */
    rateLimitExempt?: boolean;
    /**
     * A background read the portal makes on its own (the bell's unread count): it needs a live session
     * but is not the person's activity, so it does not keep an idle session alive.
     */
    passive?: boolean;
  }
}
