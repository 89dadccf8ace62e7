// `npm start`: build the player site and the back office console when missing or stale, then start
// the server (which serves both). Keeps `npm ci && npm start` a single step on a fresh clone.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './web-build';

if (!ensureBuild('web')) console.error('error: the web build failed; starting the server without the player site');
if (!ensureBuild('console')) console.error('error: the console build failed; starting the server without the console');

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
});
// The server shuts down cleanly on these signals; pass them on and exit with its status.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
