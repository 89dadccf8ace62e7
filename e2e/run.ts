import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../scripts/web-build';
import { operatorToken } from './support/api';
import { CPU_FILE } from './support/browser';
import {
  artifactsDir,
  chromiumPath,
  PROVIDER_FEED_SOURCE,
  pagesAtFailurePath,
  repoRoot,
  takeScreenshots,
} from './support/env';
import { feedDocument, LIVE_FEED_SOURCE } from './support/live-feed';
import { call } from './support/site';

// Browser tests: start the server on a free port with a fresh embedded database, wait for /healthz,
// run every e2e/specs/**/*.spec.ts with node's test runner (playwright-core drives Chromium), stop
// the server. `npm run test:e2e [-- <path filter>...]`. With E2E_REPORT set, writes
// { numPassedTests, numFailedTests, failures } there for scripts/test.sh.
//
// Two markers in a spec file change when it runs. `// e2e: beside` (a spec that mostly waits, like
// the lottery's two-minute draw) runs in a test process of its own alongside the others, so the wait
// costs no wall time; such a spec must not depend on what other specs do to shared accounts.
// `// e2e: beside <lane>` puts beside specs that must not overlap one after another (lanesOf); the
// lane `own-accounts` holds specs that work only with accounts they register themselves (or, like
// the game tiles' spec, with guests and a demo account no other spec signs in with), so they can run
// beside the main process, whose specs share the demo accounts; the lane `console-desk`
// holds the console specs, whose operators and members are their own (among them the legal pages',
// which publishes only a privacy policy: it asks no member anything); `own-accounts-b` is a second
// lane of self-registering specs (the newer areas' and the house studio's game pages), so they do
// not all start at once: every lane is a Chromium, and the game pages animate without a GPU;
// `own-accounts-c` holds the crash round's spec, the guest-only site shell, which needs no account,
// the lobby's (its sort orders and HOT are read, its one member is its own), the sportsbook page's
// spec (its members are its own; it waits on the simulator's re-pricing) and the phone shell's
// (app-shell: its member is its own; its one timed figure, the phone home's LCP, is judged against
// the budget times the slowdown its renderer measured, so it can run beside).
// The runner prints each lane's and each spec file's wall time at the end: the two cores are the
// limit, so a lane longer than the main one, or a main lane that ends long after the others, is
// time lost.
// `// e2e: alone` (a spec that changes the whole site: maintenance, region restriction, new terms
// every earlier member must accept; or one that times page loads against the ui-guide budgets) runs
// after every other spec has finished, so no spec meets the site in that state and no other browser
// shares the machine with the timing. The alone specs run in path order: the terms' spec
// (web/terms-acceptance) comes last of them, so no later spec's demo member meets its dialog.
// `// e2e: alone beside` (a spec that changes what the lanes' specs read, but nothing the other
// alone specs do: the frozen period's dividend settings, read only by agents' figures) runs after
// the lanes too, in a test process of its own beside the other alone specs, so its waiting (a
// reports job run) costs no wall time of its own.
const BESIDE = /^\/\/ e2e: beside\b(?: (?<lane>[a-z0-9-]+))?/m;
const ALONE = /^\/\/ e2e: alone\b/m;
const ALONE_BESIDE = /^\/\/ e2e: alone beside\b/m;
/** The lane of a spec marked plain `beside` (one that mostly waits) is its file's name after this. */
const WAITS = 'waits-';
// `// e2e: alone quiet`: a spec that times pages runs after the alone ones, once the machine is
// quiet: when the file E2E_QUIET_AFTER names exists (scripts/test.sh makes it when the database
// runs beside the browsers have ended), or after QUIET_WAIT_MS.
const QUIET = /^\/\/ e2e: alone quiet\b/m;
const QUIET_WAIT_MS = 30 * 60_000;

const SERVER_START_TIMEOUT_MS = 120_000;
// Below the ten failures that lock a username or an address for 15 minutes.
const CAPTCHA_AFTER_FAILURES = 6;
const LANE_GAP_MS = Number(process.env.E2E_LANE_GAP_SECONDS ?? 30) * 1000;
const MAX_LANES = Math.max(2, Number(process.env.E2E_MAX_LANES ?? 5));

async function main(): Promise<number> {
  const runStarted = performance.now();
  if (!existsSync(chromiumPath)) {
    console.error(`error: Chromium not found at ${chromiumPath}; run scripts/install-test-deps.sh`);
    return 1;
  }
  const filters = process.argv.slice(2);
  const specs = findSpecs(path.join(repoRoot, 'e2e', 'specs')).filter(
    (file) => filters.length === 0 || filters.some((f) => file.includes(f)),
  );
  if (specs.length === 0) {
    console.error(`error: no spec files found${filters.length ? ` matching ${filters.join(', ')}` : ''}`);
    return 1;
  }

  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-e2e-'));
  let server: Server | undefined;
  let liveFeed: LiveFeed | undefined;
  const stop = async () => {
    stopSpecProcesses();
    if (server) await server.stop();
    server = undefined;
    await liveFeed?.close();
    liveFeed = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }

  try {
    // The server starts (its migrations, then the demo's first start) while the player site and the
    // console are checked and built if their sources changed (on a fresh clone, both build): it
    // reads the builds on each request, and no spec starts before both are done.
    liveFeed = await startLiveFeed(dataDir);
    server = launchServer(dataDir, await freePort(), liveFeed.url);
    if (!ensureBuild('web')) {
      console.error('error: the player site (apps/web) did not build');
      return 1;
    }
    if (!ensureBuild('console')) {
      console.error('error: the back office console (apps/console) did not build');
      return 1;
    }
    console.log(`web builds checked in ${Math.round(performance.now() - runStarted)} ms`);
    await server.ready();
    console.log(`server ready at ${server.url} in ${Math.round(performance.now() - runStarted)} ms`);
    const url = server.url;
    await waitForDemo(url);
    console.log(`demo content ready in ${Math.round(performance.now() - runStarted)} ms`);
    const marked = (mark: RegExp) => specs.filter((file) => mark.test(readFileSync(file, 'utf8')));
    const beside = marked(BESIDE);
    const quiet = marked(QUIET);
    const aloneBeside = marked(ALONE_BESIDE);
    const alone = marked(ALONE).filter((file) => !quiet.includes(file) && !aloneBeside.includes(file));
    // The main lane takes every spec no mark has placed elsewhere.
    const placed = new Set([...beside, ...alone, ...aloneBeside, ...quiet]);
    const rest = specs.filter((file) => !placed.has(file));
    // The lanes beside the main one start LANE_GAP_MS apart, the ones with the most files first: all
    // at once, nine Chromiums registering and solving challenges in the same minute left page loads
    // waiting past the specs' timeouts. At most MAX_LANES lanes run at a time (the main one among
    // them); a lane waiting for a place starts when one ends. The two cores are the limit, so more
    // lanes at once only share them thinner: with all eight at once, spec files took 350-430 s
    // (console.spec, 28 s alone, 416 s) and page waits of 30 s ran out.
    // A spec marked plain `beside` mostly waits (a settlement window, a lottery draw): it takes no
    // place, and starts between the first lanes, so its waiting overlaps the others' work from the
    // start instead of lengthening the run at its end (its lane was last in the queue: 250-380 s
    // after the other lanes had ended).
    const lanes = [...lanesOf(beside)];
    const waiting = lanes.filter(([lane]) => lane.startsWith(WAITS));
    const queue = lanes.filter(([lane]) => !lane.startsWith(WAITS)).sort(([, a], [, b]) => b.length - a.length);
    const side: RunResult[] = [];
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const places = Array.from({ length: Math.min(MAX_LANES - 1, queue.length) }, async (_, i) => {
      await pause(i * LANE_GAP_MS);
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [lane, files] = next;
        side.push(await runSpecs(files, url, `beside-${lane}`, true));
      }
    });
    const waits = waiting.map(async ([lane, files], i) => {
      await pause((i + 0.5) * LANE_GAP_MS);
      side.push(await runSpecs(files, url, `beside-${lane}`, true));
    });
    const [main] = await Promise.all([runSpecs(rest, url, 'main'), ...places, ...waits]);
    const last = await Promise.all([runSpecs(alone, url, 'alone'), runSpecs(aloneBeside, url, 'alone-beside', true)]);
    if (quiet.length > 0) await waitForQuiet();
    const timed = await runSpecs(quiet, url, 'quiet');
    const results = [main, ...side, ...last, timed];
    printTimings(results);
    printCpu();
    const passed = results.reduce((n, r) => n + r.passed, 0);
    const failed = results.reduce((n, r) => n + r.failed, 0);
    writeReport(
      passed,
      failed,
      results.flatMap((r) => r.failures),
    );
    console.log(`browser run: ${((performance.now() - runStarted) / 1000).toFixed(1)} s in all`);
    console.log(
      `browser tests: ${passed} passed, ${failed} failed; ${takeScreenshots ? 'screenshots' : "failures' pages"} in ${artifactsDir}`,
    );
    return failed > 0 ? 1 : 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    writeReport(0, 1, [{ name: 'browser tests', file: '', message: String(err instanceof Error ? err.message : err) }]);
    return 1;
  } finally {
    await stop();
  }
}

/**
 * Specs run beside the main process, by lane: `// e2e: beside <lane>` puts specs that must not
 * overlap (they wait on the same agent's settlement, one of them with a site setting changed) in
 * one lane, run one after another; every other beside spec is a lane of its own. Lanes run side by
 * side, each in its own test process.
 */
function lanesOf(files: string[]): Map<string, string[]> {
  const lanes = new Map<string, string[]>();
  for (const file of files) {
    const lane = BESIDE.exec(readFileSync(file, 'utf8'))?.groups?.lane ?? `${WAITS}${path.basename(file, '.spec.ts')}`;
    lanes.set(lane, [...(lanes.get(lane) ?? []), file]);
  }
  return lanes;
}

/** Waits for the file E2E_QUIET_AFTER names, if it names one, at most QUIET_WAIT_MS. */
async function waitForQuiet(): Promise<void> {
  const file = process.env.E2E_QUIET_AFTER;
  if (!file) return;
  const started = performance.now();
  const deadline = Date.now() + QUIET_WAIT_MS;
  while (!existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2_000));
  const waited = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    existsSync(file)
      ? `the timed specs start after ${waited} s of waiting for the runs beside`
      : `the runs beside had not ended after ${waited} s; the timed specs start anyway`,
  );
}

const DEMO_WAIT_MS = 5 * 60_000;

/**
 * Waits until the demo's first start (docs/agents.md "Demo": agent01's team plays its past evening,
 * then the contract chain is made) has finished, seen as the chain's last sub-agent holding its four
 * contracts. The specs then start on a settled site instead of sharing the two cores with it, and
 * none of them meets the demo half made. Past DEMO_WAIT_MS the specs start anyway (and those that
 * need the demo report it).
 */
async function waitForDemo(url: string): Promise<void> {
  process.env.E2E_BASE_URL = url;
  const token = await operatorToken();
  // The specs all sign in from loopback, like the visitors of one internet café, and the wrong
  // passwords that specs type on purpose count towards that one address's captcha for 15 minutes
  // (sign-ins still in flight do not: they are waited for). The operator of such a site raises the
  // setting; the captcha itself is checked from addresses of its own (sign-in.spec) and by the API
  // tests.
  const raised = await call('PUT', '/admin/brand/settings/captchaAfterFailures', token, {
    value: CAPTCHA_AFTER_FAILURES,
  });
  if (!raised.success) throw new Error(`the captcha setting could not be raised: ${JSON.stringify(raised)}`);
  // The demo asks every first visit for cookie consent, and every spec's browser is a first visit:
  // the banner would cover the foot of their pages. It is off for the run; the spec of the banner
  // (web/terms-acceptance, run last) turns it on and puts it back.
  const banner = await call('PUT', '/admin/brand/settings/cookieConsentBanner', token, { value: false });
  if (!banner.success) throw new Error(`the cookie banner could not be turned off: ${JSON.stringify(banner)}`);
  const deadline = Date.now() + DEMO_WAIT_MS;
  while (Date.now() < deadline) {
    const contracts = await call<{ list: unknown[] }>(
      'GET',
      '/admin/agents/contracts?holder=subagent03&status=active&pageSize=20',
      token,
    );
    if ((contracts.value?.list.length ?? 0) >= 4) return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  console.warn(`the demo's first start had not finished after ${DEMO_WAIT_MS / 1000} s; starting the specs`);
}

function findSpecs(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

type Server = { url: string; stop: () => Promise<void>; ready: () => Promise<void> };

/** Starts the server now; `ready()` waits until it answers /healthz (or throws, the server stopped). */
function launchServer(dataDir: string, port: number, liveFeedUrl: string): Server {
  const url = `http://127.0.0.1:${port}`;
  const providerFeed = writeProviderFeed(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    // A clean environment: no DATABASE_URL or TEST_DATABASE_URL from the caller; PGlite in dataDir.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      // For profiling the server under the whole run, e.g. E2E_SERVER_NODE_OPTIONS=--cpu-prof.
      ...(process.env.E2E_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.E2E_SERVER_NODE_OPTIONS } : {}),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO: '1',
      CATALOGUE_SLOTS: '300',
      LOG_LEVEL: 'warn',
      // A spec that must not leave login throttling behind for the others (the captcha after
      // failures counts per client IP) sends its own X-Forwarded-For from a private address.
      TRUST_PROXY: '127.0.0.1',
      // Every spec logs in from loopback, dozens of times within five minutes: one address here is
      // a whole test suite of visitors, as an internet café's is.
      LOGIN_LIMIT_PER_IP: '1000',
      // The same for sign-ups: specs that change a member's state register members of their own.
      REGISTRATION_LIMIT_PER_IP: '1000',
      // The card room's Hold'em tables deal the next hand 1.5 s after a result instead of 4 s: the
      // card-room spec plays hands back to back and reads each result as the hand ends.
      STUDIO_PVP_BETWEEN_HANDS_MS: '1500',
      // A data provider connected beside the simulator, as an operator connects one, whose two
      // messages the book cannot take: the trader sees them (console/sportsbook.spec).
      SPORTSBOOK_FEED_FILE: providerFeed,
      // And one that polls a provider's HTTP feed, which the specs write (startLiveFeed).
      SPORTSBOOK_FEED_URL: liveFeedUrl,
      SPORTSBOOK_FEED_POLL_MS: '500',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => stopProcess(child);
  const ready = async () => {
    // Counted from the first look, after the builds: the server has had that time as well.
    const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`the server exited with status ${child.exitCode} before it was ready`);
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await stop();
    throw new Error(`the server did not answer ${url}/healthz within ${SERVER_START_TIMEOUT_MS / 1000} s`);
  };
  return { url, stop, ready };
}

/**
 * A feed document (docs/sportsbook.md "The document format") of two messages the book must skip:
 * odds below the format's 1.01, and a message with no usable seq. Nothing in it reaches a market.
 */
function writeProviderFeed(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'provider-feed.json');
  const at = new Date().toISOString();
  const odds = [
    { key: 'home', odds1000: 500 },
    { key: 'away', odds1000: 2000 },
  ];
  const quote = {
    kind: 'markets',
    seq: 1,
    at,
    eventId: 'e2e-provider-1',
    markets: [{ type: 'winner', selections: odds }],
  };
  const suspend = { kind: 'suspend', seq: 'two', at, eventId: 'e2e-provider-1' };
  writeFileSync(file, JSON.stringify(feedDocument(PROVIDER_FEED_SOURCE, [quote, suspend])));
  return file;
}

type LiveFeed = { url: string; close: () => Promise<void> };

/**
 * A data provider's HTTP feed on loopback (docs/sportsbook.md "Connecting a data provider"): it
 * serves the feed document in the file E2E_LIVE_FEED names, which a spec writes (support/live-feed.ts)
 * to play a match exactly as it needs, a score and prices the simulator would only reach by chance.
 * The book polls it every 500 ms and applies what follows the last seq it applied.
 */
async function startLiveFeed(dataDir: string): Promise<LiveFeed> {
  const file = path.join(dataDir, 'live-feed.json');
  writeFileSync(file, JSON.stringify(feedDocument(LIVE_FEED_SOURCE, [])));
  process.env.E2E_LIVE_FEED = file;
  // The file is there until the runner stops, and a spec replaces it whole (a rename).
  const server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(file, 'utf8'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/feed`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A failed test; `pages`: what the pages it left open showed (support/browser.ts), where known. */
type Failure = { name: string; file: string; message: string; pages?: string };
type RunResult = { passed: number; failed: number; failures: Failure[]; timing?: LaneTiming };
/**
 * The spec processes still running. Each is the leader of a process group of its own (spawned
 * detached), holding node's per-file test processes and, through playwright, their Chromiums: a
 * runner stopped by a signal ends the groups, so no spec carries on against a stopped server and
 * burns the CPU of whatever runs next.
 */
const specProcesses = new Set<ChildProcess>();

function stopSpecProcesses(): void {
  for (const child of specProcesses) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  specProcesses.clear();
}

/** A test process's wall time and each of its spec files' (e2e/support/file-times.mjs). */
type LaneTiming = { name: string; seconds: number; files: { file: string; seconds: number }[] };

/**
 * Runs `specs` in one test process (one file at a time). `buffered`: its report is held and printed
 * when it ends, so a process running beside the main one does not interleave its lines.
 */
async function runSpecs(specs: string[], url: string, name: string, buffered = false): Promise<RunResult> {
  if (specs.length === 0) return { passed: 0, failed: 0, failures: [] };
  const tapFile = path.join(artifactsDir, `results-${name}.tap`);
  const timesFile = path.join(artifactsDir, `times-${name}.tsv`);
  const started = performance.now();
  const limitMs = buffered ? 720_000 : 480_000;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      // One spec file at a time: each launches its own Chromium, and the machine has 2 cores.
      '--test-concurrency=1',
      // Node 20 applies this to each spec file as a whole as well as to each test, so it is a file's
      // limit: 8 minutes in the main process (a file of a dozen tests took 4 on a loaded run). Specs
      // run beside the others wait on clocks (a draw, a 5-minute settlement window) while the main
      // process works, so they get 12 minutes: their wait costs no wall time.
      `--test-timeout=${limitMs}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      '--test-reporter=./e2e/support/file-times.mjs',
      `--test-reporter-destination=${timesFile}`,
      ...specs,
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        E2E_BASE_URL: url,
        E2E_ARTIFACTS: artifactsDir,
        E2E_CHROMIUM_PATH: chromiumPath,
        E2E_FILE_LIMIT_MS: String(limitMs),
      },
      stdio: ['ignore', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit'],
      detached: true,
    },
  );
  specProcesses.add(child);
  child.once('exit', () => specProcesses.delete(child));
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
  );
  const timing = laneTiming(name, (performance.now() - started) / 1000, timesFile);
  if (buffered) {
    console.log(`\n--- specs run beside the others: ${specs.map((f) => path.relative(repoRoot, f)).join(', ')}`);
    process.stdout.write(Buffer.concat(held));
    console.log('---');
  }
  const counts = tapCounts(tapFile);
  const failed = counts ? counts.failed : 0;
  const failures = (existsSync(tapFile) ? tapFailures(readFileSync(tapFile, 'utf8')) : []).map(withPagesAtFailure);
  // A non-zero exit with no failed test (a crash, a file that did not load) is still a failure.
  if (code !== 0 && failed === 0) {
    const tail = Buffer.concat(held).toString('utf8').split('\n').slice(-20).join('\n');
    failures.push({ name: `test process ${name} exited with ${code}`, file: '', message: tail });
  }
  return { passed: counts?.passed ?? 0, failed: code !== 0 && failed === 0 ? 1 : failed, failures, timing };
}

/** A failure with what its pages showed when it failed (support/browser.ts), where that was written. */
function withPagesAtFailure(failure: Failure): Failure {
  const file = pagesAtFailurePath(failure.name);
  if (!existsSync(file)) return failure;
  return { ...failure, pages: readFileSync(file, 'utf8') };
}

function laneTiming(name: string, seconds: number, timesFile: string): LaneTiming {
  const files = existsSync(timesFile)
    ? readFileSync(timesFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [s, file] = line.split('\t');
          return { file: path.relative(repoRoot, file ?? ''), seconds: Number(s) };
        })
    : [];
  return { name, seconds, files };
}

/**
 * Each test process's wall time and its spec files' times, longest first: where the browser run's
 * time goes (the lanes beside the main one should end before it; docs/benchmarks.md "Test suite").
 */
function printTimings(results: RunResult[]) {
  const lanes = results.flatMap((r) => (r.timing ? [r.timing] : [])).sort((a, b) => b.seconds - a.seconds);
  console.log('\nbrowser test times (wall seconds; a lane runs its files one after another):');
  for (const lane of lanes) {
    console.log(`  ${lane.name.padEnd(28)} ${lane.seconds.toFixed(1).padStart(7)} s`);
    for (const f of [...lane.files].sort((a, b) => b.seconds - a.seconds)) {
      console.log(`      ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
    }
  }
}

/**
 * CPU seconds by spec file (support/browser.ts records them as each file's browser closes), most
 * first: Chromium's whole process tree, and the spec's own test process (the driver, its solved
 * challenges). Wall time says which lane is long; this says which spec loads the shared cores.
 */
function printCpu() {
  const file = path.join(artifactsDir, CPU_FILE);
  if (!existsSync(file)) return;
  const bySpec = new Map<string, { chromium: number; own: number }>();
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const [chromium, own, spec] = line.split('\t');
    const name = path.relative(repoRoot, spec ?? '');
    const sum = bySpec.get(name) ?? { chromium: 0, own: 0 };
    bySpec.set(name, { chromium: sum.chromium + Number(chromium), own: sum.own + Number(own) });
  }
  const rows = [...bySpec].sort(([, a], [, b]) => b.chromium + b.own - (a.chromium + a.own));
  const total = rows.reduce((t, [, r]) => ({ chromium: t.chromium + r.chromium, own: t.own + r.own }), {
    chromium: 0,
    own: 0,
  });
  console.log(
    `\nbrowser test CPU (seconds; Chromium, then the spec's own process): ${total.chromium.toFixed(0)} and ${total.own.toFixed(0)} in all`,
  );
  for (const [name, r] of rows.slice(0, 25)) {
    console.log(`  ${r.chromium.toFixed(1).padStart(7)} ${r.own.toFixed(1).padStart(6)}  ${name}`);
  }
}

/**
 * The failed tests of a TAP report with their error text, for the suite's closing summary: a run's
 * last lines are all a CI log may keep, and "a test failed" without its message cannot be acted on.
 */
function tapFailures(tap: string): Failure[] {
  const lines = tap.split('\n');
  const failures: Failure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^(\s*)not ok \d+ - (.*)$/.exec(lines[i] ?? '');
    if (!head) continue;
    const indent = head[1] ?? '';
    let file = '';
    const message: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (line.trimEnd() === `${indent}  ...`) break;
      const location = /^\s*location: '(.*)'$/.exec(line);
      if (location) file = location[1] ?? '';
      if (line === `${indent}  error: |-`) {
        for (j++; j < lines.length && (lines[j] ?? '').startsWith(`${indent}    `); j++) {
          message.push((lines[j] ?? '').slice(indent.length + 4));
        }
        j--;
      } else if (line.startsWith(`${indent}  error: `)) {
        message.push(line.slice(indent.length + 9).replace(/^'(.*)'$/, '$1'));
      }
    }
    // A file whose test failed shows as a failed subtest and again as a failed file: keep the tests.
    if (head[2]?.endsWith('.spec.ts') && message.length === 0) continue;
    failures.push({ name: head[2] ?? '', file, message: message.join('\n') });
  }
  return failures;
}

function tapCounts(file: string): { passed: number; failed: number } | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const pass = /^# pass (\d+)$/m.exec(text);
  const fail = /^# fail (\d+)$/m.exec(text);
  if (!pass || !fail) return undefined;
  return { passed: Number(pass[1]), failed: Number(fail[1]) };
}

function writeReport(passed: number, failed: number, failures: Failure[]) {
  const file = process.env.E2E_REPORT;
  if (file) writeFileSync(file, JSON.stringify({ numPassedTests: passed, numFailedTests: failed, failures }));
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
