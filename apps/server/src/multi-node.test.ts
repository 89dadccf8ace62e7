import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_START_WAIT_MS, type ServerProcess, startServerProcess } from './test/server-process';

/** Two nodes started one after the other, and the seeding between them. */
const NODES_START_MS = 2 * SERVER_START_WAIT_MS + 60_000;

// architecture.md "Stateless server nodes": sessions and the login-failure counters that matter for
// security live in the database, so two processes on one PostgreSQL behave like one. This test
// starts two real server processes and checks that through HTTP only.
const adminUrl = process.env.TEST_DATABASE_URL;
const SKIP_REASON =
  'TEST_DATABASE_URL is not set: the multi-node test needs a PostgreSQL server (npm test starts a throwaway cluster)';

const DEMO = { username: 'demo01', password: 'Demo@1234' };
const ADMIN = { username: 'admin', password: 'Admin@1234' };
const CAPTCHA_AFTER_FAILURES = 3; // the demo brand's captchaAfterFailures
const BRAND_CACHE_MS = 2_500; // brand.service caches settings for 2 s per node

type Envelope = { success: boolean; code?: string; value?: Record<string, unknown> };

type Node = ServerProcess;

const DIRECT_APP = 'gamehall-direct-b';
const READ_APP = 'gamehall-read-b';

describe('two server nodes on one PostgreSQL', () => {
  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  const nodes: Node[] = [];
  let originalHash: string | undefined;

  beforeAll(async () => {
    if (!adminUrl) return;
    const name = `gh_multinode_${randomBytes(6).toString('hex')}`;
    await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    dropDatabase = async () => {
      await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-multinode-'));
    // Every node of one deployment gets the same SESSION_SECRET (docs/operations.md, Secrets); each
    // keeps its own DATA_DIR, so nothing is shared through the file system.
    const sessionSecret = randomBytes(32).toString('hex');

    // One after the other: the first node migrates and seeds, the second finds the work done.
    nodes.push(await startNode('A', { databaseUrl, sessionSecret, dataDir: path.join(dataDir, 'a') }));
    // Node B is configured as behind a transaction-mode pooler (docs/scaling.md): its session work
    // (LISTEN, the scheduler's locks, migrations) goes to DATABASE_DIRECT_URL, here the same server
    // under an application name of its own so the test can see which connection does what; its
    // reports read DATABASE_READ_URL (docs/scaling.md "A read replica"), here the same server too.
    const direct = new URL(databaseUrl);
    direct.searchParams.set('application_name', DIRECT_APP);
    const read = new URL(databaseUrl);
    read.searchParams.set('application_name', READ_APP);
    nodes.push(
      await startNode('B', {
        databaseUrl,
        sessionSecret,
        dataDir: path.join(dataDir, 'b'),
        directUrl: direct.toString(),
        readUrl: read.toString(),
      }),
    );

    // Login without the proof-of-work challenge and without the new-IP check (both brand settings),
    // then let both nodes' brand caches expire.
    await withClient(databaseUrl, async (c) => {
      for (const key of ['challengeEnabled', 'newIpVerification']) {
        await c.query(
          `INSERT INTO brand_settings (key, value) VALUES ($1, 'false')
           ON CONFLICT (key) DO UPDATE SET value = 'false'`,
          [key],
        );
      }
    });
    originalHash = await withClient(databaseUrl, async (c) => {
      const { rows } = await c.query(`SELECT password_hash FROM members WHERE username = $1`, [DEMO.username]);
      return rows[0]?.password_hash as string | undefined;
    });
    await sleep(BRAND_CACHE_MS);
  }, NODES_START_MS);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const [nodeA, nodeB] = [() => nodes[0]!, () => nodes[1]!];

  it('accepts on node B a token issued by node A, and sees a logout on A', async ({ skip }) => {
    skip(!adminUrl, SKIP_REASON);
    const token = await login(nodeA(), DEMO.password).then(expectToken);

    const onB = await call(nodeB(), 'GET', '/wps/member/info', token);
    expect(onB.status, nodeB().output()).toBe(200);
    expect(onB.body.success).toBe(true);
    const onA = await call(nodeA(), 'GET', '/wps/member/info', token);
    expect(onA.status).toBe(200);

    const logout = await call(nodeA(), 'DELETE', '/wps/session/logout', token);
    expect(logout.status, nodeA().output()).toBe(200);
    expect(logout.body.success).toBe(true);

    const afterOnB = await call(nodeB(), 'GET', '/wps/member/info', token);
    expect(afterOnB.status).toBe(401);
    expect(afterOnB.body.success).toBe(false);
    const afterOnA = await call(nodeA(), 'GET', '/wps/member/info', token);
    expect(afterOnA.status).toBe(401);
  });

  it('refuses on node B, within the notification, sessions the member signs out in the security centre on node A', async ({
    skip,
  }) => {
    skip(!adminUrl, SKIP_REASON);
    const mine = await login(nodeA(), DEMO.password).then(expectToken);
    const one = await login(nodeB(), DEMO.password).then(expectToken);
    const two = await login(nodeB(), DEMO.password).then(expectToken);
    // Used on B first, so B serves them from its cache (accounts/sessions.cache.ts).
    for (const token of [one, two, one, two])
      expect((await call(nodeB(), 'GET', '/wps/member/info', token)).status).toBe(200);
    const status = (node: Node, token: string) => call(node, 'GET', '/wps/member/info', token).then((r) => r.status);
    // Without the invalidation B would serve its copy for 5 s: a 1 s bound still fails then.
    const refusedOnB = async (token: string) => {
      const deadline = Date.now() + 1_000;
      let s = await status(nodeB(), token);
      while (s !== 401 && Date.now() < deadline) {
        await sleep(10);
        s = await status(nodeB(), token);
      }
      return s;
    };
    const seen = await call(nodeB(), 'GET', '/wps/member/security/sessions', one);
    const oneId = (seen.body.value as { list: { id: number; current: boolean }[] }).list.find((s) => s.current)?.id;
    expect(oneId).toBeDefined();

    const revoked = await call(nodeA(), 'DELETE', `/wps/member/security/sessions/${oneId}`, mine);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await refusedOnB(one)).toBe(401);
    expect(await status(nodeB(), two)).toBe(200);

    const others = await call(nodeA(), 'POST', '/wps/member/security/sessions/revokeOthers', mine);
    expect(others.status, JSON.stringify(others.body)).toBe(200);
    expect(await refusedOnB(two)).toBe(401);
    expect(await status(nodeA(), mine)).toBe(200);
    await call(nodeA(), 'DELETE', '/wps/session/logout', mine);
  });

  it('refuses on node B, within the notification, a session B has cached when node A revokes it or the member is disabled', async ({
    skip,
  }) => {
    skip(!adminUrl, SKIP_REASON);
    // Each node caches resolved sessions (accounts/sessions.cache.ts); revocations reach the other
    // node through NOTIFY. Both tokens are used on B first, so B holds them in its cache.
    const mine = await login(nodeA(), DEMO.password).then(expectToken);
    const other = await login(nodeB(), DEMO.password).then(expectToken);
    for (const token of [mine, other, mine, other])
      expect((await call(nodeB(), 'GET', '/wps/member/info', token)).status).toBe(200);

    // A password change on A ends the member's other sessions: refused on A at once, and on B as
    // soon as the notification is there (it travels on B's LISTEN connection, not with the request,
    // so under load it may come a few milliseconds after the test's next call; without it B would
    // serve its copy for 5 s, so a 1 s bound still fails when the invalidation does not work).
    const refusedWithin = async (node: Node, token: string) => {
      const deadline = Date.now() + 1_000;
      let status = (await call(node, 'GET', '/wps/member/info', token)).status;
      while (status !== 401 && Date.now() < deadline) {
        await sleep(10);
        status = (await call(node, 'GET', '/wps/member/info', token)).status;
      }
      return status;
    };
    const changed = `Demo${String(1000 + (randomBytes(2).readUInt16BE() % 9000))}x`; // the demo brand: letters and digits
    const change = await encryptedCall(nodeA(), '/wps/member/password', mine, {
      oldPassword: DEMO.password,
      newPassword: changed,
      confirmNewPassword: changed,
    });
    try {
      expect(change.status, JSON.stringify(change.body)).toBe(200);
      expect((await call(nodeA(), 'GET', '/wps/member/info', other)).status).toBe(401);
      expect(await refusedWithin(nodeB(), other)).toBe(401);
      expect((await call(nodeB(), 'GET', '/wps/member/info', mine)).status).toBe(200);

      // An operator disables the member straight in the database: both nodes refuse the session.
      await withClient(databaseUrl, (c) =>
        c.query(`UPDATE members SET status = 'disabled' WHERE username = $1`, [DEMO.username]),
      );
      expect(await refusedWithin(nodeB(), mine)).toBe(401);
      expect(await refusedWithin(nodeA(), mine)).toBe(401);
    } finally {
      // Put demo01 back as it was for the other tests.
      await withClient(databaseUrl, (c) =>
        c.query(
          `UPDATE members SET status = 'active', password_hash = coalesce($2, password_hash) WHERE username = $1`,
          [DEMO.username, originalHash ?? null],
        ),
      );
    }
  });

  it('drops a game hidden in the database from the lists of both nodes within a moment', async ({ skip }) => {
    skip(!adminUrl, SKIP_REASON);
    // Each node serves the game list from a copy of the catalogue that a NOTIFY invalidates
    // (games/catalogue-index.ts); without it the copy would be checked only every 5 s.
    const token = await login(nodeA(), DEMO.password).then(expectToken);
    const url = '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=1&pageNo=1&language=EN';
    const first = async (node: Node) => {
      const res = await call(node, 'GET', url, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.value as { games: { nodeId: number }[] }).games[0]?.nodeId;
    };
    const top = await first(nodeA());
    expect(await first(nodeB())).toBe(top);
    const within = async (node: Node, want: (id: number | undefined) => boolean) => {
      const deadline = Date.now() + 1_000;
      let id = await first(node);
      while (!want(id) && Date.now() < deadline) {
        await sleep(10);
        id = await first(node);
      }
      return id;
    };
    await withClient(databaseUrl, (c) => c.query(`UPDATE games SET status = 'hidden' WHERE node_id = $1`, [top]));
    try {
      expect(await within(nodeB(), (id) => id !== top)).not.toBe(top);
      expect(await within(nodeA(), (id) => id !== top)).not.toBe(top);
    } finally {
      await withClient(databaseUrl, (c) => c.query(`UPDATE games SET status = 'active' WHERE node_id = $1`, [top]));
    }
    expect(await within(nodeB(), (id) => id === top)).toBe(top);
    expect(await within(nodeA(), (id) => id === top)).toBe(top);
    // Node B heard that on its direct connection: its LISTEN session is the DATABASE_DIRECT_URL one,
    // and none of its pooled connections listens.
    const listening = await withClient(databaseUrl, (c) =>
      c.query<{ application_name: string }>(
        `SELECT application_name FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
      ),
    );
    expect(listening.rows.map((r) => r.application_name)).toContain(DIRECT_APP);
  });

  it('answers a report on node B from its read pool (DATABASE_READ_URL)', async ({ skip }) => {
    skip(!adminUrl, SKIP_REASON);
    const login = await call(nodeB(), 'POST', '/admin/session/login', undefined, ADMIN);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.value?.token as string;
    const report = await call(nodeB(), 'GET', '/admin/reports/games?from=2026-01-01&to=2026-01-31&groupBy=day', token);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    // The last statements of B's read sessions (their application name is the read URL's) are the report's.
    const last = await withClient(databaseUrl, (c) =>
      c.query<{ query: string }>(
        `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
        [READ_APP],
      ),
    );
    expect(last.rows.map((row) => row.query).join('\n')).toContain('report_daily_');
  });

  it('counts failed logins across nodes: the captcha flag appears once the brand threshold is reached', async ({
    skip,
  }) => {
    skip(!adminUrl, SKIP_REASON);
    // Failures alternate A, B, A, B: after the first `threshold + 1` of them neither node has seen
    // `threshold` failures by itself, so a captcha flag can only come from the shared count.
    const attempts = CAPTCHA_AFTER_FAILURES + 1;
    const flags: boolean[] = [];
    for (let i = 0; i < attempts; i++) {
      const node = i % 2 === 0 ? nodeA() : nodeB();
      const res = await login(node, `Wrong@${i}xyz`);
      expect(res.status, `failure ${i + 1} on node ${node.name}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(res.body.success).toBe(false);
      flags.push(res.body.value?.captcha === true);
    }
    // No captcha after the first failure; the flag is up once the shared count has reached the threshold.
    expect(flags[0], `captcha flags per failure: ${flags}`).toBe(false);
    expect(flags.at(-1), `captcha flags per failure: ${flags}`).toBe(true);
  });
});

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function startNode(
  name: string,
  options: { databaseUrl: string; sessionSecret: string; dataDir: string; directUrl?: string; readUrl?: string },
) {
  return startServerProcess(
    {
      DATABASE_URL: options.databaseUrl,
      ...(options.directUrl ? { DATABASE_DIRECT_URL: options.directUrl } : {}),
      ...(options.readUrl ? { DATABASE_READ_URL: options.readUrl } : {}),
      SESSION_SECRET: options.sessionSecret,
      DEMO: '1',
      CATALOGUE_SLOTS: '200',
      DATA_DIR: options.dataDir,
    },
    { name },
  );
}

async function call(node: Node, method: string, url: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Envelope;
  try {
    parsed = JSON.parse(text) as Envelope;
  } catch {
    throw new Error(`${method} ${url} on node ${node.name}: ${res.status} not JSON: ${text.slice(0, 500)}`);
  }
  return { status: res.status, body: parsed };
}

// The login is an encrypted (E) call: a compact JWE of the payload with the node's public key.
async function login(node: Node, password: string) {
  return encryptedCall(node, '/wps/session/login', undefined, { username: DEMO.username, password, type: 'username' });
}

async function encryptedCall(node: Node, url: string, token: string | undefined, payload: unknown) {
  const keyRes = await call(node, 'GET', '/wps/system/publicKey');
  expect(keyRes.status, `GET /wps/system/publicKey on node ${node.name}`).toBe(200);
  const key = (keyRes.body.value as { keys?: JWK[] } | undefined)?.keys?.[0];
  if (!key) throw new Error(`node ${node.name} served no public key: ${JSON.stringify(keyRes.body)}`);
  const publicKey = await importJWK(key, 'RSA-OAEP-256');
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(publicKey);
  const headers: Record<string, string> = { 'content-type': 'application/json', encryption: 'JWE' };
  if (token) headers.authorization = token;
  const res = await fetch(`${node.url}${url}`, { method: 'POST', headers, body: JSON.stringify({ value: jwe }) });
  return { status: res.status, body: (await res.json()) as Envelope, node };
}

function expectToken(res: { status: number; body: Envelope; node: Node }): string {
  expect(res.status, `login on node ${res.node.name}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(res.body.success).toBe(true);
  const token = res.body.value?.token;
  expect(typeof token, JSON.stringify(res.body)).toBe('string');
  return token as string;
}
