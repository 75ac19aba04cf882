import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, forbidden, hasRole, isStaff, roleFor, type BackOfficeAction, type BackOfficeResource, type StaffRole } from '@courtside/domain';
import type { AuthState } from '../repositories/users.ts';
import type { CurrentUser } from '../shared/context.ts';

/**
 * Who may call a route, declared on every /api route and enforced here: anyone, any signed-in
 * user, or staff of at least a role (domain/src/roles.ts ranks them).
 */
export type Access = 'public' | 'user' | StaffRole;

export interface TokenClaims {
  sub: string;
  ver: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
  interface FastifyInstance {
    /** Every route and who may call it, for the authorization matrix and the docs. */
    accessTable: { method: string; url: string; access: Access }[];
    issueToken(claims: TokenClaims): string;
    /**
     * The caller on a public route: the signed-in user when the request carries a token that is
     * valid now, else null (no token, a bad or revoked one: the route answers as for anyone).
     */
    callerIfSignedIn(request: FastifyRequest): Promise<CurrentUser | null>;
    /** Set by declareStaffGroup inside a route group; its child plugins inherit it. */
    staffGroup?: true;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

/**
 * Marks a route group (the back office's API) as staff-only: each of its routes, and those of the
 * plugins it registers, must declare a staff role, or the server does not start.
 */
export function declareStaffGroup(app: FastifyInstance) {
  app.decorate('staffGroup', true);
}

/** A back-office route's config: the least role its action needs, from the domain's one table (BACK_OFFICE_ACCESS). */
export const staffOnly = <R extends BackOfficeResource>(resource: R, action: BackOfficeAction<R>): { access: StaffRole } => ({ access: roleFor(resource, action) });

const unauthenticated = (message = 'Please sign in to continue.') =>
  new DomainError('unauthenticated', 'UNAUTHENTICATED', message);

export interface AuthOptions {
  secret: string;
  expiresIn: string;
  /** The account a token's subject is now (services/auth-state.ts). */
  authState: (userId: string) => Promise<AuthState | undefined>;
}

export default fp(async function auth(app: FastifyInstance, opts: AuthOptions) {
  await app.register(jwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256', expiresIn: opts.expiresIn },
    verify: { algorithms: ['HS256'] },
  });
  app.decorate('issueToken', (claims: TokenClaims) => app.jwt.sign(claims));
  app.decorateRequest('currentUser', null);
  app.decorate('accessTable', []);

  /** Verifies the token, then checks it against the account: revoked versions and deactivated users fail. */
  async function authenticate(request: FastifyRequest): Promise<CurrentUser> {
    if (!request.headers.authorization) throw unauthenticated();
    let claims: TokenClaims;
    try {
      claims = await request.jwtVerify<TokenClaims>();
    } catch {
      throw unauthenticated('Your session is invalid or has expired. Please sign in again.');
    }
    if (typeof claims.sub !== 'string' || typeof claims.ver !== 'number') throw unauthenticated();
    const state = await opts.authState(claims.sub);
    if (!state || state.deleted_at !== null || state.token_version !== claims.ver) {
      throw unauthenticated('Your session has ended. Please sign in again.');
    }
    const user = { id: state.id, role: state.role, name: state.name, email: state.email, tier: state.tier };
    request.currentUser = user;
    return user;
  }

  app.decorate('callerIfSignedIn', async (request: FastifyRequest) => {
    if (!request.headers.authorization) return null;
    try {
      return await authenticate(request);
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'unauthenticated') return null;
      throw err;
    }
  });

  app.addHook('onRoute', function (route) {
    const declared = route.config?.access;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (this.staffGroup && !isStaff(declared)) {
      throw new Error(`${methods.join(',')} ${route.url} is a back-office route: it must declare config.access as a staff role (desk, manager or owner)`);
    }
    // The docs UI registers its own routes; they are public pages.
    const access = declared ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
    if (route.url.startsWith('/api/') || route.url.startsWith('/users')) {
      if (!access) throw new Error(`${methods.join(',')} ${route.url} must declare config.access`);
    }
    // Fastify adds a HEAD route for every GET: it runs the same handler, so it gets the same guard.
    for (const method of methods) app.accessTable.push({ method, url: route.url, access: access ?? 'public' });
    if (!access || access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (access === 'user' || hasRole(user.role, access)) return;
      if (!isStaff(user.role)) throw new DomainError('forbidden', 'ADMIN_ONLY', 'This action is for venue staff only.');
      throw forbidden(access);
    };
    // onRequest, before the body is parsed and validated: a caller without the right token
    // gets 401/403, never a 400 that describes the route's schema.
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
});
