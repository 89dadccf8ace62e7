import { ensureWebBuild } from '../../../scripts/web-build';

/**
 * The browser specs need apps/web/dist. The runner starts the server before any spec, and the
 * server looks for the build on each request, so a spec may build it here when it is missing.
 */
export function requireWebBuild(): void {
  if (!ensureWebBuild()) throw new Error('npm run build:web failed');
}
