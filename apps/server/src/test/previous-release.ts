import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The previous release of the code, for the checks of a rolling upgrade (docs/operations.md
// "Upgrades"): the newest commit whose list of migrations differs from the code under test, so the
// database the code under test migrates is ahead of it. CI tests a full clone of main, so the
// history is there; without git or with a shallow clone these checks fail, saying why.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const MIGRATE = 'apps/server/src/db/migrate.ts';
/** What a server process runs on (nothing of the server or the studio imports the rest). */
const RUNS_ON = [
  'apps/server',
  'apps/studio',
  'packages',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
];

/** Runs git in this checkout; `nothingFound` is the answer when it exits 1 (git grep's "no match"). */
export function git(args: string[], options: { nothingFound?: string } = {}): string {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: 'pipe' });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { status?: number; stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error('git is not installed: the upgrade checks need the repository history (a full git clone)');
    }
    if (e.status === 1 && options.nothingFound !== undefined && !e.stderr) return options.nothingFound;
    throw new Error(`git ${args.join(' ')} failed: ${e.stderr || e.message}`);
  }
}

/** The migration names a commit's migrate.ts lists, in its order (`'0001-foundation': m0001,`). */
export function listedMigrations(commit: string): string[] {
  const source = git(['show', `${commit}:${MIGRATE}`]);
  const names = [...source.matchAll(/^\s*'(\d{4}-[\w-]+)':\s*m\d+,/gm)].map((m) => m[1] as string);
  if (names.length === 0) throw new Error(`no migration list found in ${MIGRATE} of ${commit}: has its form changed?`);
  return names;
}

/** The studio's migrations (kit and products, apps/studio/src), named as `'0022-studio-...': m0022,`. */
const STUDIO_SOURCES = 'apps/studio/src';
const STUDIO_ENTRY = /'(\d{4}-studio(?:-[\w-]+)?)':\s*m\d+,/g;

/** The studio's migration names at a commit (the working tree when none), sorted. */
export function studioMigrations(commit?: string): string[] {
  const lines = git(
    [
      'grep',
      '-h',
      '-E',
      "'[0-9]{4}-studio(-[a-z0-9-]+)?':[[:space:]]*m[0-9]+,",
      ...(commit ? [commit] : []),
      '--',
      STUDIO_SOURCES,
    ],
    { nothingFound: '' },
  );
  return [...lines.matchAll(STUDIO_ENTRY)].map((m) => m[1] as string).sort();
}

export type Release = { commit: string; subject: string; migrations: string[]; studioMigrations: string[] };

/**
 * The newest commit on the first-parent history whose migration list differs from `current`.
 * With `studio`, a commit whose studio's migrations differ from this code's counts too: a rolling
 * upgrade runs the previous release's studio on the studio tables this code migrated.
 */
export function previousRelease(current: readonly string[], options: { studio?: boolean } = {}): Release {
  const studioHere = options.studio ? studioMigrations() : [];
  if (git(['rev-parse', '--is-inside-work-tree']).trim() !== 'true') {
    throw new Error(`${repoRoot} is not a git work tree: the upgrade checks need the repository history`);
  }
  if (git(['rev-parse', '--is-shallow-repository']).trim() === 'true') {
    throw new Error('the clone is shallow: run `git fetch --unshallow`, the upgrade checks need the previous release');
  }
  const sameList = (list: readonly string[], here: readonly string[]) =>
    list.length === here.length && list.every((name, i) => name === here[i]);
  const same = (commit: string) =>
    sameList(listedMigrations(commit), current) && (!options.studio || sameList(studioMigrations(commit), studioHere));
  // Only commits that changed migrate.ts can change the list; the newest one that differs is the
  // parent of the oldest of the newer ones that still list what the code under test lists.
  let newestSame: string | undefined;
  const paths = options.studio ? [MIGRATE, STUDIO_SOURCES] : [MIGRATE];
  for (const commit of git(['log', '--first-parent', '--format=%H', 'HEAD', '--', ...paths]).split('\n')) {
    if (!commit) continue;
    if (same(commit)) {
      newestSame = commit;
      continue;
    }
    const release = git(['rev-parse', newestSame ? `${newestSame}^1` : 'HEAD']).trim();
    return {
      commit: release,
      subject: git(['log', '-1', '--format=%h %s', release]).trim(),
      migrations: listedMigrations(release),
      studioMigrations: studioMigrations(release),
    };
  }
  throw new Error('no commit in the history lists other migrations than the code under test');
}

/** Every dependency the package.json files of a checkout declare (the root's and its workspaces'), `name -> range`. */
function declared(dir: string): Map<string, string> {
  type Manifest = {
    workspaces?: string[];
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  // A release holds only the workspaces a server process runs on (RUNS_ON).
  const read = (folder: string): Manifest => {
    const file = path.join(dir, folder, 'package.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
  };
  const root = read('.');
  const found = new Map<string, string>();
  for (const folder of ['.', ...(root.workspaces ?? [])]) {
    const manifest = read(folder);
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
      found.set(`${folder}: ${name}`, range);
    }
  }
  return found;
}

/**
 * The dependencies the release declares that this checkout does not declare with the same range.
 * None means this checkout's node_modules satisfies the release's package.json files: the
 * release runs on them, whatever versions a lockfile of its own would have picked within them.
 */
export function undeclaredDependencies(releaseDir: string): string[] {
  const here = declared(repoRoot);
  return [...declared(releaseDir)]
    .filter(([key, range]) => !key.includes('@gamehall/') && here.get(key) !== range)
    .map(([key, range]) => `${key}@${range}`);
}

export type Materialised = { dir: string; remove: () => void; notes: string[] };

/**
 * Writes the release's files into a temp folder and gives it node_modules. When this checkout
 * declares every dependency of the release with the same range, each package is linked from here,
 * except the workspace packages (@gamehall/*), which must be the release's own sources: a link to
 * the whole node_modules would resolve them to this checkout's. Otherwise `npm ci` installs the
 * release's lockfile there (from npm's cache when it has them), which takes a minute or more.
 */
export function materialise(release: Release): Materialised {
  const dir = mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'gamehall-release-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const notes: string[] = [];
  try {
    const archive = path.join(dir, 'release.tar');
    git(['archive', '--format=tar', '-o', archive, release.commit, ...RUNS_ON]);
    execFileSync('tar', ['-xf', archive, '-C', dir]);
    rmSync(archive);
    notes.push(...upgradeRunner(dir));

    const missing = undeclaredDependencies(dir);
    if (missing.length === 0) {
      linkPackages(dir);
    } else {
      notes.push(`npm ci: the release declares ${missing.join(', ')}`);
      execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
    }
    return { dir, remove, notes };
  } catch (error) {
    remove();
    throw error;
  }
}

function linkPackages(dir: string) {
  const from = path.join(repoRoot, 'node_modules');
  const to = path.join(dir, 'node_modules');
  mkdirSync(to);
  for (const entry of readdirSync(from)) {
    if (entry !== '@gamehall') {
      symlinkSync(path.join(from, entry), path.join(to, entry));
      continue;
    }
    // Relative links (../../packages/shared): copied as they are, they point into the release.
    mkdirSync(path.join(to, entry));
    for (const workspace of readdirSync(path.join(from, entry))) {
      symlinkSync(readlinkSync(path.join(from, entry, workspace)), path.join(to, entry, workspace));
    }
  }
}

/**
 * A release whose migration runner refuses a database that ran migrations it does not know (the
 * migrator of Kysely alone) cannot start on the database the code under test migrated, which no
 * later release does. Such a release gets this checkout's runner under its own migration list:
 * the list is what makes it the release; the runner is what its successor ships for the upgrade.
 */
function upgradeRunner(dir: string): string[] {
  const RUNNER = 'class ListedMigrations';
  const file = path.join(dir, MIGRATE);
  const old = readFileSync(file, 'utf8');
  if (old.includes('export type MigrationOutcome')) return [];
  const current = readFileSync(path.join(repoRoot, MIGRATE), 'utf8');
  if (old.indexOf(RUNNER) < 0 || current.indexOf(RUNNER) < 0) {
    throw new Error(`cannot give the release in ${dir} this checkout's migration runner: no ${RUNNER} in ${MIGRATE}`);
  }
  const [oldList, currentRunner] = [old.slice(0, old.indexOf(RUNNER)), current.slice(current.indexOf(RUNNER))];
  const imports = current.slice(0, current.indexOf('\n', current.indexOf("from 'kysely/migration'")) + 1);
  const kyselyImports = imports.split('\n').filter((line) => line.includes("from 'kysely"));
  const body = oldList
    .split('\n')
    .filter((line) => !line.includes("from 'kysely"))
    .join('\n');
  writeFileSync(file, `${kyselyImports.join('\n')}\n${body}${currentRunner}`);
  return ["the release's migrate.ts refuses a database ahead of it: it runs with this checkout's runner"];
}
