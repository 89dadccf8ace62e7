import type { PGlite, PGliteOptions } from '@electric-sql/pglite';

// The in-memory databases of the tests start from an image of a data directory (the server's
// db/database.ts keeps an empty one, its test/pglite-template.ts the run's seeded one, the studio's
// kit/db/database.ts a migrated one), unpacked once per test app. The unpacking, file by file into
// the WASM file system, was most of a test app's start: a smaller image with fewer files starts
// faster. Of a seeded image's 51 MB and 1,928 files, the databases template0 and template1 (only
// CREATE DATABASE reads them, which an embedded database never runs) were 16 MB and 1,200 files,
// and WAL segments the server no longer needs 16 MB more. Types only from PGlite: the caller passes
// its database in.

/**
 * initdb's parameters for a database whose image is compacted: the image keeps one WAL segment
 * whole, so 1 MB segments instead of the default 16 MB.
 */
export const IMAGE_INITDB_PARAMS = ['--wal-segsize=1'];

/** An int8 read as a number, refused beyond the safe integers (money is in minor units). */
export function parseInt8(v: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${v} is outside the safe integer range`);
  return n;
}

/**
 * PGlite's options for a database kept on disk in `dataDir`, unpacked from `image` when it is new:
 * `sharedBuffers` is its buffer pool (PostgreSQL's shared_buffers), PGlite's default when not
 * given. `defaults` is `PGlite.defaultStartParams` (this module takes only PGlite's types).
 */
export function diskOptions(
  defaults: readonly string[],
  dataDir: string,
  sharedBuffers: string | undefined,
  image: Blob | undefined,
): PGliteOptions {
  return {
    dataDir,
    parsers: { 20: parseInt8 },
    ...(sharedBuffers ? { startParams: [...defaults, '-c', `shared_buffers=${sharedBuffers}`] } : {}),
    ...(image ? { loadDataDir: image } : {}),
  };
}

/**
 * PGlite's options for a database in memory (the tests'), unpacked from `image` when given. A
 * test database is a few megabytes and postgres zeroes its whole buffer pool at start: the default
 * 128 MB took a second of each of the suite's hundreds of test apps. Its image keeps 1 MB WAL
 * segments.
 */
export function memoryOptions(defaults: readonly string[], image?: Blob): PGliteOptions {
  return {
    parsers: { 20: parseInt8 },
    startParams: [...defaults, '-c', 'shared_buffers=16MB'],
    initDbStartParams: IMAGE_INITDB_PARAMS,
    ...(image ? { loadDataDir: image } : {}),
  };
}

const BLOCK = 512;
const WAL_SEGMENT = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/;

/**
 * An image of `pglite`'s data directory without the template databases and with only the WAL
 * segment of its last checkpoint. The database is changed (its template databases are dropped):
 * call it on a database made for the image and closed after it.
 */
export async function compactImage(pglite: PGlite): Promise<Blob> {
  await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await pglite.exec('DROP DATABASE IF EXISTS template0');
  await pglite.exec('DROP DATABASE IF EXISTS template1');
  await pglite.exec('CHECKPOINT');
  // Recovery at start reads the checkpoint's record and replays from its redo point: their segments
  // stay. Any other segment is one already replayed or one recycled ahead of time.
  const { rows } = await pglite.query<{ redo: string; checkpoint: string }>(
    'SELECT redo_wal_file AS redo, pg_walfile_name(checkpoint_lsn) AS checkpoint FROM pg_control_checkpoint()',
  );
  const keep = new Set(rows.flatMap((r) => [r.redo, r.checkpoint]));
  const tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  return new Blob([
    withoutEntries(tar, (name) => {
      const segment = WAL_SEGMENT.exec(name)?.[1];
      return segment !== undefined && !keep.has(segment);
    }),
  ]);
}

/**
 * A tar archive without the regular files whose name `drop` accepts. An entry that follows a pax
 * header (long names, large sizes) is kept as it is, with its header.
 */
export function withoutEntries(tar: Uint8Array, drop: (name: string) => boolean): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [];
  let offset = 0;
  let afterPax = false;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const length = BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const prefix = text(header, 257, 5) === 'ustar' ? text(header, 345, 155) : '';
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    const regular = type === '0' || type === '\0';
    if (!(regular && !afterPax && drop(name))) kept.push(tar.subarray(offset, offset + length));
    afterPax = type === 'x' || type === 'g';
    offset += length;
  }
  kept.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function text(block: Uint8Array, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}
