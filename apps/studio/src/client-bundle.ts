import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The game pages' TypeScript, bundled by esbuild on first request and kept in memory (one build per
// process, no build step before start, nothing fetched from the network). ES modules with code
// splitting: a game page loads the shell and its own kind's code (its scene, art, styles) as a
// chunk, not every kind's.

const clientDir = fileURLToPath(new URL('./client/', import.meta.url));

/** The pages' entry scripts, served under their own names; chunks get content-hashed names. */
const ENTRIES: Record<string, string> = { play: 'play.ts', fair: 'fair.ts' };

type Asset = { contentType: string; body: string };
let built: Promise<Map<string, Asset>> | undefined;

async function buildAll(): Promise<Map<string, Asset>> {
  // esbuild loads with the first page asked for, not at the server's start-up.
  const { build } = await import('esbuild');
  const outdir = path.join(clientDir, 'out');
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, `${clientDir}${file}`])),
    bundle: true,
    write: false,
    format: 'esm',
    splitting: true,
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const files = new Map<string, Asset>();
  for (const out of result.outputFiles) {
    files.set(path.relative(outdir, out.path), { contentType: 'text/javascript; charset=utf-8', body: out.text });
  }
  if (!files.has('play.js')) throw new Error('esbuild produced no play.js');
  return files;
}

export async function clientAsset(file: string): Promise<Asset | undefined> {
  if (file === 'studio.css') {
    return { contentType: 'text/css; charset=utf-8', body: await readFile(`${clientDir}studio.css`, 'utf8') };
  }
  if (!file.endsWith('.js')) return undefined;
  if (!built) {
    const pending = buildAll();
    built = pending;
    // A failed build is not kept: the next request tries again.
    pending.catch(() => {
      if (built === pending) built = undefined;
    });
  }
  return (await built).get(file);
}
