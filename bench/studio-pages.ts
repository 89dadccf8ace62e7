/// <reference lib="dom" />
// The house studio's slot page in a browser (issue 16): JS and asset bytes (gzip) of the page, first
// paint and time to first spin (the spin button ready) at a desktop and a phone profile, and frames
// per second while the reels spin and land with Chromium's CPU throttled 4x (CDP
// Emulation.setCPUThrottlingRate), over SPINS spins. The studio runs alone on an in-memory database
// (trial play, no platform behind it), as `npm run start:studio` does.
//
//   node --import tsx bench/studio-pages.ts            (CHROMIUM_PATH, GAME=SLOT-00039, SPINS=6)
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { studioPlugin } from '../apps/studio/src/plugin';
import { loadAverage } from './support/measure';

const GAME = process.env.GAME ?? 'SLOT-00039';
const SPINS = Number(process.env.SPINS ?? 6);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Profile = { name: string; viewport: { width: number; height: number }; cpu: number; touch: boolean };
const PROFILES: Profile[] = [
  { name: 'desktop 1280×800', viewport: { width: 1280, height: 800 }, cpu: 1, touch: false },
  { name: 'phone 390×844, CPU 4x', viewport: { width: 390, height: 844 }, cpu: 4, touch: true },
];

async function bytes(base: string, path: string): Promise<{ raw: number; gzip: number }> {
  const body = Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

async function measure(browser: Browser, base: string, profile: Profile) {
  const context = await browser.newContext({ viewport: profile.viewport, hasTouch: profile.touch });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  // A string, not a function: tsx's transform would wrap a function in helpers the page lacks.
  await page.addInitScript(`
    window.__frames = [];
    const tick = (t) => { window.__frames.push(t); requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    new MutationObserver(() => {
      if (window.__spinReady === undefined && document.querySelector('[data-testid=spin]')) window.__spinReady = performance.now();
    }).observe(document, { childList: true, subtree: true });
  `);
  const token = randomBytes(24).toString('base64url');
  await page.goto(`${base}/studio/play?token=${token}&game=${GAME}&vendor=PT&mode=trial&name=Bench%20Slot`);
  await page.getByTestId('spin').waitFor();
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=balance]')?.textContent ?? ''));
  const load = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    spinReady: (window as unknown as { __spinReady?: number }).__spinReady ?? Number.NaN,
  }));
  // Frames during each spin, from the click to the reels at rest (the spin button back), at 4x CPU.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const rates: number[] = [];
  const spinMs: number[] = [];
  for (let i = 0; i < SPINS; i++) {
    const t0 = await page.evaluate(() => performance.now());
    await page.getByTestId('spin').click();
    await page.waitForFunction(() => (document.querySelector('[data-testid=spin]') as HTMLButtonElement).disabled);
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid=spin]') as HTMLButtonElement).disabled,
      undefined,
      {
        timeout: 30_000,
      },
    );
    const { frames, t1 } = await page.evaluate((start) => {
      const all = (window as unknown as { __frames: number[] }).__frames;
      return { frames: all.filter((t) => t >= start).length, t1: performance.now() };
    }, t0);
    rates.push((frames * 1000) / (t1 - t0));
    spinMs.push(t1 - t0);
    // A big win's celebration holds the button: dismiss it so the next spin starts at once.
    await page
      .locator('.slot-overlay:not([hidden])')
      .click({ timeout: 500 })
      .catch(() => undefined);
  }
  await context.close();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { ...load, fps: mean(rates), minFps: Math.min(...rates), spinMs: mean(spinMs) };
}

async function main() {
  const app = Fastify();
  await app.register(studioPlugin, {
    prefix: '/studio',
    platformUrl: 'http://127.0.0.1:9',
    houseSecret: 'x'.repeat(40),
    dataDir: '',
    retryIntervalMs: 0,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = randomBytes(24).toString('base64url');
  const html = await bytes(base, `/studio/play?token=${token}&game=${GAME}&vendor=PT&mode=trial`);
  const js = await bytes(base, '/studio/assets/play.js');
  const css = await bytes(base, '/studio/assets/studio.css');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows: string[] = [];
  for (const profile of PROFILES) {
    const m = await measure(browser, base, profile);
    rows.push(
      `| ${profile.name} | ${m.firstPaint.toFixed(0)} ms | ${m.spinReady.toFixed(0)} ms | ${m.fps.toFixed(1)} (min ${m.minFps.toFixed(1)}) | ${m.spinMs.toFixed(0)} ms |`,
    );
  }
  await browser.close();
  await app.close();
  console.log(`Slot page ${GAME}, load average ${loadAverage()}\n`);
  console.log('| File | bytes | gzip |\n|---|---:|---:|');
  console.log(`| page HTML | ${html.raw} | ${html.gzip} |`);
  console.log(`| play.js (all JS, symbol art drawn in it) | ${js.raw} | ${js.gzip} |`);
  console.log(`| studio.css (all other assets: no images, fonts or sounds files) | ${css.raw} | ${css.gzip} |`);
  console.log(`| total | ${html.raw + js.raw + css.raw} | ${html.gzip + js.gzip + css.gzip} |\n`);
  console.log(
    '| Profile | first contentful paint | time to first spin | fps while spinning (CPU 4x) | spin, click to rest |\n|---|---:|---:|---:|---:|',
  );
  for (const row of rows) console.log(row);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
