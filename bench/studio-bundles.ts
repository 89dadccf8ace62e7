// What each studio page loads before it draws: its entry script and every chunk the entry imports
// statically (dynamic imports, such as another game kind or a language file, are left out), from
// the build the studio serves (client-bundle.ts pageBuildOptions), as bytes and gzip 9 bytes, and
// the words files among those inputs (docs/benchmarks.md "Studio page bytes").
//
//   node --import tsx bench/studio-bundles.ts
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { PAGE_ENTRIES, pageBuildOptions } from '../apps/studio/src/kit/client-bundle';

const outdir = path.resolve('bench-out/studio-bundles');
const result = await build({ ...pageBuildOptions(outdir), metafile: true });
const bytes = new Map(result.outputFiles.map((o) => [path.relative(process.cwd(), o.path), o.contents]));
const outputs = result.metafile.outputs;

console.log('| page | files | bytes | gzip 9 | words among its inputs |');
console.log('|---|---:|---:|---:|---|');
for (const name of Object.keys(PAGE_ENTRIES)) {
  const entry = Object.keys(outputs).find((k) => k.endsWith(`/${name}.js`));
  if (!entry) throw new Error(`no output for ${name}`);
  const loaded = new Set<string>();
  const walk = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement') walk(i.path);
  };
  walk(entry);
  let raw = 0;
  let gz = 0;
  const words = new Set<string>();
  for (const file of loaded) {
    const body = bytes.get(file);
    if (!body) throw new Error(`no bytes for ${file}`);
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
    for (const input of Object.keys(outputs[file]?.inputs ?? {}))
      if (/words/.test(input)) words.add(input.replace(/.*\/client\//, ''));
  }
  console.log(
    `| ${name} | ${loaded.size} | ${raw.toLocaleString('en')} | ${gz.toLocaleString('en')} | ${[...words].sort().join(', ')} |`,
  );
}
