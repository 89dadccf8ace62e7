import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compactImage } from '@gamehall/shared/pglite-image';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite, PLATFORM_IMAGE } from './database';
import { migrations } from './migrate';
import { startImage, writeStartImage } from './start-image';

describe('start images', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'gh-start-image-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('unpack a new data directory on disk once, never over one that exists or from an image ahead of the code', async () => {
    const source = await createPglite('');
    await source.exec('CREATE TABLE kept (n int); INSERT INTO kept SELECT generate_series(1, 5000)');
    const image = new Uint8Array(await (await compactImage(source)).arrayBuffer());
    await source.close();
    const folder = path.join(tmp, 'images');
    const [first, second] = Object.keys(migrations);
    writeStartImage(folder, PLATFORM_IMAGE, image, [first ?? '', second ?? '']);

    const dataDir = path.join(tmp, 'data');
    const dir = path.join(dataDir, 'pglite');
    expect(startImage(dir, undefined, PLATFORM_IMAGE, Object.keys(migrations)), 'no folder').toBeUndefined();
    expect(startImage(dir, folder, 'studio', Object.keys(migrations)), 'no such image').toBeUndefined();
    expect(startImage(dir, folder, PLATFORM_IMAGE, [first ?? '']), 'an image ahead of the code').toBeUndefined();
    expect(startImage(dir, folder, PLATFORM_IMAGE, Object.keys(migrations))?.size).toBe(image.length);

    const disk = await createPglite(dataDir, { startImages: folder });
    try {
      expect((await disk.query<{ s: number }>('SELECT sum(n)::int AS s FROM kept')).rows[0]?.s).toBe(12_502_500);
      await disk.exec('INSERT INTO kept VALUES (1)');
    } finally {
      await disk.close();
    }
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(startImage(dir, folder, PLATFORM_IMAGE, Object.keys(migrations)), 'a database that exists').toBeUndefined();
    // The next start opens the same database, with the row written after the unpacking.
    const again = await createPglite(dataDir, { startImages: folder });
    try {
      expect((await again.query<{ c: number }>('SELECT count(*)::int AS c FROM kept')).rows[0]?.c).toBe(5001);
    } finally {
      await again.close();
    }
  });
});
