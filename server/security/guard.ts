/**
 * The guard: every /api route declares who may call it in its route config, and the
 * server refuses to start when one does not.
 *
 *   config: { access: { public: true } }                        anyone, no token
 *   config: { access: {} }                                      any logged-in account
 *   config: { access: { authTypes: [1], permission: 'system:user:view' } }
 *   config: { access: { authTypes: [1, 2], permission: 'member:unit:view', scope: 'own-unit' } }
 *
 * `permission` applies to staff (authType 1), who hold codes through roles. Member units
 * (2) and practitioners (3) hold no codes: when their authType is listed they pass, and
 * the handler limits them to their own records with the scope helpers below.
 * `scope: 'own-unit'` requires a non-staff caller to belong to a unit;
 * `scope: 'own-practitioner'` requires a practitioner record.
 * `allowPending: true` keeps a route open while the account has a first step to take (a
 * forced password change, an expired staff password, the first-login consent; see
 * ./accountGate.ts): every other logged-in route refuses such an account with status 22–24.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthType, hasPermission, isPermissionCode, type PermissionCode } from '@common/permissions';
import { API_BASE } from '@common/schemas/common';
import { errors } from '../http/errors';
import { accountGateError, accountStateFor, type AccountState } from './accountGate';
import { findLiveSession, sessionPolicyFor } from './sessions';
import { toAuthUser, type AuthUser } from './user';

export type AccessScope = 'own-unit' | 'own-practitioner';

export type RouteAccess =
  | { public: true }
  | {
      public?: false;
      /** Which account kinds may call; all three when omitted. */
      authTypes?: readonly AuthType[];
      /** The code a staff caller must hold. */
      permission?: PermissionCode;
      scope?: AccessScope;
      /** Callable while a password change or the first-login consent is pending. */
      allowPending?: true;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller; null on public routes without a (valid) token. */
    user: AuthUser | null;
    /** What the caller's account must do first (logged-in routes only; null elsewhere). */
    accountState: AccountState | null;
  }
}

/** Path prefixes whose routes are public without declaring it (the API documentation pages). */
export const DOCS_PREFIX = `${API_BASE}/docs`;
const PUBLIC_PREFIXES = [DOCS_PREFIX];

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

const declaredRoutes = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every /api route with its declaration, as the guard saw it (the authorization matrix test reads this). */
export function routeAccessList(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredRoutes.get(app) ?? [];
}

/** Installs the start-up check and the per-request check on the root instance. */
export function installGuard(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  declaredRoutes.set(app, declared);
  app.decorateRequest('user', null);
  app.decorateRequest('accountState', null);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    if (PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) {
      route.config = { ...(route.config ?? {}), access: { public: true } };
      return;
    }
    const access = route.config?.access;
    if (!access) {
      throw new Error(`路由 ${String(route.method)} ${route.url} 没有声明访问权限（config.access）`);
    }
    if (!access.public && access.permission && !isPermissionCode(access.permission)) {
      throw new Error(`路由 ${String(route.method)} ${route.url} 使用了未知的权限编码 ${access.permission}`);
    }
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, access });
    // The OpenAPI page shows who may call each route, from the same declaration.
    if (route.schema) {
      const note = describeAccess(access);
      const { description } = route.schema as { description?: string };
      route.schema = {
        ...route.schema,
        description: description ? `${description}\n\n${note}` : note,
        ...(access.public ? { security: [] } : {}),
      };
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // not an API route (static files, 404)
    const token = readToken(request);
    if (access.public) {
      // A public route still learns who is calling when a valid token comes along.
      if (token) request.user = await authenticate(app, request, token).catch(() => null);
      return;
    }
    if (!token) throw errors.tokenEmpty();
    const user = await authenticate(app, request, token);
    request.user = user;
    const state = accountStateFor(app.appConfig, app.clock(), user);
    request.accountState = state;
    if (!access.allowPending) {
      const gate = accountGateError(state, app.appConfig);
      if (gate) throw gate;
    }
    authorize(user, access);
  });
}

const AUTH_TYPE_NAMES: Record<AuthType, string> = { 1: '协会工作人员', 2: '会员单位', 3: '从业人员' };

function describeAccess(access: RouteAccess): string {
  if (access.public) return '访问：公开，无需 token';
  const who = (access.authTypes ?? [1, 2, 3]).map((t) => AUTH_TYPE_NAMES[t]).join('、');
  const parts = [`访问：需登录（${who}）`];
  if (access.permission) parts.push(`工作人员需权限 ${access.permission}`);
  if (access.scope) parts.push(`范围 ${access.scope}`);
  if (access.allowPending) parts.push('待修改密码或待确认个人信息处理说明时仍可调用');
  return parts.join('；');
}

function readToken(request: FastifyRequest): string | null {
  const raw = request.headers.token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token.trim() ? token.trim() : null;
}

async function authenticate(app: FastifyInstance, request: FastifyRequest, token: string): Promise<AuthUser> {
  const live = await findLiveSession(app.db, token, app.clock(), (authType) => sessionPolicyFor(app.appConfig, authType));
  if (!live) throw errors.tokenInvalid();
  // Read with the session on every request, so that disabling an account ends its sessions at once.
  const user = toAuthUser(live.identity, live.session.id);
  if (!user) throw errors.tokenInvalid();
  request.log.debug({ userId: user.id }, 'authenticated');
  return user;
}

function authorize(user: AuthUser, access: Exclude<RouteAccess, { public: true }>): void {
  if (access.authTypes && !access.authTypes.includes(user.authType)) throw errors.forbidden();
  if (user.authType === AuthType.Staff) {
    if (access.permission && !hasPermission(user, access.permission)) throw errors.forbidden();
    return;
  }
  if (access.scope === 'own-unit' && !user.unitId) throw errors.forbidden();
  if (access.scope === 'own-practitioner' && !user.practitionerId) throw errors.forbidden();
}

/** The caller on a route that requires login (the guard has already checked). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw errors.tokenEmpty();
  return request.user;
}

/**
 * Ownership scope for later modules.
 * Staff pass (their permission code was checked by the guard); a member unit or a
 * practitioner may touch only records of their own unit.
 */
export function assertSameUnit(user: AuthUser, unitId: string | null | undefined): void {
  if (user.authType === AuthType.Staff) return;
  if (!user.unitId || user.unitId !== unitId) throw errors.forbidden();
}

/** A practitioner may touch only their own record; their unit may touch its practitioners' records. */
export function assertOwnPractitioner(
  user: AuthUser,
  record: { practitionerId: string; unitId: string | null },
): void {
  if (user.authType === AuthType.Staff) return;
  if (user.authType === AuthType.MemberUnit && user.unitId && user.unitId === record.unitId) return;
  if (user.authType === AuthType.Practitioner && user.practitionerId === record.practitionerId) return;
  throw errors.forbidden();
}

/** For list queries: null means "all units" (staff); otherwise filter by this unit id. */
export function unitFilterFor(user: AuthUser): string | null {
  if (user.authType === AuthType.Staff) return null;
  if (!user.unitId) throw errors.forbidden();
  return user.unitId;
}
