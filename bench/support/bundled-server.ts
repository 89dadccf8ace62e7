// The server's code as `npm start` runs it. Under tsx every module is transformed with esbuild's
// keepNames, which wraps each function made at run time in a naming call: on a request of a few
// tens of microseconds that shows (about a twentieth of /healthz's CPU in a profile). With
// BUNDLE=1 a benchmark gets the server's parts from a bundle built like apps/server/dist/main.js
// (scripts/builds.mjs), in a folder beside it so its packages resolve from the project.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, root } from '../../scripts/builds.mjs';

type Parts = typeof import('./server-parts');

/** The server's parts: from a production-like bundle when `bundle`, else from the sources. */
export async function serverParts(bundle: boolean): Promise<{ parts: Parts; done: () => void }> {
  if (!bundle) return { parts: await import('./server-parts'), done: () => undefined };
  // On a fresh clone nothing has been built yet, so the folder the bundle goes beside may not exist.
  const dist = path.join(root, 'apps', 'server', 'dist');
  mkdirSync(dist, { recursive: true });
  const dir = mkdtempSync(path.join(dist, 'bench-'));
  const outfile = path.join(dir, 'parts.mjs');
  await buildServer(outfile, fileURLToPath(new URL('./server-parts.ts', import.meta.url)));
  const parts = (await import(pathToFileURL(outfile).href)) as Parts;
  return { parts, done: () => rmSync(dir, { recursive: true, force: true }) };
}
