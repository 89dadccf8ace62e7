import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors } from '../modules/cashier/cashier.fixtures';
import { createMember } from '../test/factories';
import type { TestApp } from '../test/harness';
import { injectEncrypted } from '../test/jwe';
import { type MountedStudio, mountStudio } from '../test/studio-fixture';
import { unstorablePaths } from './input-guards';

// A NUL byte anywhere in the input of any route (the house studio's included) is a 400 field
// error, never a 500 from PostgreSQL. The routes are read from the router itself, so a route added
// later is covered without touching this test. Run it on PostgreSQL too (TEST_DATABASE_URL): that
// is the database that refuses NUL.

let mounted: MountedStudio;
let t: TestApp;
let memberToken: string;
let operatorToken: string;

beforeAll(async () => {
  mounted = await mountStudio({});
  t = mounted.t;
  const { member, operator } = actors(() => t, createMember);
  memberToken = (await member()).token;
  operatorToken = (await operator(['*'])).token;
});
afterAll(() => mounted.close());

type Route = { path: string; methods: string[] };

/** Every route of the app, from the router's own tree (printRoutes concatenates node segments). */
function routesOf(tree: string): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)(?:[├└]── )?(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m?.[2]) continue;
    const depth = (m[1] ?? '').length / 4 + (line.includes('── ') ? 1 : 0);
    stack.length = depth;
    stack[depth] = m[2];
    const methods = (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD');
    if (methods.length > 0) routes.push({ path: stack.join(''), methods });
  }
  return routes;
}

const NUL_FIELDS = ['username', 'comment', 'requestId', 'value'];

function fill(path: string, value: string) {
  return path.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*$/, value);
}

type Res = { statusCode: number; json: () => { code?: string; value?: { fields?: Record<string, string> } } };

/**
 * The platform's routes answer its field error; the vendor wallet API, the providers' protocols and
 * the studio answer a client error in their own formats.
 */
function expectNulRefused(res: Res, where: string) {
  const own = / \/(vendor|providers|studio)\//.test(where);
  const seen = { where, status: res.statusCode, code: own ? undefined : res.json().code };
  if (own) expect(seen.status, where).toBeGreaterThanOrEqual(400);
  expect(seen).toEqual({ where, status: own ? seen.status : 400, code: own ? undefined : 'VALIDATION_FAILED' });
  expect(res.statusCode, where).toBeLessThan(500);
}

describe('NUL bytes in the input', { tags: ['postgres'] }, () => {
  it('finds NUL in strings and keys at any depth, not in file contents', () => {
    expect(unstorablePaths({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\u0000': 1, d: { e: '\u0000' } } })).toEqual([
      'b.1',
      'c.k\u0000',
      'c.d.e',
    ]);
    expect(unstorablePaths({ file: Buffer.from([0, 0, 0]) })).toEqual([]);
    expect(unstorablePaths('a\u0000')).toEqual(['_']);
  });

  it('are a 400 field error on every route, in the path, the query, a header and the body', async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    // The tree really is the whole app: the platform, the vendor API and the mounted studio.
    expect(routes.length).toBeGreaterThan(100);
    for (const p of ['/wps/cashier/deposit', '/vendor/wallet/bet', '/admin/cashier/methods/:code', '/ws'])
      expect(routes.map((r) => r.path)).toContain(p);
    expect(routes.some((r) => r.path.startsWith('/studio/'))).toBe(true);

    for (const route of routes) {
      const token = route.path.startsWith('/admin/') ? operatorToken : memberToken;
      for (const method of route.methods) {
        const send = (url: string, extra: { headers?: Record<string, string>; payload?: unknown } = {}) =>
          t.app.inject({
            method: method as 'GET',
            url,
            headers: { authorization: token, ...extra.headers },
            ...(extra.payload !== undefined ? { payload: extra.payload as object } : {}),
          });
        const plain = fill(route.path, 'abc12345');
        if (plain !== route.path)
          expectNulRefused(await send(fill(route.path, 'abc%0012345')), `${method} ${route.path} path`);
        expectNulRefused(await send(`${plain}?pageNo=1&gameName=a%00b&token=x%00`), `${method} ${route.path} query`);
        expectNulRefused(
          await send(plain, { headers: { 'user-agent': 'agent\u0000x' } }),
          `${method} ${route.path} header`,
        );
        if (method === 'GET') continue;
        const body = {
          username: 'user\u0000name',
          password: 'Secret@123',
          amount: 1,
          comment: 'a\u0000b',
          requestId: 'request\u00001234',
          value: 'v\u0000',
        };
        let res = await send(plain, { payload: body });
        if (res.json().code === 'ENCRYPTION_REQUIRED')
          res = await injectEncrypted(t.app, { method: method as 'POST', url: plain, body, token });
        // Bodies read raw (signed vendor and gateway callbacks, multipart uploads) are refused for
        // their own reasons; none may fail inside.
        const json = res.json();
        if (res.statusCode === 400 && json.code === 'VALIDATION_FAILED')
          expect(
            Object.keys(json.value?.fields ?? {}).every((f) => NUL_FIELDS.includes(f)),
            `${method} ${route.path}`,
          ).toBe(true);
        else expect(res.statusCode, `${method} ${route.path} body: ${JSON.stringify(json)}`).toBeLessThan(500);
      }
    }
  });

  it('name the field that carries the NUL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/deposit',
      payload: { methodCode: 'BANK\u0000', amount: 10, requestId: 'req-12345678' },
      headers: { authorization: memberToken },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().value).toEqual({ fields: { methodCode: 'INVALID' } });
    const query = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCSGAME_gameList?gameName=a%00',
      headers: { authorization: memberToken },
    });
    expect(query.json().value).toEqual({ fields: { gameName: 'INVALID' } });
  });
});

// A lone UTF-16 surrogate (JSON's "\ud800") made audit rows fail in jsonb after the action had
// been done, and text columns store it as U+FFFD: refused like NUL. A pair is an emoji.
describe('lone UTF-16 surrogates in the input', { tags: ['postgres'] }, () => {
  it('are found in strings and keys at any depth; a well-formed pair is not', () => {
    expect(
      unstorablePaths({ a: 'ok 😀', b: ['x', 'y\ud800'], c: { 'k\udc00': 1, d: { e: '\udbff!' } }, f: '\ude00\ud83d' }),
    ).toEqual(['b.1', 'c.k\udc00', 'c.d.e', 'f']);
    expect(unstorablePaths({ emoji: '\ud83d\ude00', flag: '🇵🇭', text: 'Maligayang pagdating' })).toEqual([]);
  });

  it('are a 400 field error in the body of every route that reads JSON', async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    const fields = ['username', 'comment', 'reason', 'name'];
    const body = {
      username: 'user\ud800',
      password: 'Secret@123',
      comment: 'a\udc00b',
      reason: 'r\ud800',
      name: 'n\udfff',
    };
    for (const route of routes) {
      const token = route.path.startsWith('/admin/') ? operatorToken : memberToken;
      for (const method of route.methods) {
        if (method === 'GET') continue;
        const url = fill(route.path, 'abc12345');
        let res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { authorization: token },
          payload: body,
        });
        if (res.json().code === 'ENCRYPTION_REQUIRED')
          res = await injectEncrypted(t.app, { method: method as 'POST', url, body, token });
        const json = res.json();
        if (res.statusCode === 400 && json.code === 'VALIDATION_FAILED')
          expect(Object.keys(json.value?.fields ?? {}).sort(), `${method} ${route.path}`).toEqual([...fields].sort());
        // Bodies read raw (signed vendor and gateway callbacks, multipart uploads) are refused for
        // their own reasons; none may fail inside.
        else expect(res.statusCode, `${method} ${route.path} body: ${JSON.stringify(json)}`).toBeLessThan(500);
      }
    }
  });
});
