import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A start image: a migrated, compacted embedded database the build writes beside its bundle
 * (`<folder>/<name>.tar`), with the names of the migrations it has run (`<name>.json`). A database
 * on disk that does not exist yet is unpacked from it instead of made by initdb and every
 * migration: on two slow cores 7 s of initdb and 3 s of migrations for the platform's, 5 s for the
 * studio's, against a second or two to unpack (docs/benchmarks.md "A fresh start from the build's
 * images").
 */
export function writeStartImage(folder: string, name: string, image: Uint8Array, migrations: readonly string[]): void {
  mkdirSync(folder, { recursive: true });
  const tar = path.join(folder, `${name}.tar`);
  const list = path.join(folder, `${name}.json`);
  // Renamed into place, the list last: a start that reads the list finds its archive whole.
  writeFileSync(`${tar}.partial`, image);
  writeFileSync(`${list}.partial`, JSON.stringify({ migrations }));
  renameSync(`${tar}.partial`, tar);
  renameSync(`${list}.partial`, list);
}

/**
 * The image to make the data directory `dir` from, or undefined: when `dir` already holds a
 * database, when there is no image, or when the image has run a migration `known` does not list
 * (an image of a newer build: a database must not start ahead of the code that opens it).
 */
export function startImage(
  dir: string,
  folder: string | undefined,
  name: string,
  known: readonly string[],
): Blob | undefined {
  if (!folder || existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  const list = path.join(folder, `${name}.json`);
  const tar = path.join(folder, `${name}.tar`);
  if (!existsSync(list) || !existsSync(tar)) return undefined;
  let migrations: unknown;
  try {
    migrations = (JSON.parse(readFileSync(list, 'utf8')) as { migrations?: unknown }).migrations;
  } catch {
    return undefined;
  }
  const names = new Set(known);
  if (!Array.isArray(migrations) || !migrations.every((m) => typeof m === 'string' && names.has(m))) return undefined;
  return new Blob([readFileSync(tar)]);
}
