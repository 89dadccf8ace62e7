// `npm start`: build the player site, the back office console and the server when missing or stale
// (scripts/builds.mjs), then run the built server (apps/server/dist/main.js), which serves both
// sites. Keeps `npm ci && npm start` a single step on a fresh clone. Plain JavaScript, and the
// server runs without a TypeScript loader: a warm start loads compiled code only.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild, ensureServerBuild, root, serverEntry } from './builds.mjs';

if (!ensureBuild('web')) console.error('error: the web build failed; starting the server without the player site');
if (!ensureBuild('console')) console.error('error: the console build failed; starting the server without the console');
if (!(await ensureServerBuild())) {
  console.error('error: the server build failed');
  process.exit(1);
}

// Source maps turn the bundle's stack traces back into the sources' files and lines. From Node 22
// on, the compiled bundle is kept in V8's code cache beside it (NODE_COMPILE_CACHE, which Node 20
// ignores): a warm start then skips compiling its 6.5 MB, about 0.2 s on two slow cores.
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry, ...process.argv.slice(2)], {
  cwd: root,
  env: {
    ...process.env,
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(path.dirname(serverEntry), 'compile-cache'),
  },
  stdio: 'inherit',
});
// The server shuts down cleanly on these signals; pass them on and exit with its status.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
