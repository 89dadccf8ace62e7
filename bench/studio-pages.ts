// The house studio's game pages in a browser, per game kind: JS and asset bytes (gzip)
// of the page, the bytes of the kind's own modules inside the shared page script, first paint and
// time to the first spin or bet (the kind's main control present and enabled) at a desktop and a
// phone profile, and frames per second during the main animation with Chromium's CPU throttled 4x
// (CDP Emulation.setCPUThrottlingRate).
//
// Instant kinds (slot, fish, duel, match, derby) are measured over ROUNDS rounds each, from the click
// to the scene at rest (the button enabled again). The shared-timeline kinds (crash, baccarat,
// roulette) run on the server's clock, not on a click: they are measured over a WINDOW of seconds of
// the page as it runs (the crash curve flies and restarts every few seconds; a table's deal or spin
// falls in the window only when its countdown ends inside it). The lottery draws every few minutes,
// so its draw is measured with the page's "Replay draw" button, ROUNDS times, from the click until
// the last number has landed: the page's own draw animation on the last draw's real result, which
// the bench has the studio make first (lastDraw). The studio runs alone on an in-memory database
// (trial play, no platform behind it), as `npm run start:studio` does.
//
//   node --import tsx bench/studio-pages.ts      (CHROMIUM_PATH, KINDS=slot,fish,..., ROUNDS=3, WINDOW=10)
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LOTTERY_SCHEDULES } from '@gamehall/shared/lottery-schedule';
import { build } from 'esbuild';
import Fastify from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { studioPlugin } from '../apps/studio/src/plugin';
import { loadAverage } from './support/measure';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WINDOW = Number(process.env.WINDOW ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Kind = {
  kind: string;
  game: string;
  vendor: string;
  /** The main control: spin, fire, bet, buy (a table's betting areas, whose bet button waits for a chip). */
  ready: string;
  /** Clicked once before playing (a selection to bet on). */
  pick?: string;
  /** The client modules that are this kind's own (file names under apps/studio/src/client). */
  modules: RegExp;
  timeline?: boolean;
  /** Replays the last draw (the lottery): clicked ROUNDS times, each measured until `until` matches. */
  replay?: { button: string; until: string };
};

// LIVE-001 at PT is a baccarat table and LIVE-005 a roulette table (game-map.ts rotation).
const KINDS: Kind[] = [
  {
    kind: 'slot',
    game: 'SLOT-00039',
    vendor: 'PT',
    ready: '[data-testid=spin]',
    modules: /games\/(slot|slot-present|symbol-art|symbol-icons|theme-art)\.ts$/,
  },
  { kind: 'fish', game: 'FISH-001', vendor: 'PT', ready: '[data-testid=spin]', modules: /games\/fish(-art)?\.ts$/ },
  { kind: 'duel', game: 'PVP-001', vendor: 'PT', ready: '[data-testid=spin]', modules: /games\/duel\.ts$/ },
  {
    kind: 'match',
    game: 'SPORTS-001',
    vendor: 'PT',
    ready: '[data-testid=spin]',
    pick: '.options .button',
    modules: /games\/match\.ts$/,
  },
  {
    kind: 'derby',
    game: 'COCKFIGHT-001',
    vendor: 'PT',
    ready: '[data-testid=spin]',
    pick: '.options .button',
    modules: /games\/derby\.ts$/,
  },
  {
    kind: 'crash',
    game: 'CRASH-001',
    vendor: 'PT',
    ready: '[data-testid=bet]',
    modules: /client\/(crash\.ts|games\/crash[^/]*\.ts)$/,
    timeline: true,
  },
  {
    kind: 'baccarat',
    game: 'LIVE-001',
    vendor: 'PT',
    ready: '[data-spot]',
    modules: /client\/(table\.ts|games\/table[^/]*\.ts)$/,
    timeline: true,
  },
  {
    kind: 'roulette',
    game: 'LIVE-005',
    vendor: 'PT',
    ready: '[data-spot]',
    modules: /client\/(table\.ts|games\/table[^/]*\.ts)$/,
    timeline: true,
  },
  {
    kind: 'lottery',
    game: 'LOTT-001',
    vendor: 'LOTT',
    ready: '[data-testid=buy]',
    modules: /client\/(lottery\.ts|games\/lottery[^/]*\.ts)$/,
    replay: { button: '[data-testid=replay]', until: '[data-testid=draw-board][data-state=done]' },
  },
];

type Profile = { name: string; viewport: { width: number; height: number }; cpu: number; touch: boolean };
const PROFILES: Profile[] = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, cpu: 1, touch: false },
  { name: 'phone, CPU 4x', viewport: { width: 390, height: 844 }, cpu: 4, touch: true },
];

async function bytes(base: string, path: string): Promise<{ raw: number; gzip: number }> {
  const body = Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

/** Minified bytes each client module takes in the page script (the build the studio serves). */
async function moduleBytes(): Promise<Record<string, number>> {
  const result = await build({
    entryPoints: ['apps/studio/src/client/play.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
  });
  const out = Object.values(result.metafile.outputs)[0];
  return Object.fromEntries(Object.entries(out?.inputs ?? {}).map(([k, v]) => [k, v.bytesInOutput]));
}

async function measure(browser: Browser, base: string, kind: Kind, profile: Profile) {
  const context = await browser.newContext({ viewport: profile.viewport, hasTouch: profile.touch });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The scripts the page loads: the shell and its own kind's chunks (client-bundle.ts splits them).
  const scripts = new Set<string>();
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/studio/assets/') && path.endsWith('.js')) scripts.add(path);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  // A string, not a function: tsx's transform would wrap a function in helpers the page lacks.
  await page.addInitScript(`
    window.__frames = [];
    const tick = (t) => { window.__frames.push(t); requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    const ready = () => {
      const el = document.querySelector(${JSON.stringify(kind.ready)});
      if (window.__ready === undefined && el && !el.disabled) window.__ready = performance.now();
    };
    new MutationObserver(ready).observe(document, { childList: true, subtree: true, attributes: true });
  `);
  const token = randomBytes(24).toString('base64url');
  await page.goto(
    `${base}/studio/play?token=${token}&game=${kind.game}&vendor=${kind.vendor}&mode=trial&name=Bench%20${kind.kind}`,
  );
  await page.locator(kind.ready).first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, undefined, {
    timeout: 60_000,
  });
  const load = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    ready: (window as unknown as { __ready?: number }).__ready ?? Number.NaN,
  }));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const rates: number[] = [];
  const spans: number[] = [];
  const frameRate = (start: number) =>
    page.evaluate((t0) => {
      const all = (window as unknown as { __frames: number[] }).__frames;
      const t1 = performance.now();
      return { fps: (all.filter((t) => t >= t0).length * 1000) / (t1 - t0), ms: t1 - t0 };
    }, start);
  if (kind.replay) {
    const { button, until } = kind.replay;
    await page.locator(until).waitFor({ timeout: 30_000 });
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = await page.evaluate(() => performance.now());
      await page.locator(button).click();
      await page.waitForFunction((sel) => !document.querySelector(sel), until);
      await page.locator(until).waitFor({ timeout: 30_000 });
      const r = await frameRate(t0);
      rates.push(r.fps);
      spans.push(r.ms);
    }
  } else if (kind.timeline) {
    const t0 = await page.evaluate(() => performance.now());
    await page.waitForTimeout(WINDOW * 1000);
    const r = await frameRate(t0);
    rates.push(r.fps);
    spans.push(r.ms);
  } else {
    if (kind.pick) await page.locator(kind.pick).first().click();
    const button = page.locator(kind.ready).first();
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = await page.evaluate(() => performance.now());
      await button.click();
      await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLButtonElement).disabled, kind.ready);
      await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLButtonElement).disabled, kind.ready, {
        timeout: 30_000,
      });
      const r = await frameRate(t0);
      rates.push(r.fps);
      spans.push(r.ms);
      // A slot's big-win celebration holds the button: dismiss it so the next spin starts at once.
      await page
        .locator('.slot-overlay:not([hidden])')
        .click({ timeout: 500 })
        .catch(() => undefined);
    }
  }
  await context.close();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  let js = 0;
  for (const path of scripts) js += (await bytes(base, path)).gzip;
  return { ...load, fps: mean(rates), minFps: Math.min(...rates), ms: mean(spans), errors, js };
}

/** The studio's clock: behind the real one by `lag` ms while lastDraw commits a draw in the past. */
const clock = { lag: 0 };

/**
 * A finished draw of the lottery game for its page to replay: a session opened while the studio's
 * clock is one draw interval (plus the close lead) behind commits the draw open then, which is due
 * by the real time; one recovery pass with the clock back on time draws it (the studio's own draw
 * from its committed seed, as its recovery loop does every few seconds).
 */
async function lastDraw(base: string, kind: Kind, recover: () => Promise<unknown>) {
  const schedule = LOTTERY_SCHEDULES[kind.vendor];
  if (!schedule) throw new Error(`not a lottery vendor: ${kind.vendor}`);
  clock.lag = (schedule.intervalSeconds + schedule.closeLeadSeconds + 5) * 1000;
  try {
    const token = randomBytes(24).toString('base64url');
    await fetch(`${base}/studio/play?token=${token}&game=${kind.game}&vendor=${kind.vendor}&mode=trial`);
    const res = await fetch(`${base}/studio/api/lottery`, { headers: { 'x-game-token': token } });
    if (!res.ok) throw new Error(`lottery info: ${res.status} ${await res.text()}`);
  } finally {
    clock.lag = 0;
  }
  await recover();
}

async function main() {
  const only = process.env.KINDS?.split(',');
  const kinds = only ? KINDS.filter((k) => only.includes(k.kind)) : KINDS;
  const app = Fastify();
  let recover: () => Promise<unknown> = async () => undefined;
  await app.register(studioPlugin, {
    prefix: '/studio',
    platformUrl: 'http://127.0.0.1:9',
    houseSecret: 'x'.repeat(40),
    dataDir: '',
    retryIntervalMs: 0,
    now: () => new Date(Date.now() - clock.lag),
    onStart: (runtime) => {
      recover = runtime.recover;
    },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const kind of kinds) if (kind.replay) await lastDraw(base, kind, recover);
  const token = randomBytes(24).toString('base64url');
  const html = await bytes(base, `/studio/play?token=${token}&game=SLOT-00039&vendor=PT&mode=trial`);
  const js = await bytes(base, '/studio/assets/play.js');
  const css = await bytes(base, '/studio/assets/studio.css');
  const modules = await moduleBytes();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows: string[] = [];
  const failures: string[] = [];
  for (const kind of kinds) {
    const own = Object.entries(modules)
      .filter(([file]) => kind.modules.test(file))
      .reduce((s, [, n]) => s + n, 0);
    for (const profile of PROFILES) {
      try {
        const m = await measure(browser, base, kind, profile);
        rows.push(
          `| ${kind.kind} | ${profile.name} | ${(m.js / 1024).toFixed(1)} KB | ${(own / 1024).toFixed(1)} KB | ${m.firstPaint.toFixed(0)} ms | ${m.ready.toFixed(0)} ms | ${m.fps.toFixed(1)} (min ${m.minFps.toFixed(1)}) | ${kind.timeline ? `${(m.ms / 1000).toFixed(0)} s window` : `${m.ms.toFixed(0)} ms per ${kind.replay ? 'draw replayed' : 'round'}`} |`,
        );
        if (m.errors.length) failures.push(`${kind.kind} ${profile.name}: ${m.errors.join('; ')}`);
      } catch (err) {
        failures.push(`${kind.kind} ${profile.name}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
  }
  await browser.close();
  await app.close();
  console.log(`Studio game pages, load average ${loadAverage()}\n`);
  console.log('| File (the same for every kind) | bytes | gzip |\n|---|---:|---:|');
  console.log(`| page HTML | ${html.raw} | ${html.gzip} |`);
  console.log(`| play.js (the shell; each kind's code is a chunk it loads) | ${js.raw} | ${js.gzip} |`);
  console.log(`| studio.css (all other assets: no images, fonts or sound files) | ${css.raw} | ${css.gzip} |`);
  console.log(`| total | ${html.raw + js.raw + css.raw} | ${html.gzip + js.gzip + css.gzip} |\n`);
  console.log(
    '| Kind | Profile | JS the page loads (gzip) | own modules (minified) | first contentful paint | time to first spin/bet | fps, main animation (CPU 4x) | measured over |\n|---|---|---:|---:|---:|---:|---:|---|',
  );
  for (const row of rows) console.log(row);
  if (failures.length) console.log(`\nNot measured or with page errors:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
