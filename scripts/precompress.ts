// Brotli and gzip copies of a browser build, made once when it is built (`<file>.br`, `<file>.gz`
// beside each text file), so the server sends compressed bytes without compressing per request
// (apps/server/src/http/web-static.ts, docs/server.md "Static files"). Both at their maximum:
// the cost is paid once per build, the saving on every visit.
import { readdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files worth compressing: text. Images, fonts and media are compressed by their own format. */
export const PRECOMPRESSED_EXTENSIONS = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest|xml)$/;

/** Below this a file is sent as it is: the header and the decoder cost more than the saving. */
export const PRECOMPRESS_MIN_BYTES = 1024;

export function brotliMax(body: Buffer): Promise<Buffer> {
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export function gzipMax(body: Buffer): Promise<Buffer> {
  return gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

/**
 * Writes the .br and .gz copies of every text file under `dir` of at least PRECOMPRESS_MIN_BYTES,
 * keeping a copy only when it is smaller than the file; stale copies (of a file gone or grown too
 * small to compress) are removed. A copy gets its file's modification time, so the server can tell a
 * copy made from this very file from one left over by an older build.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const all = filesUnder(dir);
  const sources = new Set(all.filter((file) => PRECOMPRESSED_EXTENSIONS.test(file)));
  for (const file of all) {
    const source = file.replace(/\.(br|gz)$/, '');
    if (source !== file && !sources.has(source)) unlinkSync(file);
  }
  const one = async (file: string) => {
    const body = readFileSync(file);
    const copies = { br: `${file}.br`, gz: `${file}.gz` };
    for (const copy of Object.values(copies)) {
      try {
        unlinkSync(copy);
      } catch {}
    }
    if (body.length < PRECOMPRESS_MIN_BYTES) return;
    // The file and its copies get one time (to the millisecond a Date holds), so the server sees
    // copies exactly as new as their file.
    const { mtime } = statSync(file);
    utimesSync(file, mtime, mtime);
    const [br, gz] = await Promise.all([brotliMax(body), gzipMax(body)]);
    totals.files += 1;
    totals.bytes += body.length;
    if (br.length < body.length) {
      writeFileSync(copies.br, br);
      utimesSync(copies.br, mtime, mtime);
      totals.br += br.length;
    }
    if (gz.length < body.length) {
      writeFileSync(copies.gz, gz);
      utimesSync(copies.gz, mtime, mtime);
      totals.gzip += gz.length;
    }
  };
  // On the thread pool, a file per core at a time: brotli at quality 11 is most of a build's time.
  const queue = [...sources];
  const workers = Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) await one(file);
  });
  await Promise.all(workers);
  return totals;
}

/** Vite plugin: precompresses the build's output directory once every file of the build is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'gamehall-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const started = performance.now();
        const totals = await precompressDir(outDir);
        const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        console.log(
          `precompressed ${totals.files} files (${kib(totals.bytes)}): brotli ${kib(totals.br)}, gzip ${kib(totals.gzip)} in ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}
