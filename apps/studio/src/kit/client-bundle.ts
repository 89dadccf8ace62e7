import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentCoding } from '@gamehall/shared/content-coding';

// The game pages' TypeScript, bundled by esbuild on first request and kept in memory (one build per
// process, no build step before start, nothing fetched from the network). ES modules with code
// splitting: a game page loads the shell and its own kind's code (its scene, art, styles) as a
// chunk, not every kind's.

const clientDir = fileURLToPath(new URL('../client/', import.meta.url));

/** The pages' entry scripts, served under their own names; chunks get content-hashed names. */
export const PAGE_ENTRIES: Record<string, string> = {
  play: 'play.ts',
  fair: 'fair.ts',
  sportsbook: 'sportsbook/sportsbook-page.ts',
  cardroom: 'cardroom/cardroom-page.ts',
};

/** A file and its brotli and gzip copies, made once, the first time the file is asked for. */
export type Asset = { contentType: string; body: Buffer; encoded: Partial<Record<ContentCoding, Buffer>> };
let built: Promise<Map<string, Buffer>> | undefined;
let stylesheet: Promise<Asset> | undefined;
// Compressed on first request, not with the build: most chunks (a language file each of 38
// languages per product) are never asked for by a process, and compressing them all at brotli's
// maximum held the first page of each process for as long as the build itself, twice over.
const compressed = new Map<string, Promise<Asset>>();

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Both copies at their maximum, on the thread pool: the cost is paid once per process. */
async function precompressed(contentType: string, body: Buffer): Promise<Asset> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const encoded: Asset['encoded'] = {};
  // A copy that saves nothing (a tiny chunk) is not kept: the file goes as it is.
  if (br.length < body.length) encoded.br = br;
  if (gz.length < body.length) encoded.gzip = gz;
  return { contentType, body, encoded };
}

/** One build or read at a time; a failure is not kept, so the next request tries again. */
function once<T>(get: () => Promise<T> | undefined, set: (p: Promise<T> | undefined) => void, make: () => Promise<T>) {
  const current = get();
  if (current) return current;
  const pending = make();
  set(pending);
  pending.catch(() => {
    if (get() === pending) set(undefined);
  });
  return pending;
}

/** esbuild's options for the pages' build, into `outdir` (nothing is written: the files stay in memory). */
export function pageBuildOptions(outdir: string) {
  return {
    entryPoints: Object.fromEntries(Object.entries(PAGE_ENTRIES).map(([name, file]) => [name, `${clientDir}${file}`])),
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
  } as const;
}

async function buildAll(): Promise<Map<string, Buffer>> {
  // esbuild loads with the first page asked for, not at the server's start-up.
  const { build } = await import('esbuild');
  const outdir = path.join(clientDir, 'out');
  const result = await build(pageBuildOptions(outdir));
  const files = new Map<string, Buffer>();
  for (const out of result.outputFiles) files.set(path.relative(outdir, out.path), Buffer.from(out.contents));
  if (!files.has('play.js')) throw new Error('esbuild produced no play.js');
  return files;
}

export async function clientAsset(file: string): Promise<Asset | undefined> {
  if (file === 'studio.css') {
    return once(
      () => stylesheet,
      (p) => {
        stylesheet = p;
      },
      async () => precompressed('text/css; charset=utf-8', await readFile(`${clientDir}studio.css`)),
    );
  }
  if (!file.endsWith('.js')) return undefined;
  const files = await once(
    () => built,
    (p) => {
      built = p;
    },
    buildAll,
  );
  const body = files.get(file);
  if (!body) return undefined;
  return once(
    () => compressed.get(file),
    (p) => {
      if (p) compressed.set(file, p);
      else compressed.delete(file);
    },
    () => precompressed('text/javascript; charset=utf-8', body),
  );
}
