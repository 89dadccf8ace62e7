// postgres: a previous release's server process and this one's beside it on one PostgreSQL
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from './db/migrate';
import { post, verifyLedger } from './modules/ledger/ledger.service';
import { deriveVendorSecret, signVendorBody } from './modules/vendor-gateway/vendor-signature';
import { createMember } from './test/factories';
import { createTestApp, type TestApp } from './test/harness';
import { materialise, previousRelease, studioMigrations } from './test/previous-release';
import { SERVER_START_WAIT_MS, type ServerProcess, startServerProcess } from './test/server-process';
import { createGameSession } from './test/vendor-client';

// docs/operations.md "Upgrades": during a rolling upgrade the new version migrates first, and nodes
// of the previous release go on serving, and may start again, on the schema it left. This runs the
// previous release (test/previous-release.ts) as a real server process on a database this code
// migrated and seeded, beside a node of this code, under a short load of both audiences' paths:
// sign-in, balance, pages, vendor wallet rounds, and sessions used on the other version's node.
// Nothing may answer 5xx or log an error, both stop cleanly, and the ledger verifies.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = 'Upgrade@2468';
const CLIENTS_PER_NODE = 2;
const ROUNDS_PER_CLIENT = 4;
/** Read with a member's session on every round: pages of both versions' API. */
const PAGES = [
  '/wps/member/info',
  '/wps/v2/wallets/balance',
  '/wps/messages',
  '/wps/vip/summary',
  '/lgw/games/game_menus',
  '/wps/relay/GCSGAME_hotGamesV2',
];

type Outcome = { node: string; what: string; status: number; ok: boolean; detail: string };

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}, 60_000);

describe.skipIf(!onPostgres)('a rolling upgrade', { tags: ['postgres'] }, () => {
  it('serves the previous release beside this one on the schema this one migrated, without errors', {
    timeout: SERVER_START_WAIT_MS + 120_000,
  }, async () => {
    const release = previousRelease(Object.keys(migrations), { studio: true });
    const checkout = materialise(release);
    cleanups.push(checkout.remove);

    // A copy of the run's template: migrated and seeded by this code, so the database is ahead of
    // the release, which must start on it anyway.
    const t: TestApp = await createTestApp();
    cleanups.push(() => t.close());
    const ran = (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(t.ctx.db)).rows.map(
      (r) => r.name,
    );
    const unknownToRelease = [
      ...ran.filter((name) => !release.migrations.includes(name)),
      ...studioMigrations().filter((name) => !release.studioMigrations.includes(name)),
    ];
    expect(unknownToRelease.length, `${release.subject}: the database should be ahead of it`).toBeGreaterThan(0);

    const member = await setUpMember(t);
    const game = await t.ctx.db
      .selectFrom('games')
      .select(['node_id', 'game_code', 'vendor_code'])
      .orderBy('node_id')
      .executeTakeFirstOrThrow();
    const vendorSecret = deriveVendorSecret(t.ctx.config.studioSecret, game.vendor_code);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-upgrade-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const printed: Record<string, string[]> = { previous: [], current: [] };
    const start = (name: 'previous' | 'current') =>
      startServerProcess(
        {
          DATABASE_URL: t.ctx.config.databaseUrl as string,
          DATA_DIR: path.join(dataDir, name),
          DEMO: '0',
          CATALOGUE_SLOTS: String(t.ctx.config.catalogueSlots),
          WORKERS: '1',
          SESSION_SECRET: t.ctx.config.sessionSecret,
          STUDIO_SECRET: t.ctx.config.studioSecret,
        },
        {
          name: `${name} (${name === 'previous' ? release.subject : 'this checkout'})`,
          onOutput: (chunk) => printed[name]?.push(chunk),
          ...(name === 'previous' ? { cwd: checkout.dir } : {}),
        },
      );
    const started = await Promise.allSettled([start('previous'), start('current')]);
    const nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const node of nodes) cleanups.push(() => node.stop());
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [previous, current] = nodes as [ServerProcess, ServerProcess];
    const logs = () =>
      `${checkout.notes.join('\n')}\n${Object.entries(printed)
        .map(([name, chunks]) => `--- ${name}\n${chunks.join('').slice(-10_000)}`)
        .join('\n')}`;

    const outcomes: Outcome[] = [];
    const record = (node: ServerProcess, what: string, status: number, ok: boolean, detail: unknown) =>
      outcomes.push({ node: node.name, what, status, ok, detail: JSON.stringify(detail).slice(0, 300) });

    const client = async (own: ServerProcess, other: ServerProcess, index: number) => {
      const login = await encryptedPost(own, '/wps/session/login', {
        username: member.username,
        password: PASSWORD,
        type: 'username',
      });
      const token = login.body.value?.token;
      record(own, 'login', login.status, login.status === 200 && typeof token === 'string', login.body);
      if (typeof token !== 'string') return;
      const { token: gameToken } = await createGameSession(t, { memberId: member.id, vendor: game.vendor_code });
      for (let round = 0; round < ROUNDS_PER_CLIENT; round++) {
        // A session one version issued is used on the other's node too.
        const node = round % 2 === 0 ? own : other;
        for (const page of PAGES) {
          const res = await fetch(`${node.url}${page}`, { headers: { authorization: token } });
          const body = (await res.json()) as { success?: boolean };
          record(node, `GET ${page}`, res.status, res.status === 200 && body.success === true, body);
        }
        const roundId = `u${index}r${round}${randomBytes(4).toString('hex')}`;
        const wallet = async (name: string, body: Record<string, unknown>) => {
          const raw = JSON.stringify({ vendor: game.vendor_code, requestId: randomBytes(6).toString('hex'), ...body });
          const res = await fetch(`${node.url}/vendor/wallet/${name}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-signature': signVendorBody(vendorSecret, raw) },
            body: raw,
          });
          const answer = (await res.json()) as { status?: string };
          record(node, `vendor ${name}`, res.status, res.status === 200 && answer.status === 'OK', answer);
        };
        await wallet('balance', { token: gameToken, player: String(member.id), currency: 'PHP' });
        await wallet('bet', {
          token: gameToken,
          player: String(member.id),
          gameCode: game.game_code,
          roundId,
          transactionId: `b${roundId}`,
          amount: 100,
          currency: 'PHP',
        });
        await wallet('win', {
          player: String(member.id),
          gameCode: game.game_code,
          roundId,
          transactionId: `w${roundId}`,
          betTransactionId: `b${roundId}`,
          amount: 150,
          currency: 'PHP',
          roundClosed: true,
        });
      }
    };
    await Promise.all(
      Array.from({ length: CLIENTS_PER_NODE }, (_, i) => [
        client(previous, current, 2 * i),
        client(current, previous, 2 * i + 1),
      ]).flat(),
    );

    expect(outcomes.length).toBe(2 * CLIENTS_PER_NODE * (1 + ROUNDS_PER_CLIENT * (PAGES.length + 3)));
    expect(
      outcomes.filter((o) => !o.ok),
      logs(),
    ).toEqual([]);
    for (const node of nodes) expect(await node.stop(), logs()).toBe(0);
    expect(errorLines(Object.values(printed).flat().join('')), logs()).toEqual([]);
    const ledger = await verifyLedger(t.ctx.db);
    expect(ledger.violations).toEqual([]);
  });
});

/** A member with money, whose sign-in needs neither the proof-of-work challenge nor a new-IP check. */
async function setUpMember(t: TestApp) {
  for (const key of ['challengeEnabled', 'newIpVerification']) {
    await t.ctx.db
      .insertInto('brand_settings')
      .values({ key, value: 'false' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'false' }))
      .execute();
  }
  const member = await createMember(t.ctx, { password: PASSWORD, knownIps: ['127.0.0.1'] });
  await t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      idempotencyKey: `upgrade-seed-${member.id}`,
      type: 'deposit',
      reference: 'seed',
      entries: [
        { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -1_000_000 },
        { account: { member: member.id, currency: 'PHP' }, amount: 1_000_000 },
      ],
    }),
  );
  return member;
}

async function encryptedPost(node: ServerProcess, url: string, payload: unknown) {
  const keys = (await (await fetch(`${node.url}/wps/system/publicKey`)).json()) as { value?: { keys?: JWK[] } };
  const key = keys.value?.keys?.[0];
  if (!key) throw new Error(`${node.name} served no public key: ${JSON.stringify(keys)}`);
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'RSA-OAEP-256'));
  const res = await fetch(`${node.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', encryption: 'JWE' },
    body: JSON.stringify({ value: jwe }),
  });
  return { status: res.status, body: (await res.json()) as { success?: boolean; value?: { token?: unknown } } };
}

/** Lines of a process's output at error level or above (pino's 50 and 60), or not JSON and naming an error. */
function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (!line.trim()) return false;
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return /error|exception|unhandled/i.test(line);
    }
  });
}
