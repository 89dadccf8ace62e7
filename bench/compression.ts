// Bytes and CPU of compressing JSON answers on the fly (docs/benchmarks.md "Bytes").
//
//   node --import tsx bench/compression.ts
//
// 1. A game list page (GCSGAME_gameList, page 1 of 30 RNG games, the normal seed on embedded
//    PGlite) through the real server: its JSON bytes as identity, gzip and br (the server's own
//    settings, http/compression.ts).
// 2. The encoders on that body, one call at a time: CPU microseconds per response and bytes, for
//    gzip levels 1/6/9 and brotli qualities 1/4/5/6/11, sync and through the thread pool.
// 3. The whole request in process (app.inject), identity against br against gzip, interleaved call
//    by call in ROUNDS rounds of N, so the cost of compressing is a ratio measured side by side.
//
// N (default 300) calls per round, ROUNDS (default 3).
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { buildApp } from '../apps/server/src/app';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../apps/server/src/http/compression';
import { issueSession } from '../apps/server/src/modules/accounts/sessions.service';
import { createMember } from '../apps/server/src/test/factories';

const N = Number(process.env.N ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const LIST = '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&pageNo=1&pageSize=30&language=EN';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliParams = (quality: number, size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** CPU (user + system) and wall time per call of `f`, over n calls after a warm-up. */
async function perCall(n: number, f: () => unknown): Promise<{ cpuUs: number; wallUs: number }> {
  for (let i = 0; i < 20; i++) await f();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await f();
  const wallUs = ((performance.now() - t0) * 1000) / n;
  const cpu = process.cpuUsage(cpu0);
  return { cpuUs: (cpu.user + cpu.system) / n, wallUs };
}

async function main() {
  const ctx = await bootstrap(testConfig({}));
  const app = await buildApp(ctx);
  const member = await createMember(ctx);
  const token = await issueSession(ctx, ctx.db, {
    memberId: member.id,
    area: 'member',
    ip: '127.0.0.1',
    userAgent: null,
  });
  const get = (acceptEncoding?: string) =>
    app.inject({
      url: LIST,
      headers: { authorization: token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  const identity = await get();
  if (identity.statusCode !== 200) throw new Error(`game list: ${identity.statusCode} ${identity.body}`);
  const body = identity.rawPayload;
  const br = await get('br');
  const gz = await get('gzip');
  console.log(
    `load average before: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`\ngame list page (${LIST}):`);
  console.log('| encoding | bytes | of identity |');
  console.log('|---|---:|---:|');
  for (const [label, res] of [
    ['identity', identity],
    [`br (quality ${BROTLI_QUALITY})`, br],
    [`gzip (level ${GZIP_LEVEL})`, gz],
  ] as const) {
    const bytes = res.rawPayload.length;
    console.log(
      `| ${label} ${res.headers['content-encoding'] ?? ''} | ${bytes} | ${((100 * bytes) / body.length).toFixed(0)}% |`,
    );
  }

  console.log(`\nencoders on that body (${body.length} bytes), ${N * ROUNDS} calls each:`);
  console.log('| encoder | bytes | CPU µs per response, sync | CPU µs, thread pool | wall µs, thread pool |');
  console.log('|---|---:|---:|---:|---:|');
  const encoders: [string, () => Buffer, () => Promise<Buffer>][] = [
    ...[1, 6, 9].map((level): [string, () => Buffer, () => Promise<Buffer>] => [
      `gzip level ${level}`,
      () => gzipSync(body, { level }),
      () => gzipAsync(body, { level }),
    ]),
    ...[1, 4, 5, 6, 11].map((quality): [string, () => Buffer, () => Promise<Buffer>] => [
      `brotli quality ${quality}`,
      () => brotliCompressSync(body, brotliParams(quality, body.length)),
      () => brotliAsync(body, brotliParams(quality, body.length)),
    ]),
  ];
  for (const [label, sync, pooled] of encoders) {
    const calls = label.endsWith('quality 11') ? Math.max(20, Math.round((N * ROUNDS) / 10)) : N * ROUNDS;
    const s = await perCall(calls, sync);
    const a = await perCall(calls, pooled);
    console.log(
      `| ${label} | ${sync().length} | ${s.cpuUs.toFixed(0)} | ${a.cpuUs.toFixed(0)} | ${a.wallUs.toFixed(0)} |`,
    );
  }

  console.log(`\nthe whole request in process (app.inject), interleaved call by call, ${ROUNDS} rounds of ${N}:`);
  const sides: [string, string | undefined][] = [
    ['identity', undefined],
    ['br', 'br'],
    ['gzip', 'gzip'],
  ];
  // Each round runs the three answers in turn, one call each, N times, and adds up each one's CPU:
  // the machine's load drifts alike for all three, so their ratios hold where the absolutes do not.
  const cpu = new Map<string, number[]>(sides.map(([label]) => [label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const sums = new Map<string, number>(sides.map(([label]) => [label, 0]));
    for (let i = 0; i < N; i++) {
      for (const [label, encoding] of sides) {
        const c0 = process.cpuUsage();
        await get(encoding);
        const c = process.cpuUsage(c0);
        sums.set(label, (sums.get(label) ?? 0) + c.user + c.system);
      }
    }
    for (const [label] of sides) cpu.get(label)?.push((sums.get(label) ?? 0) / N);
  }
  console.log('| answer | CPU µs per request (per round) | vs identity (mean) | added µs (mean) |');
  console.log('|---|---|---:|---:|');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const base = mean(cpu.get('identity') ?? []);
  for (const [label] of sides) {
    const xs = cpu.get(label) ?? [];
    console.log(
      `| ${label} | ${xs.map((x) => x.toFixed(0)).join(', ')} | ${(mean(xs) / base).toFixed(2)}x | ${(mean(xs) - base).toFixed(0)} |`,
    );
  }
  console.log(
    `\nload average after: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await app.close();
  await ctx.database.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
