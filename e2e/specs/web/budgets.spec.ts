// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
// e2e: alone quiet
// (it times page loads: e2e/run.ts runs it after the others, once the database runs beside them
// have ended and nothing else loads the machine)
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { newContext, newPage } from '../../support/browser';
import { artifactsDir, repoRoot } from '../../support/env';
import { useSiteBrowser } from './web-build';

// ui-guide budgets: initial JS of the home page at most 150 KiB gzipped; LCP under 1.0 s and CLS
// under 0.05 in headless Chromium against the local server. Figures go to budgets.json.
const figures: Record<string, number | number[]> = {};
const browser = useSiteBrowser();
after(async () => {
  writeFileSync(path.join(artifactsDir, 'budgets.json'), `${JSON.stringify(figures, null, 2)}\n`);
});

test('the home page loads at most 150 KiB of gzipped JavaScript before it renders', () => {
  const dist = path.join(repoRoot, 'apps', 'web', 'dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  // The entry script and the chunks it preloads are what the browser fetches before first render.
  const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  assert.ok(scripts.length > 0);
  const bytes = scripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
    0,
  );
  figures.initialJsGzipKiB = Math.round((bytes / 1024) * 10) / 10;
  assert.ok(bytes <= 150 * 1024, `initial JS is ${figures.initialJsGzipKiB} KiB gzip`);
});

// The home's whole script as the browser receives it: every script the page fetched before the
// network went idle (the entry, its preloads, and the lazy chunks the first screen pulls in), in
// compressed bytes as transferred (Resource Timing's encodedBodySize: the body before the browser
// decodes its Content-Encoding). Aim of the performance work: at most 170 KiB.
const HOME_SCRIPT_BUDGET_KIB = 170;

test(`every script the home loads before network idle is at most ${HOME_SCRIPT_BUDGET_KIB} KiB as transferred`, async () => {
  // No service worker (newContext's default): its precaching is the worker's traffic, not the page's.
  const context = await newContext(browser(), { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const encodings = new Map<string, string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      encodings.set(response.url(), response.headers()['content-encoding'] ?? 'identity');
    }
  });
  await page.goto('/', { waitUntil: 'networkidle', timeout: 60_000 });
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, transferred: entry.encodedBodySize, decoded: entry.decodedBodySize })),
  );
  await context.close();
  assert.ok(scripts.length > 0, 'the home loaded no script');
  const transferred = scripts.reduce((sum, s) => sum + s.transferred, 0);
  figures.homeScripts = scripts.length;
  figures.homeScriptTransferredKiB = Math.round((transferred / 1024) * 10) / 10;
  figures.homeScriptDecodedKiB = Math.round((scripts.reduce((sum, s) => sum + s.decoded, 0) / 1024) * 10) / 10;
  const list = scripts
    .map((s) => `${new URL(s.url).pathname} ${(s.transferred / 1024).toFixed(1)} KiB ${encodings.get(s.url) ?? '?'}`)
    .join('\n');
  writeFileSync(path.join(artifactsDir, 'home-scripts.txt'), `${list}\n`);
  assert.ok(
    transferred <= HOME_SCRIPT_BUDGET_KIB * 1024,
    `the home loads ${scripts.length} scripts, ${figures.homeScriptTransferredKiB} KiB as transferred:\n${list}`,
  );
});

test('home page LCP under 1.0 s and CLS under 0.05 in headless Chromium', async () => {
  const page = await newPage(browser());
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    w.__lcp = 0;
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A warm-up visit fills the server's caches, as a real visitor's second page would find them.
  await page.goto('/');
  await page.getByTestId('jackpot').waitFor();
  await page.evaluate(() => sessionStorage.setItem('ANONYMOUS_POPUP', '1'));
  // Up to three measured visits, judged by the best: a page that is really over budget is over it
  // every time, while one visit can be slowed by whatever else the 2-core machine is doing. CLS
  // must hold on every visit.
  const samples: { lcp: number; cls: number }[] = [];
  for (let visit = 0; visit < 3; visit++) {
    await page.goto('/');
    // The home's last section in place (its codes are drawn only when scrolled to).
    await page.locator('#download li').nth(2).waitFor();
    await page.waitForTimeout(1500);
    const sample = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      return { lcp: w.__lcp, cls: w.__cls };
    });
    samples.push(sample);
    assert.ok(sample.cls < 0.05, `CLS ${sample.cls}`);
    if (sample.lcp > 0 && sample.lcp < 1000) break;
  }
  const lcp = Math.min(...samples.map((v) => v.lcp));
  figures.lcpMs = Math.round(lcp);
  figures.lcpSamplesMs = samples.map((v) => Math.round(v.lcp));
  figures.cls = Math.round(Math.max(...samples.map((v) => v.cls)) * 1000) / 1000;
  assert.ok(lcp > 0 && lcp < 1000, `LCP ${samples.map((v) => Math.round(v.lcp)).join(', ')} ms`);
  await page.context().close();
});
