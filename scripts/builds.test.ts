import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../apps/server/src/test/server-process';
import { buildServer, root, sourceLocationPlugin } from './builds.mjs';

// The server runs from one bundle in apps/server/dist, while its code finds data beside its
// sources (message texts, the studio's client pages, the browser apps' dist) through
// import.meta.url: the bundle must keep each file's own location.

describe('sourceLocationPlugin', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-builds-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps each bundled file's import.meta.url, dirname and filename its source's", async () => {
    mkdirSync(path.join(dir, 'a'));
    mkdirSync(path.join(dir, 'b', 'deep'), { recursive: true });
    writeFileSync(
      path.join(dir, 'b', 'deep', 'where.ts'),
      "export const where = { url: import.meta.url, dirname: import.meta.dirname, filename: import.meta.filename, data: new URL('./data/', import.meta.url).href };\n",
    );
    writeFileSync(
      path.join(dir, 'a', 'entry.ts'),
      "import { where } from '../b/deep/where';\nexport const entry = import.meta.url;\nexport { where };\n",
    );
    const outfile = path.join(dir, 'out', 'bundle.mjs');
    await build({
      entryPoints: [path.join(dir, 'a', 'entry.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
      plugins: [sourceLocationPlugin(outfile)],
    });
    const built = await import(pathToFileURL(outfile).href);
    const source = path.join(dir, 'b', 'deep', 'where.ts');
    expect(built.entry).toBe(pathToFileURL(path.join(dir, 'a', 'entry.ts')).href);
    expect(built.where).toEqual({
      url: pathToFileURL(source).href,
      dirname: path.dirname(source),
      filename: source,
      data: `${pathToFileURL(path.join(dir, 'b', 'deep', 'data')).href}/`,
    });
    // Without the plugin every file would see the bundle's location instead.
    expect(built.entry).not.toBe(pathToFileURL(outfile).href);
  });
});

const runOnPglite = !process.env.TEST_DATABASE_URL;

describe.runIf(runOnPglite)('the built server', () => {
  // A bundle of its own beside the real one (same depth, so the same relative paths), not the one
  // `npm start` runs.
  // On a fresh clone the real bundle, and so its folder, may not exist yet.
  mkdirSync(path.join(root, 'apps', 'server', 'dist'), { recursive: true });
  const outdir = mkdtempSync(path.join(root, 'apps', 'server', 'dist', 'test-'));
  const outfile = path.join(outdir, 'main.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-built-'));
  afterAll(() => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('points every import.meta.url of the bundle at an existing source file', async () => {
    await buildServer(outfile);
    const bundle = readFileSync(outfile, 'utf8');
    const uses = [...bundle.matchAll(/import\.meta\.(\w+)/g)];
    const wrapped = [...bundle.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((m) => m[1] as string);
    // Each use of import.meta is one of the wrapped source locations (the bundle's own is never read).
    expect(uses.length).toBe(wrapped.length);
    expect(wrapped.length).toBeGreaterThanOrEqual(5);
    for (const relative of wrapped) {
      const file = fileURLToPath(new URL(relative, pathToFileURL(outfile)));
      expect(file.startsWith(path.join(root, 'apps')) || file.startsWith(path.join(root, 'packages'))).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain('import.meta');
    }
    // The message texts, the studio's client pages and the browser apps are found from it.
    expect(wrapped).toEqual(
      expect.arrayContaining([
        '../../src/modules/messages/message-texts.ts',
        '../../src/http/web-static.ts',
        '../../../studio/src/kit/client-bundle.ts',
      ]),
    );
  }, 60_000);

  it("starts, serves the studio's client pages (built from their sources) and exits 0 on SIGTERM", async () => {
    const server = await startServerProcess(
      { DATA_DIR: dataDir, CATALOGUE_SLOTS: '300' },
      { name: 'built server', entry: outfile, timeoutMs: 120_000 },
    );
    try {
      const status = await fetch(`${server.url}/wps/system/status`);
      expect(status.status, server.output()).toBe(200);
      const css = await fetch(`${server.url}/studio/assets/studio.css`);
      expect(css.status, server.output()).toBe(200);
      const script = await fetch(`${server.url}/studio/assets/play.js`);
      expect(script.status, server.output()).toBe(200);
      expect(script.headers.get('content-type')).toContain('text/javascript');
      expect((await script.text()).length).toBeGreaterThan(1000);
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  }, 180_000);
});
