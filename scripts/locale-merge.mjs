// Merges translated keys into the web app's locale files, one language at a time, without
// touching other keys: node scripts/locale-merge.mjs FILE.json
// FILE maps a locale file name (without .json: en, ty, zh-hant, ...) to a nested key tree, e.g.
// { "en": { "wallet": { "title": "My wallet" } }, "ty": { "wallet": { "title": "Aking wallet" } } }.
// Keys already present are overwritten; the locale test (every locale has every key) checks the result.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/locales');

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const [lang, tree] of Object.entries(input)) {
  const file = path.join(dir, `${lang}.json`);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  // Write then rename, so a reader never sees half a file.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(merge(current, tree), null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
console.log(`merged ${Object.keys(input).length} locale(s)`);
