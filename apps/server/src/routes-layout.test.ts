import path from 'node:path';
import { PERMISSIONS } from '@gamehall/shared/api/permissions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

/**
 * Where each route is declared, read from the call stack of Fastify's onRoute hook (called
 * synchronously by `app.get(...)` and friends). The hook is added to every instance as Fastify
 * creates it, so it sees the routes of the real app, before any of them is registered.
 */
type Placed = { method: string; url: string; auth: unknown; file: string };
const placed: Placed[] = [];

const SRC = path.resolve(import.meta.dirname);
const THIS_FILE = path.resolve(import.meta.filename);

/** The first frame in the server's own source, but this file and the shared http helpers. */
function declaringFile(stack: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const match = /\(?((?:file:\/\/)?\/[^():]+\.ts):\d+:\d+\)?$/.exec(line.trim());
    if (!match?.[1]) continue;
    const file = path.resolve(match[1].replace(/^file:\/\//, ''));
    if (file === THIS_FILE || !file.startsWith(`${SRC}/`) || file.startsWith(`${SRC}/http/`)) continue;
    return path.relative(SRC, file);
  }
  return '(not found)';
}

vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const factory = original.default as unknown as (...args: unknown[]) => import('fastify').FastifyInstance;
  const create = ((...args: unknown[]) => {
    const app = factory(...args);
    app.addHook('onRoute', (route) => {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 200;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      const auth = (route.config as { auth?: unknown } | undefined)?.auth;
      for (const method of [route.method].flat())
        if (method !== 'HEAD') placed.push({ method, url: route.url, auth, file: declaringFile(stack) });
    });
    return app;
  }) as typeof original.default;
  return { ...original, default: create, fastify: create };
});

const isAdminFile = (file: string) => file.endsWith('.admin.routes.ts');

/**
 * The /admin routes that need no permission, because they come before one can be held: the sign-in
 * itself ('public') and the operator's own session ('operator-signin': me, sign out, the password
 * change an administrator-set password forces; 'operator': two-factor enrolment, sign out
 * everywhere, usable while a required enrolment is pending). auth.ts defines both rules for the back
 * office; every other /admin route names a permission of packages/shared/src/api/permissions.ts.
 */
function sessionLevelRules(url: string): readonly string[] | undefined {
  if (url === '/admin/session/login') return ['public'];
  if (url.startsWith('/admin/session/')) return ['operator', 'operator-signin'];
  // The work panel: every operator opens it, and it lists only the queues their permissions act on.
  if (url === '/admin/work') return ['operator'];
  return undefined;
}

describe('where routes are declared', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('knows the declaring file of every route of the real app', () => {
    expect(placed.length).toBeGreaterThan(100);
    // The collection sees exactly what the auth hook saw (the same app, the same routes).
    for (const route of t.app.declaredRoutes)
      expect(
        placed.some((p) => p.method === route.method && p.url === route.url),
        `${route.method} ${route.url}`,
      ).toBe(true);
    // Only the OpenAPI UI's routes, registered inside its plugin, come from no file of ours.
    const unknown = placed.filter((p) => p.file === '(not found)' && !/^\/docs(\/|$)/.test(p.url));
    expect(unknown.map((p) => `${p.method} ${p.url}`)).toEqual([]);
    // The stack reads the source files themselves (vitest maps them), not a bundle.
    expect(placed.find((p) => p.url === '/healthz')?.file).toBe('app.ts');
  });

  it('declares every /admin route in a *.admin.routes.ts file, with its permission', () => {
    const admin = placed.filter((p) => p.url === '/admin' || p.url.startsWith('/admin/'));
    expect(admin.length).toBeGreaterThan(50);
    const misplaced = admin.filter((p) => !isAdminFile(p.file)).map((p) => `${p.method} ${p.url} in ${p.file}`);
    expect(misplaced).toEqual([]);
    for (const route of admin) {
      const where = `${route.method} ${route.url} (${route.file})`;
      const sessionLevel = sessionLevelRules(route.url);
      if (sessionLevel) {
        expect(sessionLevel, where).toContain(route.auth);
        continue;
      }
      expect(route.auth, where).toMatch(/^admin:/);
      expect(PERMISSIONS as readonly string[], where).toContain(String(route.auth).slice('admin:'.length));
    }
  });

  it('accepts exactly these /admin routes without a permission: the sign-in, the own session and the work panel', () => {
    const exceptions = placed
      .filter((p) => p.url.startsWith('/admin/') && !String(p.auth).startsWith('admin:'))
      .map((p) => `${p.method} ${p.url} ${String(p.auth)} (${p.file})`)
      .sort();
    const file = 'modules/operators/operators.admin.routes.ts';
    expect(exceptions).toEqual(
      [
        // Before a session exists.
        'POST /admin/session/login public',
        // Before the operator's own password is set (an administrator-set one must be changed first).
        'GET /admin/session/me operator-signin',
        'POST /admin/session/logout operator-signin',
        'POST /admin/session/password operator-signin',
        // The operator's own session, usable while a required two-factor enrolment is pending.
        'POST /admin/session/logoutAll operator',
        'PUT /admin/session/displayName operator',
        'POST /admin/session/twoFactor/enrol operator',
        'POST /admin/session/twoFactor/confirm operator',
        'POST /admin/session/twoFactor/disable operator',
        'POST /admin/session/twoFactor/recoveryCodes operator',
      ]
        .map((line) => `${line} (${file})`)
        // Filtered by the operator's own permissions (reports.service workQueue).
        .concat('GET /admin/work operator (modules/reports/reports.admin.routes.ts)')
        .sort(),
    );
  });

  it('declares no /wps route in a *.admin.routes.ts file', () => {
    const wps = placed.filter((p) => p.url.startsWith('/wps/'));
    expect(wps.length).toBeGreaterThan(50);
    expect(wps.filter((p) => isAdminFile(p.file)).map((p) => `${p.method} ${p.url} in ${p.file}`)).toEqual([]);
  });
});
