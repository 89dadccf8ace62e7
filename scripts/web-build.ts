// Builds the player site (apps/web) when apps/web/dist is missing or older than its sources.
// Used by `npm start` (scripts/start.ts) and by the browser specs of e2e/specs/web.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'apps', 'web');
const builtIndex = path.join(web, 'dist', 'index.html');
// The web app also bundles the shared package (types, money, constants).
const sources = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(root, 'packages', 'shared', 'src'),
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

export function webBuildIsCurrent(): boolean {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  return builtAt >= Math.max(...sources.map(newestMtime));
}

/** Runs `npm run build:web` when needed; returns false when the build failed. */
export function ensureWebBuild(): boolean {
  if (webBuildIsCurrent()) return true;
  console.log(
    existsSync(builtIndex) ? 'player site sources changed: rebuilding apps/web' : 'building the player site (apps/web)',
  );
  const build = spawnSync('npm', ['run', 'build:web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  return build.status === 0;
}
