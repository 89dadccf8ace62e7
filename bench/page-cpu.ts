// What a page load costs the browser's CPU, as the browser tests load pages: a fresh context at
// 1280x900 with reduced motion and no service worker, the page loaded until the network is idle.
// For each browser (the whole Chromium and its headless shell, which the browser tests drive) and
// each page: the CPU seconds of Chromium's processes by type (browser, renderer, GPU, network
// service), read from /proc before and after, and the server's; first a blank page, which is what
// a fresh context's renderer costs before any site.
//
// The server is the built one in demo mode (bench/support/demo-site.ts). BLOCK (comma-separated
// path prefixes, such as /art/) aborts those requests, to show what a kind of resource costs.
//
//   node --import tsx bench/page-cpu.ts     PAGES=/,/promotions,/rng VISITS=5 PORT=3908
//                                           BROWSERS=/usr/bin/chromium,/usr/bin/chromium-headless-shell
//                                           BLOCK=/art/ ARGS='--in-process-gpu'
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';
import { descendsFrom, processTable } from '../e2e/support/cpu';
import { startDemoSite } from './support/demo-site';
import { percentile } from './support/measure';

const PAGES = (process.env.PAGES ?? '/,/promotions,/rng').split(',').filter(Boolean);
const VISITS = Number(process.env.VISITS ?? 5);
const PORT = Number(process.env.PORT ?? 3908);
const BROWSERS = (process.env.BROWSERS ?? '/usr/bin/chromium,/usr/bin/chromium-headless-shell').split(',');
const BLOCK = (process.env.BLOCK ?? '').split(',').filter(Boolean);
/** Chromium flags added to the browser tests' own, space-separated. */
const ARGS = (process.env.ARGS ?? '').split(' ').filter(Boolean);

/**
 * The browser's processes (this process's descendants, the server's excepted) with their own CPU
 * seconds (not their reaped children's: the zygote reaps every closed renderer) and their --type
 * (the browser process has none; utility processes by their service).
 */
function byType(server: number): Map<number, { key: string; seconds: number }> {
  const table = processTable();
  const out = new Map<number, { key: string; seconds: number }>();
  for (const [pid, t] of table) {
    if (pid === server || !descendsFrom(table, pid, process.pid) || descendsFrom(table, pid, server)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const type = /--type=([a-z-]+)/.exec(command)?.[1] ?? 'browser';
    const key = /--utility-sub-type=[a-z]+\.mojom\.([A-Za-z]+)/.exec(command)?.[1] ?? type;
    out.set(pid, { key, seconds: t.own });
  }
  return out;
}

type Sample = { types: Map<string, number>; server: number };

async function main() {
  const site = await startDemoSite(PORT, 'gamehall-page-cpu-');
  try {
    for (const executable of BROWSERS) {
      const browser = await chromium.launch({ executablePath: executable, args: [...CHROMIUM_ARGS, ...ARGS] });
      try {
        const blocked = BLOCK.length > 0 ? `, requests under ${BLOCK.join(' and ')} aborted` : '';
        const flags = ARGS.length > 0 ? `, with ${ARGS.join(' ')}` : '';
        console.log(
          `\n${executable} (${browser.version()}), ${VISITS} visits each${blocked}${flags}, CPU seconds (median):`,
        );
        for (const page of ['about:blank', ...PAGES]) {
          const samples: Sample[] = [];
          for (let visit = 0; visit < VISITS; visit++) {
            const b0 = byType(site.pid);
            const s0 = processTable().get(site.pid)?.own ?? 0;
            const context = await browser.newContext({
              viewport: { width: 1280, height: 900 },
              reducedMotion: 'reduce',
              serviceWorkers: 'block',
            });
            if (BLOCK.length > 0) {
              await context.route(
                (url) => BLOCK.some((prefix) => url.pathname.startsWith(prefix)),
                (route) => route.abort(),
              );
            }
            const tab = await context.newPage();
            await tab.goto(page === 'about:blank' ? page : `${site.url}${page}`, { waitUntil: 'load' });
            await tab.waitForLoadState('networkidle').catch(() => {});
            const b1 = byType(site.pid);
            // Processes that ended meanwhile (the last visit's renderer) are left out, new ones count whole.
            const types = new Map<string, number>();
            for (const [pid, now] of b1) {
              types.set(now.key, (types.get(now.key) ?? 0) + now.seconds - (b0.get(pid)?.seconds ?? 0));
            }
            samples.push({ types, server: (processTable().get(site.pid)?.own ?? 0) - s0 });
            await context.close();
          }
          const median = (values: number[]) =>
            percentile(
              [...values].sort((a, b) => a - b),
              50,
            );
          const keys = [...new Set(samples.flatMap((s) => [...s.types.keys()]))];
          const parts = keys
            .map((k) => [k, median(samples.map((s) => s.types.get(k) ?? 0))] as const)
            .filter(([, v]) => v >= 0.005)
            .sort((a, b) => b[1] - a[1]);
          const total = median(samples.map((s) => [...s.types.values()].reduce((a, b) => a + b, 0)));
          console.log(
            `  ${page.padEnd(14)} Chromium ${total.toFixed(2)} (${parts.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')})  server ${median(samples.map((s) => s.server)).toFixed(2)}`,
          );
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await site.stop();
  }
}

await main();
