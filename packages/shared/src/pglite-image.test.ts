import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { compactImage, IMAGE_INITDB_PARAMS, memoryOptions, withoutEntries } from './pglite-image';

/** The names of a tar archive's entries, in order. */
function names(tar: Uint8Array): string[] {
  const out: string[] = [];
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const end = header.indexOf(0);
    out.push(new TextDecoder().decode(header.subarray(0, end === -1 || end > 100 ? 100 : end)));
    const size = Number.parseInt(new TextDecoder().decode(header.subarray(124, 135)), 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

/** A tar header and its data for a file `name` holding `body`. */
function entry(name: string, body: string, type = '0'): Uint8Array {
  const data = new TextEncoder().encode(body);
  const block = new Uint8Array(512 + Math.ceil(data.length / 512) * 512);
  block.set(new TextEncoder().encode(name), 0);
  block.set(new TextEncoder().encode(`${data.length.toString(8).padStart(11, '0')}\0`), 124);
  block[156] = type.charCodeAt(0);
  block.set(new TextEncoder().encode('ustar\0'), 257);
  block.set(data, 512);
  return block;
}

function archive(...entries: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(entries.reduce((n, e) => n + e.length, 0) + 1024);
  let at = 0;
  for (const e of entries) {
    out.set(e, at);
    at += e.length;
  }
  return out;
}

describe('withoutEntries', () => {
  it('drops the files asked for and keeps the rest, their data and an entry after a pax header', () => {
    const tar = archive(
      entry('/pg_wal/000000010000000000000001', 'a'.repeat(700)),
      entry('/pg_wal/000000010000000000000002', 'b'),
      entry('/PaxHeader', '30 path=/pg_wal/0000000100000000000000030\n', 'x'),
      entry('/pg_wal/000000010000000000000003', 'c'),
      entry('/base/5/1249', 'd'.repeat(1030)),
    );
    const kept = withoutEntries(tar, (name) => name.startsWith('/pg_wal/'));
    expect(names(kept)).toEqual(['/PaxHeader', '/pg_wal/000000010000000000000003', '/base/5/1249']);
    // The file after the dropped ones keeps its bytes.
    const at = kept.length - 1024 - (512 + 1536);
    expect(new TextDecoder().decode(kept.subarray(at + 512, at + 512 + 1030))).toBe('d'.repeat(1030));
    expect(withoutEntries(tar, () => false)).toEqual(tar);
  });
});

describe('compactImage', () => {
  it('keeps the data and one WAL segment, without the template databases, and a database opens from it', async () => {
    const source = await PGlite.create({ initDbStartParams: IMAGE_INITDB_PARAMS });
    await source.exec('CREATE TABLE kept (n int); INSERT INTO kept SELECT generate_series(1, 5000)');
    const image = await compactImage(source);
    await source.close();

    const entries = names(new Uint8Array(await image.arrayBuffer()));
    expect(entries.filter((n) => /pg_wal\/[0-9A-F]{24}$/.test(n))).toHaveLength(1);
    const copy = await PGlite.create({ loadDataDir: image });
    try {
      const databases = await copy.query<{ datname: string }>('SELECT datname FROM pg_database');
      expect(databases.rows.map((r) => r.datname)).toEqual(['postgres']);
      const sum = await copy.query<{ s: number }>('SELECT sum(n)::int AS s FROM kept');
      expect(sum.rows[0]?.s).toBe(12_502_500);
      // It takes writes after recovery, past the segments that were left out.
      await copy.exec('INSERT INTO kept SELECT generate_series(1, 50000)');
      await copy.exec('CHECKPOINT');
    } finally {
      await copy.close();
    }
  });
});

describe('the options of a database in memory', () => {
  it('read int8 as a number, refuse one beyond the safe integers, and use a small buffer pool', async () => {
    const db = await PGlite.create(memoryOptions(PGlite.defaultStartParams));
    try {
      const n = await db.query<{ n: number }>('SELECT 9007199254740991::int8 AS n');
      expect(n.rows[0]?.n).toBe(Number.MAX_SAFE_INTEGER);
      await expect(db.query('SELECT 9007199254740992::int8 AS n')).rejects.toThrow(/outside the safe integer range/);
      const pool = await db.query<{ setting: string }>("SELECT current_setting('shared_buffers') AS setting");
      expect(pool.rows[0]?.setting).toBe('16MB');
    } finally {
      await db.close();
    }
  });
});
