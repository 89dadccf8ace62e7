import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The game pages' TypeScript, bundled by esbuild on first request and kept in memory (one small
// build per process, no build step before start, nothing fetched from the network).

const clientDir = fileURLToPath(new URL('./client/', import.meta.url));

const ENTRIES: Record<string, string> = { 'play.js': 'play.ts', 'fair.js': 'fair.ts' };

type Asset = { contentType: string; body: string };
const cache = new Map<string, Promise<Asset | undefined>>();

async function load(file: string): Promise<Asset | undefined> {
  if (file === 'studio.css') {
    return { contentType: 'text/css; charset=utf-8', body: await readFile(`${clientDir}studio.css`, 'utf8') };
  }
  const entry = ENTRIES[file];
  if (!entry) return undefined;
  const result = await build({
    entryPoints: [`${clientDir}${entry}`],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error(`esbuild produced nothing for ${entry}`);
  return { contentType: 'text/javascript; charset=utf-8', body: out.text };
}

export function clientAsset(file: string): Promise<Asset | undefined> {
  let asset = cache.get(file);
  if (!asset) {
    asset = load(file);
    // A failed build is not cached: the next request tries again.
    asset.catch(() => cache.delete(file));
    cache.set(file, asset);
  }
  return asset;
}
