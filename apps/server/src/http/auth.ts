import { AGENT_ACCOUNT_TYPES, TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Every route declares who may call it (style rule 5), in `config.auth`:
 * - 'public'   anyone; a valid token, if sent, is still resolved so the handler can personalise.
 * - 'own-token' anyone as far as sessions go: the route checks a credential of its own in the
 *   Authorization header (GET /metrics), which is never looked up as a session.
 * - 'session'  any logged-in account, trial included (member info, logout).
 * - 'member'   a logged-in real member or agent: trial accounts are refused (spec §6).
 * - 'agent'    a logged-in agent (account types 1, 2, 41, 42).
 * - 'operator-signin' any back-office operator's admin session, even one whose password an
 *   administrator set and which must change it first (me, logout, the password change itself).
 * - 'operator' the same once the password is the operator's own, even while a required two-factor
 *   enrolment is pending (the operator's own session: enrolment, sign out everywhere).
 * - 'admin:<permission>' a back-office operator holding that permission (or '*'), whose session is
 *   neither waiting for a password change nor for a required two-factor enrolment.
 * A route without a declaration makes start-up fail.
 */
export type AuthRule =
  | 'public'
  | 'own-token'
  | 'session'
  | 'member'
  | 'agent'
  | 'operator-signin'
  | 'operator'
  | `admin:${string}`;

export type Principal = {
  sessionId: number;
  memberId: number;
  username: string;
  type: number;
  area: 'member' | 'agent' | 'admin';
  isAgent: boolean;
  isTrial: boolean;
  isOperator: boolean;
  permissions: string[];
  language: string;
  /** An operator the brand requires to use two-factor authentication who has not enrolled yet. */
  mustEnrol?: boolean;
  /** An operator signed in with a password an administrator set (new operator, reset). */
  mustChangePassword?: boolean;
};

/** The permissions an operator's session may use now: none until the password change and enrolment are done. */
export function usablePermissions(principal: Principal): string[] {
  return principal.mustEnrol || principal.mustChangePassword ? [] : principal.permissions;
}

export const OPERATOR_ACCOUNT_TYPE = 90;

export function isAgentType(type: number): boolean {
  return (AGENT_ACCOUNT_TYPES as readonly number[]).includes(type);
}
export function isTrialType(type: number): boolean {
  return type === TRIAL_ACCOUNT_TYPE;
}

export type DeclaredRoute = { method: string; url: string; auth: AuthRule; movesMoney?: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its auth rule, as registered (for the OpenAPI completeness test). */
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyContextConfig {
    auth?: AuthRule;
    /** spec "E": the body arrives as a JWE and is decrypted before validation. */
    encrypted?: boolean;
    /**
     * The route moves money (a deposit, a withdrawal, a transfer, a real-money launch, a claim): a
     * member with newer terms to accept is refused (modules/legal/terms-gate.ts).
     */
    movesMoney?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type SessionResolver = (token: string, request: FastifyRequest) => Promise<Principal | null>;

/** `Authorization: <token>` or `Bearer <token>` (api-conventions: Requests). */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

// Routes registered by plugins (the OpenAPI UI) are not ours to declare; everything else is.
const UNDECLARED_ALLOWED = /^\/docs(\/|$)/;

export function registerAuth(app: FastifyInstance, resolve: SessionResolver): void {
  app.decorateRequest('principal', null);

  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    const config = route.config as { auth?: AuthRule; movesMoney?: boolean } | undefined;
    const rule = config?.auth;
    if (!rule && !UNDECLARED_ALLOWED.test(route.url)) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.auth`);
    }
    if (rule)
      for (const method of [route.method].flat())
        if (method !== 'HEAD')
          declared.push({ method, url: route.url, auth: rule, ...(config?.movesMoney ? { movesMoney: true } : {}) });
  });

  // What the rule asks of the principal the token resolved to (null: no token or no session).
  const admit = (rule: AuthRule, principal: Principal | null, token: string | undefined) => {
    if (rule === 'public') return;
    if (!principal) throw new AppError(token ? 'AUTH_SESSION_EXPIRED' : 'AUTH_REQUIRED');
    if (rule === 'operator' || rule === 'operator-signin') {
      if (!principal.isOperator || principal.area !== 'admin') throw new AppError('AUTH_FORBIDDEN');
      if (rule === 'operator' && principal.mustChangePassword) throw new AppError('OPERATOR_PASSWORD_CHANGE_REQUIRED');
      return;
    }
    if (rule.startsWith('admin:')) {
      const permission = rule.slice('admin:'.length);
      if (!principal.isOperator || !(principal.permissions.includes('*') || principal.permissions.includes(permission)))
        throw new AppError('AUTH_FORBIDDEN');
      if (principal.mustChangePassword) throw new AppError('OPERATOR_PASSWORD_CHANGE_REQUIRED');
      if (principal.mustEnrol) throw new AppError('OPERATOR_TWO_FACTOR_SETUP_REQUIRED');
      return;
    }
    if (principal.isOperator) throw new AppError('ACCOUNT_NOT_MEMBER');
    if (rule === 'member' && principal.isTrial) throw new AppError('ACCOUNT_TRIAL_RESTRICTED');
    if (rule === 'agent' && !principal.isAgent) throw new AppError('ACCOUNT_NOT_AGENT');
  };

  // A callback hook: a request without a token (public pages, /healthz) is decided without a
  // promise; a throw is answered like a rejection.
  app.addHook('onRequest', (request, _reply, done) => {
    const rule = request.routeOptions.config.auth;
    if (!rule || rule === 'own-token') return done();
    const token = tokenFrom(request);
    if (!token) {
      request.principal = null;
      admit(rule, null, undefined);
      return done();
    }
    resolve(token, request).then((principal) => {
      request.principal = principal;
      let refused: AppError | undefined;
      try {
        admit(rule, principal, token);
      } catch (error) {
        refused = error as AppError;
      }
      done(refused);
    }, done);
  });
}

/** The principal of a route declared 'session', 'member' or 'agent' (the hook guarantees one). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('AUTH_REQUIRED');
  return request.principal;
}
