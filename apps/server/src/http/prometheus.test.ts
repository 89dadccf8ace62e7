import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActivityWorker, startActivityWorker } from '../modules/activity/activity-bus';
import { checkLedgers, ledgerCheckJob } from '../modules/ledger/ledger.jobs';
import { runDue } from '../scheduler/scheduler';
import { sampleOf } from '../test/metrics-scrape';
import { freePort } from '../test/server-process';
import { launchAs, type MountedStudio, mountStudio } from '../test/studio-fixture';

// The operations team's side of GET /metrics: the shipped alert rules and dashboard (ops/) pass
// promtool and name only metrics a node exports, and a real Prometheus (Debian's package, which
// scripts/install-test-deps.sh installs) scrapes a node, with the house studio mounted as
// `npm start` runs it, while players play over loopback HTTP, and answers what the node counted
// through its query API.

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const RULES = path.join(repoRoot, 'ops', 'prometheus', 'alerts.yml');
const DASHBOARD = path.join(repoRoot, 'ops', 'grafana', 'gamehall-node.json');
const PROMETHEUS_WAIT_MS = 90_000;

let node: MountedStudio;
let activity: ActivityWorker | undefined;
let nodeUrl: string;
const dir = mkdtempSync(path.join(tmpdir(), 'gh-prometheus-'));
let prometheus: ChildProcess | undefined;

beforeAll(async () => {
  node = await mountStudio({});
  nodeUrl = node.base;
  // As main.ts runs a node: the activity consumers follow the events (their lag is alerted on).
  activity = startActivityWorker(node.t.ctx);
}, 180_000);
afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await activity?.stop();
  await node.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The metric families a node's scrape declares (`# TYPE name kind`). */
async function exported(): Promise<Set<string>> {
  const text = await (await fetch(`${nodeUrl}/metrics`)).text();
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1] as string));
}

/** The metric names a PromQL text reads: ours and prom-client's, a histogram's series by family. */
function namesIn(text: string): string[] {
  const names = [...text.matchAll(/\b((?:gamehall|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1] as string);
  return [...new Set(names.map((n) => n.replace(/_(bucket|count|sum)$/, '')))];
}

describe('the shipped rules and dashboard', () => {
  it('pass promtool', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', RULES]);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('name only metrics a node exports', async () => {
    const families = await exported();
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((x) => x.expr));
    const named = [...namesIn(readFileSync(RULES, 'utf8')), ...exprs.flatMap(namesIn)];
    expect(named.length).toBeGreaterThan(8);
    // The pools' gauges exist on PostgreSQL only; every other name must be in this node's scrape.
    const missing = named.filter((n) => !families.has(n) && !n.startsWith('gamehall_db_pool_'));
    expect(missing).toEqual([]);
  });
});

const PLAYERS = 6;
const ROUNDS = 10;

/** A slot of the house studio's catalogue, as the lobby lists it. */
async function slotGame(): Promise<number> {
  const row = await node.t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('game_type', '=', 'RNG')
    .where('vendor_code', '=', 'PT')
    .where('status', '=', 'active')
    .orderBy('node_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return Number(row.node_id);
}

/** Players launch a slot and spin it over loopback HTTP, side by side, as a lobby's players would. */
async function playLoad(): Promise<number> {
  const nodeId = await slotGame();
  let spins = 0;
  await Promise.all(
    Array.from({ length: PLAYERS }, async () => {
      const p = await launchAs(node.t, nodeId, 100_000, '/rng');
      for (let i = 0; i < ROUNDS; i++) {
        let res = await fetch(`${nodeUrl}/studio/api/round`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-game-token': p.token },
          body: JSON.stringify({ bet: { coin: 1 } }),
        });
        expect(res.status, await res.clone().text()).toBe(200);
        spins++;
        // Free spins the round owes are steps of the same round.
        let answer = (await res.json()) as { round: { roundId: string; pendingSteps: number } };
        while (answer.round.pendingSteps > 0) {
          res = await fetch(`${nodeUrl}/studio/api/round/${answer.round.roundId}/step`, {
            method: 'POST',
            headers: { 'x-game-token': p.token },
          });
          expect(res.status).toBe(200);
          answer = (await res.json()) as typeof answer;
        }
      }
    }),
  );
  return spins;
}

describe('a real Prometheus', () => {
  it('scrapes the node under load, loads the rules, and answers what the node counted', async () => {
    const port = await freePort();
    const config = path.join(dir, 'prometheus.yml');
    writeFileSync(
      config,
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: [${JSON.stringify(RULES)}]`,
        'scrape_configs:',
        '  - job_name: gamehall',
        `    static_configs: [{ targets: [${JSON.stringify(new URL(nodeUrl).host)}] }]`,
        '',
      ].join('\n'),
    );
    let output = '';
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (b: Buffer) => (output = (output + b.toString()).slice(-8_000)));
    prometheus.stderr?.on('data', (b: Buffer) => (output = (output + b.toString()).slice(-8_000)));

    const query = async (promql: string): Promise<number | undefined> => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(promql)}`).catch(
        () => undefined,
      );
      if (!res?.ok) return undefined;
      const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
      const value = body.data.result[0]?.value[1];
      return value === undefined ? undefined : Number(value);
    };
    /** Waits until Prometheus has scraped `promql` at `expected` (the node is idle by then). */
    const settled = async (promql: string, expected: number) => {
      const deadline = Date.now() + PROMETHEUS_WAIT_MS;
      let value: number | undefined;
      while (Date.now() < deadline) {
        value = await query(promql);
        if (value === expected) return value;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return value;
    };

    const scrape = async () => (await fetch(`${nodeUrl}/metrics`)).text();
    const bets = 'gamehall_vendor_calls_total{protocol="gamehall",vendor="PT",call="bet",status="OK"}';
    const wins = 'gamehall_studio_deliveries_total{kind="win",result="delivered"}';
    const spinsServed = 'gamehall_http_requests_total{method="POST",route="/studio/api/round",status="2xx"}';
    const before = await scrape();
    const winCallsBefore = node.calls.filter((c) => c === 'win').length;
    const spins = await playLoad();
    // The hourly ledger check's work (the scheduler runs it on PostgreSQL only), and the job's run.
    await checkLedgers(node.t.ctx);
    expect(await runDue(node.t.ctx, ledgerCheckJob)).toBe(true);
    const after = await scrape();

    // The node counted the load: every spin's bet answered OK, every win the studio sent delivered.
    expect(sampleOf(after, bets) - sampleOf(before, bets)).toBe(spins);
    expect(sampleOf(after, spinsServed) - sampleOf(before, spinsServed)).toBe(spins);
    expect(sampleOf(after, wins) - sampleOf(before, wins)).toBe(
      node.calls.filter((c) => c === 'win').length - winCallsBefore,
    );
    // And Prometheus, scraping each second meanwhile, answers the same figures.
    const promBets = `sum(${bets.replace('{', '{job="gamehall",')})`;
    expect(await settled(promBets, sampleOf(after, bets)), output).toBe(sampleOf(after, bets));
    expect(await settled(`sum(${wins.replace('{', '{job="gamehall",')})`, sampleOf(after, wins))).toBe(
      sampleOf(after, wins),
    );
    // Every win was delivered during its spin: the studio owes the wallet nothing.
    expect(await query('gamehall_studio_owed{job="gamehall",product="casino"}')).toBe(0);
    expect(await settled('gamehall_ledger_check_ok{job="gamehall",ledger="money"}', 1)).toBe(1);
    expect(
      await query('sum(gamehall_job_runs_total{job="gamehall",job_name="ledger.check",result="ok"})'),
    ).toBeGreaterThanOrEqual(1);
    expect(await query('up{job="gamehall"}')).toBe(1);
    expect(await query('gamehall_database_up{job="gamehall"}')).toBe(1);
    expect(await query('gamehall_work_waiting{job="gamehall",source="withdrawals"}')).toBe(0);
    expect(await query('sum(gamehall_ledger_postings_total{job="gamehall",result="posted"})')).toBeGreaterThanOrEqual(
      PLAYERS,
    );

    const rules = (await (await fetch(`http://127.0.0.1:${port}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string }[] }[] };
    };
    const loaded = rules.data.groups.flatMap((g) => g.rules);
    expect(loaded.map((r) => r.name)).toContain('GamehallDatabaseUnavailable');
    expect(loaded.length).toBeGreaterThan(12);
    // Evaluated (each second) without an error, and nothing fires on a healthy node under load. A
    // rule with a `for` may wait (pending) meanwhile: a loaded machine's slow requests are real, and
    // only a condition that lasts its `for` (a minute or more) fires.
    expect(loaded.filter((r) => r.health !== 'ok').map((r) => r.name)).toEqual([]);
    const alerts = (await (await fetch(`http://127.0.0.1:${port}/api/v1/alerts`)).json()) as {
      data: { alerts: { state: string; labels: { alertname: string } }[] };
    };
    expect(alerts.data.alerts.filter((a) => a.state === 'firing').map((a) => a.labels.alertname)).toEqual([]);
  }, 240_000);
});
