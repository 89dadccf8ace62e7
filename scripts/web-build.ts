// Builds the browser apps (the player site apps/web, the back office console apps/console) when
// their dist is missing or older than their sources. Used by the browser specs (e2e/run.ts,
// e2e/specs/web); `npm start` (scripts/start.mjs) uses the same checks from builds.mjs.
import { type BrowserApp, buildIsCurrent, ensureBuild } from './builds.mjs';

export { type BrowserApp, buildIsCurrent, ensureBuild };

export function webBuildIsCurrent(): boolean {
  return buildIsCurrent('web');
}

export function ensureWebBuild(): boolean {
  return ensureBuild('web');
}

export function ensureConsoleBuild(): boolean {
  return ensureBuild('console');
}
