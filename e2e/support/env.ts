import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Settings the runner (e2e/run.ts) hands to the specs through the environment. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`');
  return url.replace(/\/$/, '');
}

/** Screenshots and other artefacts go here (gitignored). */
export const artifactsDir = process.env.E2E_ARTIFACTS ?? path.join(repoRoot, 'test-results', 'e2e');

/**
 * Whether specs save their screenshots of the pages they visit: not under CI, whose log keeps no
 * files (a failure's pages are described in text, and screenshotted, all the same), unless
 * E2E_SCREENSHOTS=1 asks for them. Each costs Chromium a full page's paint and encoding on the two
 * cores the lanes share.
 */
export const takeScreenshots = process.env.E2E_SCREENSHOTS === '1' || process.env.CI !== 'true';

/**
 * Where the pages a failed test left open are described (support/browser.ts) and where the runner
 * reads the description into the failure it reports: a CI log keeps no screenshots.
 */
export function pagesAtFailurePath(testName: string): string {
  const slug = testName.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80);
  return path.join(artifactsDir, 'at-failure', `${slug}.txt`);
}

/** The source named in the data provider's feed the runner connects to the server (e2e/run.ts). */
export const PROVIDER_FEED_SOURCE = 'e2e-provider';

/**
 * The browser the specs drive: Chromium's headless shell (Debian's chromium-headless-shell, the
 * "old headless" build Playwright itself runs headless tests in). The browser tests are bound by
 * the CPU, and the shell spends a tenth of the whole browser's CPU on a fresh context's blank page
 * and half on the home (0.10 against 1.09 CPU s, 1.13 against 2.35: docs/benchmarks.md "A page
 * load's CPU in the browser tests"). A spec that needs the whole browser (whether it offers to
 * install the app) launches fullChromiumPath, which is CHROMIUM_PATH as the benches read it.
 */
export const chromiumPath = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const fullChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long a spec waits for a page, an element or a response. A wait, not a speed check
 * (budgets.spec times pages alone): in the suite the browsers share two cores with the PostgreSQL
 * tests, and on this kind of virtual machine every page fault and process switch costs many times
 * its usual price (docs/benchmarks.md, "The machine under the suite"), so a page that answers in a
 * second on a quiet machine can take thirty.
 */
export const PAGE_WAIT_MS = 60_000;
