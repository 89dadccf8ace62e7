// The builds `npm start` makes before it runs the server, each only when its output is missing or
// older than its sources: the player site (apps/web) and the back office console (apps/console),
// built by vite, and the server itself (apps/server with the house studio it mounts and the shared
// package), bundled by esbuild into apps/server/dist/main.js so that start-up loads compiled
// JavaScript instead of compiling TypeScript through tsx. Plain JavaScript (types in builds.d.mts)
// so that `npm start` checks the builds without loading a TypeScript loader first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

const BROWSER_APPS = {
  web: { title: 'the player site', script: 'build:web' },
  console: { title: 'the back office console', script: 'build:console' },
};

/** The newest modification time under a file or folder (0 when missing); skips dist and node_modules. */
export function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function browserIndex(app) {
  return path.join(root, 'apps', app, 'dist', 'index.html');
}

// Each browser app also bundles the shared packages (types, money, constants; the UI primitives).
function browserSources(app) {
  const dir = path.join(root, 'apps', app);
  return [
    path.join(dir, 'src'),
    path.join(dir, 'index.html'),
    path.join(dir, 'vite.config.ts'),
    path.join(root, 'packages', 'shared', 'src'),
    path.join(root, 'packages', 'ui', 'src'),
  ];
}

export function buildIsCurrent(app) {
  return builtAt(browserIndex(app)) >= Math.max(...browserSources(app).map(newestMtime));
}

/** Runs `npm run build:<app>` when needed; returns false when the build failed. */
export function ensureBuild(app) {
  if (buildIsCurrent(app)) return true;
  const { title, script } = BROWSER_APPS[app];
  console.log(
    existsSync(browserIndex(app))
      ? `${title}'s sources changed: rebuilding apps/${app}`
      : `building ${title} (apps/${app})`,
  );
  const build = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  return build.status === 0;
}

/** The built server, run by `npm start` and by whatever starts the server as an operator would. */
export const serverEntry = path.join(root, 'apps', 'server', 'dist', 'main.js');

// What the bundle is made of: the server's and the studio's sources, the shared package, the
// packages' manifests (a dependency added or removed changes what is external), and this file.
function serverSources() {
  return [
    path.join(root, 'apps', 'server', 'src'),
    path.join(root, 'apps', 'server', 'package.json'),
    path.join(root, 'apps', 'studio', 'src'),
    path.join(root, 'apps', 'studio', 'package.json'),
    path.join(root, 'packages', 'shared', 'src'),
    path.join(root, 'packages', 'shared', 'package.json'),
    fileURLToPath(import.meta.url),
  ];
}

export function serverBuildIsCurrent(entry = serverEntry) {
  return builtAt(entry) >= Math.max(...serverSources().map(newestMtime));
}

const META = /\bimport\.meta\.(url|dirname|filename)\b/g;

/**
 * Keeps each source file's `import.meta.url`, `.dirname` and `.filename` meaning that file, not
 * the bundle: the code finds its data beside its source (the message texts, the studio's client
 * pages, the browser apps' dist), and a bundle in dist/ would otherwise look for them there. Each
 * becomes the source file's location relative to the bundle's own, so the build still works
 * wherever the checkout is moved.
 */
export function sourceLocationPlugin(outfile) {
  return {
    name: 'source-location',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const text = await readFile(args.path, 'utf8');
        const loader = args.path.endsWith('x') ? 'tsx' : 'ts';
        if (!text.includes('import.meta.')) return { contents: text, loader };
        const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        const replaced = text.replace(META, (_match, which) => {
          if (which === 'url') return url;
          const file = `__gamehallFileURLToPath(${url})`;
          return which === 'filename' ? file : `__gamehallDirname(${file})`;
        });
        // Imports are hoisted, so the helpers go at the end and the source map's lines stay right.
        const helpers =
          "\nimport { fileURLToPath as __gamehallFileURLToPath } from 'node:url';\n" +
          "import { dirname as __gamehallDirname } from 'node:path';\n";
        return { contents: replaced + helpers, loader };
      });
    },
  };
}

// The workspace's own packages (TypeScript sources), and pure ES module packages that otherwise
// load from hundreds of small files (kysely alone is about a tenth of a second of a warm start).
const BUNDLED = /^(@gamehall\/|(kysely|zod|jose|fastify-type-provider-zod)(\/|$))/;

/**
 * Bundles apps/server/src/main.ts (or `entry`: a benchmark bundles the parts it runs) and what it
 * imports of the studio and the shared package into one ES module. Packages from node_modules stay external and load as they are, except BUNDLED:
 * native addons and WebAssembly (pg, PGlite, argon2, sharp, esbuild for the studio's pages) and the
 * packages that find their own files at run time cannot be bundled, and CommonJS packages (fastify
 * and its plugins) are not worth the risk of bundling.
 */
export async function buildServer(outfile = serverEntry, entry = path.join(root, 'apps', 'server', 'src', 'main.ts')) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          // Bare specifiers are packages: external unless BUNDLED.
          b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { external: true }));
        },
      },
      sourceLocationPlugin(outfile),
    ],
  });
}

/** The embedded databases' start images, written by the bundle beside it (apps/server/src/start-images.ts). */
export const startImages = path.join(root, 'apps', 'server', 'dist', 'start-images');

export function startImagesAreCurrent() {
  const bundle = builtAt(serverEntry);
  return ['platform', 'studio'].every((name) => builtAt(path.join(startImages, `${name}.json`)) >= bundle);
}

/**
 * Writes the start images when they are missing or older than the bundle: a new DATA_DIR's
 * databases are then unpacked from them instead of made by initdb and every migration. A failure
 * only costs the next fresh start that time, so it is reported and the start goes on.
 */
export function ensureStartImages() {
  if (startImagesAreCurrent()) return true;
  console.log("writing the embedded databases' start images (apps/server/dist/start-images)");
  const run = spawnSync(process.execPath, [serverEntry, '--start-images', startImages], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) console.error('warning: the start images were not written; a new DATA_DIR starts from initdb');
  return run.status === 0;
}

/**
 * Builds the server when its bundle is missing or stale, then its start images; returns false when
 * the build failed.
 */
export async function ensureServerBuild() {
  if (!serverBuildIsCurrent()) {
    console.log(
      existsSync(serverEntry)
        ? "the server's sources changed: rebuilding apps/server/dist"
        : 'building the server (apps/server/dist)',
    );
    try {
      await buildServer();
    } catch (err) {
      console.error(err);
      return false;
    }
  }
  ensureStartImages();
  return true;
}
