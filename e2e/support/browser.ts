import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, beforeEach } from 'node:test';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium';
import { childrenSeconds } from './cpu';
import { artifactsDir, baseUrl, chromiumPath, PAGE_WAIT_MS, pagesAtFailurePath, takeScreenshots } from './env';

export function launchBrowser(): Promise<Browser> {
  // More flags for a measurement, space-separated (docs/benchmarks.md, "The machine under the suite").
  const extra = process.env.E2E_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? [];
  return chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS, ...extra], headless: true });
}

/**
 * A fresh browser context with the suite's defaults: the server's base URL, PAGE_WAIT_MS for every
 * wait, and no service worker unless `serviceWorkers: 'allow'` is passed. The site's worker
 * precaches 134 files (1.4 MiB) in every new context, which is the server's load and not what a
 * spec checks; app-install.spec tests the worker itself. Each page of the context is watched for
 * what describePages reports when a test fails (requests still waiting, the last navigations).
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), serviceWorkers: 'block', ...options });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  context.on('page', watch);
  return context;
}

/**
 * A fresh page (own context: no cookies or storage shared between specs) with a fixed viewport. It
 * asks for reduced motion unless `motion` is set: without a GPU every frame of the site's endless
 * marquees is drawn by the CPU, about a third of a core for each idle home page, and the suite's
 * lanes keep several open while they wait. A spec that checks motion passes `motion: true`; one that
 * checks the service worker passes `serviceWorker: true`.
 */
export async function newPage(
  browser: Browser,
  options: { motion?: boolean; serviceWorker?: boolean } = {},
): Promise<Page> {
  const context = await newContext(browser, {
    viewport: { width: 1280, height: 900 },
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
  return context.newPage();
}

/** What a page did that a failure report needs: its requests still unanswered, its last navigations. */
type Watched = { pending: Map<Request, number>; navigations: string[] };
const watched = new WeakMap<Page, Watched>();

function watch(page: Page): void {
  pollOnATimer(page);
  const seen: Watched = { pending: new Map(), navigations: [] };
  watched.set(page, seen);
  page.on('request', (request) => seen.pending.set(request, Date.now()));
  page.on('requestfinished', (request) => seen.pending.delete(request));
  page.on('requestfailed', (request) => seen.pending.delete(request));
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    seen.navigations.push(`${new Date().toISOString().slice(11, 23)} ${frame.url()}`);
    if (seen.navigations.length > 4) seen.navigations.shift();
  });
}

/**
 * How often a page's waitForFunction checks its condition. Playwright's default checks it on every
 * animation frame, which keeps the renderer drawing frames for as long as the wait lasts: an idle
 * home or lobby page then cost Chromium 0.09-0.14 CPU s a second against 0.01-0.02 on a 250 ms timer
 * (docs/benchmarks.md, "A slower machine, and what a wait costs"), and the specs wait that way on
 * draws, deals and balances for minutes. A state a person can see lasts longer than this.
 */
const POLL_MS = 50;

/** Makes the page's waitForFunction poll every POLL_MS unless the call names its own polling. */
function pollOnATimer(page: Page): void {
  const wait = page.waitForFunction.bind(page);
  page.waitForFunction = ((fn: never, arg: never, options?: { polling?: number | 'raf'; timeout?: number }) =>
    wait(fn, arg, { polling: POLL_MS, ...options })) as Page['waitForFunction'];
}

/** The requests a page has waited on for over two seconds, oldest first, with their age. */
function waitingRequests(page: Page): string[] {
  const now = Date.now();
  return [...(watched.get(page)?.pending ?? [])]
    .filter(([, since]) => now - since > 2_000)
    .sort(([, a], [, b]) => a - b)
    .slice(0, 6)
    .map(([r, since]) => {
      const url = new URL(r.url());
      return `${r.method()} ${url.pathname}${url.search.slice(0, 60)} (${r.resourceType()}, ${Math.round((now - since) / 1000)} s)`;
    });
}

/** The most of a page's height a screenshot keeps: three screens of the default viewport. */
const SCREENSHOT_MAX_HEIGHT = 2_700;

/**
 * Saves a screenshot of the page from its top as test-results/e2e/<name>.jpg; every page a spec
 * visits gets one. JPEG, not PNG: Chromium encodes a full page's PNG in about 0.4 CPU seconds and
 * its JPEG in 0.17 (a third of the bytes), and a run saves over 250 of them on the two cores the
 * lanes share. At most SCREENSHOT_MAX_HEIGHT: a whole API reference or OpenAPI page is many
 * screens tall, and drawing all of it without a GPU took over 30 s in a loaded run. None under CI
 * (env.ts takeScreenshots).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!takeScreenshots) return;
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.jpg`);
  const size = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  const clip = { x: 0, y: 0, width: size.width, height: Math.min(size.height, SCREENSHOT_MAX_HEIGHT) };
  await page.screenshot({ path: file, fullPage: true, clip, type: 'jpeg', quality: 80 });
}

/**
 * Waits until every finite animation on the page has finished (a modal's 100 ms fade, a toast's
 * entrance). Checks that read computed colours, such as axe's contrast rule, would otherwise see
 * a dialog still at part opacity on a slow machine. Infinite animations (the notice marquee) are
 * left running: they never finish and do not change colours.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) =>
        Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
      );
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Gives a spec file one Chromium for all its tests: launched in a `before` hook (after `prepare`,
 * such as making sure the web build exists) and closed in an `after` hook. Work that needs the
 * browser before the tests (a signed-in page) goes in `setup`, which runs in the same hook: a
 * file's top-level hooks start as they are declared, so a second `before` could run before the
 * launch has finished. The returned function gives the browser inside tests.
 */
export function useBrowser(prepare?: () => void, setup?: (browser: Browser) => Promise<void>): () => Browser {
  let browser: Browser | undefined;
  let current = '(the before hook)';
  before(async () => {
    watchFileLimit(
      () => browser,
      () => current,
    );
    prepare?.();
    browser = await launchBrowser();
    await setup?.(browser);
  });
  beforeEach((t) => {
    current = t.name;
  });
  afterEach(async (t) => {
    // `passed` is on the test context from Node 20.12; this project's @types/node predates it.
    const passed = (t as { passed?: boolean }).passed;
    if (passed === false && browser) await describePages(browser, t.name);
  });
  after(async () => {
    recordCpu();
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in the before hook; use it inside tests');
    return browser;
  };
}

/** The spec file this test process runs (node's test runner gives each file a process). */
const specFile = process.argv.find((arg) => arg.endsWith('.spec.ts'));

/**
 * A spec file that outruns its limit (E2E_FILE_LIMIT_MS, set by e2e/run.ts) is killed with nothing
 * but "test timed out": shortly before that, the pages still open are described under the file's
 * name, the one the runner reports the timeout under, with the test that was running.
 */
function watchFileLimit(browser: () => Browser | undefined, test: () => string): void {
  const limit = Number(process.env.E2E_FILE_LIMIT_MS ?? 0);
  const spec = specFile;
  if (!limit || !spec) return;
  // The limit runs from the file's process start.
  const at = Math.max(0, limit - FILE_LIMIT_NOTICE_MS - process.uptime() * 1000);
  setTimeout(() => {
    const open = browser();
    console.error(`${spec}: still running "${test()}" ${FILE_LIMIT_NOTICE_MS / 1000} s before its limit`);
    if (open) void describePages(open, spec, `still running: ${test()}`);
  }, at).unref();
}

/** How long before a spec file's limit its pages are described (up to 25 s a page). */
const FILE_LIMIT_NOTICE_MS = 90_000;

/** The file e2e/run.ts reads each spec file's CPU seconds from (its Chromium's, its own process's). */
export const CPU_FILE = 'cpu.tsv';

/**
 * Appends the spec file's CPU so far: its test process's own, and the rest of the process tree under
 * it, which is its Chromium (each spec file launches one, before its tests, and closes it after).
 */
function recordCpu(): void {
  const chromium = childrenSeconds();
  if (chromium === undefined) return;
  const used = process.cpuUsage();
  const own = (used.user + used.system) / 1e6;
  const spec = specFile ?? '';
  mkdirSync(artifactsDir, { recursive: true });
  appendFileSync(path.join(artifactsDir, CPU_FILE), `${chromium.toFixed(1)}\t${own.toFixed(1)}\t${spec}\n`);
}

/** What a page showed when a test failed: enough to tell a slow page from a wrong one. */
type PageAtFailure = {
  url: string;
  dialogs: string[];
  headings: string[];
  text: string;
  shot?: string;
  waiting: string[];
  navigations: string[];
};

/** A step of the description, given up after `ms`: a page that hangs must not hold the run. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  let giveUp: (value: undefined) => void = () => {};
  const late = new Promise<undefined>((resolve) => {
    giveUp = resolve;
  });
  const timer = setTimeout(() => giveUp(undefined), ms);
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What describePages reads in a page: the address, the open dialogs' names, the headings and the
 * start of the text in front. A string, run as written: tsx would wrap a compiled function's inner
 * helpers in its own `__name`, which the page does not have.
 */
const DESCRIBE_PAGE = `(() => {
  const squash = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const nameOf = (el) => squash(
    el.getAttribute('aria-label') ||
      document.getElementById(el.getAttribute('aria-labelledby') || '')?.textContent ||
      el.querySelector('h1, h2, h3')?.textContent,
  );
  const dialogs = [...document.querySelectorAll('[role=dialog], [role=alertdialog], dialog[open]')];
  const front = dialogs.at(-1) || document.querySelector('main') || document.body;
  return {
    dialogs: dialogs.map(nameOf),
    headings: [...document.querySelectorAll('h1, h2')].map((h) => squash(h.textContent)).slice(0, 6),
    text: squash(front.innerText).slice(0, 400),
  };
})()`;

/**
 * Describes every page still open in the browser when a test fails (its address, open dialogs,
 * headings and the start of the text in front) and keeps a screenshot of each, in the file the
 * runner appends to the failure it reports (pagesAtFailurePath).
 */
async function describePages(browser: Browser, testName: string, heading?: string): Promise<void> {
  const file = pagesAtFailurePath(testName);
  mkdirSync(path.dirname(file), { recursive: true });
  const pages = browser.contexts().flatMap((c) => c.pages());
  const seen: PageAtFailure[] = [];
  for (const [i, page] of pages.entries()) {
    const state = await within(
      10_000,
      page.evaluate<{ dialogs: string[]; headings: string[]; text: string }>(DESCRIBE_PAGE).catch((err: Error) => ({
        dialogs: [],
        headings: [],
        text: `(not read: ${err.message.split('\n')[0]})`,
      })),
    );
    const shot = path.join(path.dirname(file), `${path.basename(file, '.txt')}-${i + 1}.jpg`);
    const saved = await within(
      15_000,
      page.screenshot({ path: shot, type: 'jpeg', quality: 70 }).then(() => shot),
    );
    seen.push({
      url: page.url(),
      dialogs: [],
      headings: [],
      text: '(no answer within 10 s)',
      ...state,
      shot: saved,
      waiting: waitingRequests(page),
      navigations: watched.get(page)?.navigations ?? [],
    });
  }
  const lines = seen.flatMap((p, i) => [
    `page ${i + 1}: ${p.url}${p.shot ? ` (screenshot ${path.relative(artifactsDir, p.shot)})` : ''}`,
    ...(p.dialogs.length ? [`  dialogs: ${p.dialogs.map((d) => JSON.stringify(d)).join(', ')}`] : []),
    ...(p.headings.length ? [`  headings: ${p.headings.map((h) => JSON.stringify(h)).join(', ')}`] : []),
    `  text: ${p.text}`,
    ...(p.waiting.length ? [`  waiting on: ${p.waiting.join('; ')}`] : []),
    ...(p.navigations.length ? [`  navigations: ${p.navigations.join('; ')}`] : []),
  ]);
  const body = seen.length ? lines : ['no page was open'];
  writeFileSync(file, `${[...(heading ? [heading] : []), ...body].join('\n')}\n`);
}
