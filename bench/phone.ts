// The player site's pages on a phone, loaded the way Lighthouse's mobile profile loads them: a
// 412x823 screen at 1.75 device pixels with touch, the CPU slowed 4x (CDP
// Emulation.setCPUThrottlingRate) and the network at 150 ms round trip, 1.6 Mbit/s down and
// 750 kbit/s up (Network.emulateNetworkConditions, applied, where Lighthouse by default simulates
// it), each visit in a fresh browser context (a first visit: cold cache, no service worker).
//
// Beside the pages, the reference: a static page of the same shape (a heading, an image, two
// paragraphs, 20 KB of script) served by node:http and loaded the same way, one visit of it before
// each visit of a page, so a loaded machine slows both alike and the difference is the site's own.
//
// For each visit: First and Largest Contentful Paint, Total Blocking Time (what each main-thread
// task after the first paint spends over 50 ms, until 5 s pass with no long task, at most 30 s
// after the navigation: Lighthouse counts until its time to interactive), the renderer's script
// and layout time (Performance.getMetrics), the bytes transferred, and the DOM's element count.
// Lighthouse's aims: performance 90 or more takes LCP under 2.5 s and TBT under 300 ms.
//
// The server is the built one (`npm start`'s apps/server/dist/main.js, built first when stale) in
// demo mode on a throwaway data directory, as an operator's first visitors meet it.
//
//   node --import tsx bench/phone.ts          PAGES=/,/rng VISITS=3 PORT=3907 CHROMIUM_PATH
//   WATERFALL=1 also prints each page's first visit request by request (start and end, ms from the
//   navigation), to see which fetch waits for which.
import { createServer } from 'node:http';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';
import { startDemoSite } from './support/demo-site';
import { loadAverage, percentile } from './support/measure';

const PAGES = (process.env.PAGES ?? '/,/rng').split(',').filter(Boolean);
const VISITS = Number(process.env.VISITS ?? 3);
const PORT = Number(process.env.PORT ?? 3907);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LONG_TASK_MS = 50;
const QUIET_MS = 5_000;
const LONGEST_MS = 30_000;
const WATERFALL = process.env.WATERFALL === '1';

type Visit = {
  fcp: number;
  lcp: number;
  tbt: number;
  scriptMs: number;
  layoutMs: number;
  transferredKiB: number;
  elements: number;
};

/** The reference page: a heading, an image that is its largest paint, two paragraphs, a small script. */
function referencePage(): { html: string; image: string; script: string } {
  const image = `<svg xmlns="http://www.w3.org/2000/svg" width="412" height="220"><rect width="412" height="220" fill="#1d2a4a"/><circle cx="206" cy="110" r="80" fill="#f5b84a"/></svg>`;
  // About 20 KB of script that does a little work, as a page's own code would.
  const script = `window.__ref = [];\n${Array.from({ length: 400 }, (_, i) => `window.__ref.push(function f${i}(x) { return x * ${i} + ${i % 7}; }(${i}));`).join('\n')}\n`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title>
<style>body{margin:0;font:16px system-ui;background:#0f1320;color:#e8ecf4}main{padding:16px}img{width:100%;height:auto;display:block}</style></head>
<body><main><h1>Reference page</h1><img src="/hero.svg" width="412" height="220" alt="">
<p>A static page of the same shape as a site page's first screen: a heading, an image and some text.</p>
<p>It is served by node:http from memory and loaded with the same throttling as the site's pages.</p></main>
<script src="/app.js" defer></script></body></html>`;
  return { html, image, script };
}

function startReference(): Promise<{ url: string; close: () => void }> {
  const page = referencePage();
  const server = createServer((req, res) => {
    const [type, body] =
      req.url === '/hero.svg'
        ? ['image/svg+xml', page.image]
        : req.url === '/app.js'
          ? ['text/javascript', page.script]
          : ['text/html; charset=utf-8', page.html];
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

/** Watches paints and long tasks from the document's start (an init script of the context). */
const OBSERVE = `(() => {
  const w = window;
  w.__phone = { fcp: 0, lcp: 0, tasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') w.__phone.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__phone.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__phone.tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})()`;

type Request = { url: string; start: number; end: number; kib: number };

function printWaterfall(label: string, requests: Request[], navigationStart: number) {
  console.log(`waterfall of ${label} (ms from the navigation: start-end, KiB transferred)`);
  for (const r of [...requests].sort((a, b) => a.start - b.start)) {
    const at = (t: number) => Math.round((t - navigationStart) * 1000);
    const name = r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 110);
    console.log(`  ${at(r.start)}-${r.end ? at(r.end) : '?'}  ${r.kib.toFixed(1)}  ${name}`);
  }
}

async function visit(browser: Browser, url: string, waterfall = false): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let transferred = 0;
    const requests = new Map<string, Request>();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string } }) => {
      requests.set(e.requestId, { url: e.request.url, start: e.timestamp, end: 0, kib: 0 });
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
      transferred += e.encodedDataLength;
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { end: e.timestamp, kib: e.encodedDataLength / 1024 });
    });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Until QUIET_MS pass with no new long task (or LONGEST_MS in all).
    for (;;) {
      await page.waitForTimeout(1_000);
      const tasks = (await page.evaluate('window.__phone.tasks')) as [number, number][];
      const lastEnd = tasks.reduce((m, [s, d]) => Math.max(m, s + d), 0);
      const now = (await page.evaluate('performance.now()')) as number;
      if (now - lastEnd >= QUIET_MS || Date.now() - started >= LONGEST_MS) break;
    }
    const seen = (await page.evaluate('window.__phone')) as { fcp: number; lcp: number; tasks: [number, number][] };
    if (waterfall) {
      const first = Math.min(...[...requests.values()].map((r) => r.start));
      printWaterfall(
        `${url} (FCP ${Math.round(seen.fcp)}, LCP ${Math.round(seen.lcp)})`,
        [...requests.values()],
        first,
      );
    }
    const metrics = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const metric = (name: string) => metrics.metrics.find((m) => m.name === name)?.value ?? 0;
    const elements = (await page.evaluate('document.querySelectorAll("*").length')) as number;
    const tbt = seen.tasks
      .filter(([start]) => start >= seen.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - LONG_TASK_MS), 0);
    return {
      fcp: seen.fcp,
      lcp: seen.lcp,
      tbt,
      scriptMs: metric('ScriptDuration') * 1000,
      layoutMs: (metric('LayoutDuration') + metric('RecalcStyleDuration')) * 1000,
      transferredKiB: transferred / 1024,
      elements,
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

function row(label: string, visits: Visit[]): string {
  const m = (pick: (v: Visit) => number) => Math.round(median(visits.map(pick)));
  const range = (pick: (v: Visit) => number) => {
    const values = visits.map(pick).sort((a, b) => a - b);
    return `${Math.round(values[0] ?? 0)}-${Math.round(values[values.length - 1] ?? 0)}`;
  };
  return `| ${label} | ${m((v) => v.fcp)} | ${m((v) => v.lcp)} (${range((v) => v.lcp)}) | ${m((v) => v.tbt)} (${range((v) => v.tbt)}) | ${m((v) => v.scriptMs)} | ${m((v) => v.layoutMs)} | ${m((v) => v.transferredKiB)} | ${m((v) => v.elements)} |`;
}

async function main() {
  const reference = await startReference();
  const site = await startDemoSite(PORT, 'gamehall-phone-');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const loadBefore = loadAverage();
  try {
    const referenceVisits: Visit[] = [];
    const pageVisits = new Map<string, Visit[]>(PAGES.map((p) => [p, []]));
    for (let i = 0; i < VISITS; i++) {
      for (const p of PAGES) {
        referenceVisits.push(await visit(browser, reference.url));
        pageVisits.get(p)?.push(await visit(browser, `${site.url}${p}`, WATERFALL && i === 0));
      }
    }
    console.log(
      `phone profile: 412x823 at 1.75, CPU 4x slower, 150 ms RTT, 1.6 Mbit/s; ${VISITS} cold visits each; load ${loadBefore} -> ${loadAverage()}`,
    );
    console.log(
      '| page | FCP ms | LCP ms (range) | TBT ms (range) | script ms | style and layout ms | KiB transferred | elements |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    console.log(row('reference (static)', referenceVisits));
    for (const [p, visits] of pageVisits) console.log(row(p, visits));
  } finally {
    await browser.close();
    await site.stop();
    reference.close();
  }
}

await main();
