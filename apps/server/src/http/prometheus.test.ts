import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { freePort } from '../test/server-process';

// The operations team's side of GET /metrics: the shipped alert rules and dashboard (ops/) pass
// promtool and name only metrics a node exports, and a real Prometheus (Debian's package, which
// scripts/install-test-deps.sh installs) scrapes a node and answers its figures through its query API.

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const RULES = path.join(repoRoot, 'ops', 'prometheus', 'alerts.yml');
const DASHBOARD = path.join(repoRoot, 'ops', 'grafana', 'gamehall-node.json');
const PROMETHEUS_WAIT_MS = 90_000;

let t: TestApp;
let nodeUrl: string;
const dir = mkdtempSync(path.join(tmpdir(), 'gh-prometheus-'));
let prometheus: ChildProcess | undefined;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: await freePort() });
  const address = t.app.server.address();
  nodeUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await t.close();
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

describe('a real Prometheus', () => {
  it('scrapes the node, loads the rules, and answers the node figures through its query API', async () => {
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
    for (let i = 0; i < 5; i++) expect((await fetch(`${nodeUrl}/healthz`)).status).toBe(200);

    const query = async (promql: string): Promise<number | undefined> => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(promql)}`).catch(
        () => undefined,
      );
      if (!res?.ok) return undefined;
      const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
      const value = body.data.result[0]?.value[1];
      return value === undefined ? undefined : Number(value);
    };
    const deadline = Date.now() + PROMETHEUS_WAIT_MS;
    let healthz: number | undefined;
    while (Date.now() < deadline) {
      healthz = await query('sum(gamehall_http_requests_total{job="gamehall",route="/healthz",status="2xx"})');
      if (healthz !== undefined && healthz >= 5) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(healthz, output).toBeGreaterThanOrEqual(5);
    expect(await query('up{job="gamehall"}')).toBe(1);
    expect(await query('gamehall_database_up{job="gamehall"}')).toBe(1);
    expect(await query('gamehall_work_waiting{job="gamehall",source="withdrawals"}')).toBe(0);

    const rules = (await (await fetch(`http://127.0.0.1:${port}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string }[] }[] };
    };
    const loaded = rules.data.groups.flatMap((g) => g.rules);
    expect(loaded.map((r) => r.name)).toContain('GamehallDatabaseUnavailable');
    expect(loaded.length).toBeGreaterThan(8);
    // Evaluated (each second) without an error, and nothing fires on a healthy node.
    expect(loaded.filter((r) => r.health !== 'ok').map((r) => r.name)).toEqual([]);
    const alerts = (await (await fetch(`http://127.0.0.1:${port}/api/v1/alerts`)).json()) as {
      data: { alerts: { labels: { alertname: string } }[] };
    };
    expect(alerts.data.alerts.map((a) => a.labels.alertname)).toEqual([]);
  }, 180_000);
});
