import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCatalogue } from '@gamehall/shared/errors';
import { describe, expect, it } from 'vitest';

// Plain node logic (no DOM): every locale has every key, every server error code has a message,
// and every literal key the source passes to t() exists.
const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(here, '..');

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}

function load(file: string): Tree {
  return JSON.parse(readFileSync(path.join(here, file), 'utf8')) as Tree;
}

const locales = readdirSync(here).filter((f) => f.endsWith('.json'));
const english = new Set(keys(load('en.json')));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
}

describe('locales', () => {
  it('ships English and Filipino (TY)', () => {
    expect(locales).toEqual(expect.arrayContaining(['en.json', 'ty.json']));
  });

  it.each(locales)('%s has exactly the keys of en.json, none empty', (file) => {
    const tree = load(file);
    expect(new Set(keys(tree))).toEqual(english);
    const empty = keys(tree).filter(
      (k) => k.split('.').reduce<Tree | string>((t, p) => (t as Tree)[p] as Tree | string, tree) === '',
    );
    expect(empty).toEqual([]);
  });

  // lib/i18n.ts sets single-brace interpolation: "{{count}}" would show as "{3}", and a plural
  // pair (key_one, key_other) is not what t('key') finds; texts are worded to need neither.
  it.each(locales)('%s uses single-brace placeholders and no plural suffixes', (file) => {
    const tree = load(file);
    const text = (key: string) => key.split('.').reduce<Tree | string>((t, p) => (t as Tree)[p] as Tree | string, tree);
    expect(keys(tree).filter((k) => String(text(k)).includes('{{'))).toEqual([]);
    expect(keys(tree).filter((k) => /_(zero|one|two|few|many|other)$/.test(k))).toEqual([]);
  });

  it('has a message for every error code of packages/shared/src/errors.ts (spec §8)', () => {
    const missing = Object.keys(errorCatalogue).filter((code) => !english.has(`errors.${code}`));
    expect(missing).toEqual([]);
  });

  it('has every literal key the source translates', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([^'$]+)'/g)) used.add(m[1] as string);
      for (const m of text.matchAll(/\bkey: '([a-zA-Z0-9]+\.[a-zA-Z0-9.]+)'/g)) used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !english.has(k))).toEqual([]);
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const en = load('en.json');
    for (const file of locales) {
      const tree = load(file);
      for (const key of english) {
        const get = (t: Tree) =>
          key.split('.').reduce<Tree | string>((acc, p) => (acc as Tree)[p] as Tree | string, t) as string;
        expect(placeholders(get(tree)), `${file} ${key}`).toEqual(placeholders(get(en)));
      }
    }
  });
});
