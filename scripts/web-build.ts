// Builds the browser apps (the player site apps/web, the back office console apps/console) when
// their dist is missing or older than their sources. Used by `npm start` (scripts/start.ts) and by
// the browser specs (e2e/run.ts, e2e/specs/web).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export type BrowserApp = 'web' | 'console';

const APPS: Record<BrowserApp, { title: string; script: string }> = {
  web: { title: 'the player site', script: 'build:web' },
  console: { title: 'the back office console', script: 'build:console' },
};

function appDir(app: BrowserApp): string {
  return path.join(root, 'apps', app);
}

function builtIndex(app: BrowserApp): string {
  return path.join(appDir(app), 'dist', 'index.html');
}

// Each app also bundles the shared packages (types, money, constants; the UI primitives).
function sources(app: BrowserApp): string[] {
  const dir = appDir(app);
  return [
    path.join(dir, 'src'),
    path.join(dir, 'index.html'),
    path.join(dir, 'vite.config.ts'),
    path.join(root, 'packages', 'shared', 'src'),
    path.join(root, 'packages', 'ui', 'src'),
  ];
}

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

export function buildIsCurrent(app: BrowserApp): boolean {
  const index = builtIndex(app);
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  return builtAt >= Math.max(...sources(app).map(newestMtime));
}

/** Runs `npm run build:<app>` when needed; returns false when the build failed. */
export function ensureBuild(app: BrowserApp): boolean {
  if (buildIsCurrent(app)) return true;
  const { title, script } = APPS[app];
  console.log(
    existsSync(builtIndex(app))
      ? `${title}'s sources changed: rebuilding apps/${app}`
      : `building ${title} (apps/${app})`,
  );
  const build = spawnSync('npm', ['run', script], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  return build.status === 0;
}

export function webBuildIsCurrent(): boolean {
  return buildIsCurrent('web');
}

export function ensureWebBuild(): boolean {
  return ensureBuild('web');
}

export function ensureConsoleBuild(): boolean {
  return ensureBuild('console');
}
