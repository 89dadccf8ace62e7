import type { Browser } from 'playwright-core';
import { ensureWebBuild } from '../../../scripts/web-build';
import { useBrowser } from '../../support/browser';

/**
 * The browser specs need apps/web/dist. The runner starts the server before any spec, and the
 * server looks for the build on each request, so a spec may build it here when it is missing.
 */
export function requireWebBuild(): void {
  if (!ensureWebBuild()) throw new Error('npm run build:web failed');
}

/** The site specs' browser: the web build is checked (built if missing) before Chromium starts. */
export function useSiteBrowser(setup?: (browser: Browser) => Promise<void>): () => Browser {
  return useBrowser(requireWebBuild, setup);
}
