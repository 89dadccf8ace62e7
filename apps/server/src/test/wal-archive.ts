import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

// PostgreSQL's own backup tools on throwaway clusters, as docs/operations.md ("Backups and restore")
// tells an operator to use them: a primary that archives its WAL to a directory, a base backup taken
// with pg_basebackup while it runs, and that backup restored to a new cluster at a point in time
// (restore_command, recovery_target_time, recovery.signal). The clusters start from
// scripts/pg-cluster.sh's, so they are tuned for tests the same way, and are removed by it.

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const clusterScript = path.join(repoRoot, 'scripts', 'pg-cluster.sh');

/**
 * The binaries of the cluster's own major version (Debian keeps each in its own folder), as
 * scripts/pg-cluster.sh found them for initdb; elsewhere, those on the PATH.
 */
function pgBin(dataDir: string): (name: string) => string {
  const version = readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim();
  const dir = `/usr/lib/postgresql/${version}/bin`;
  return (name) => (existsSync(dir) ? path.join(dir, name) : name);
}

export type WalArchive = {
  /** The primary's superuser URL (database `postgres`). */
  primaryUrl: string;
  /** Takes a base backup of the primary with pg_basebackup (a fast checkpoint, its WAL streamed). */
  baseBackup: () => Promise<void>;
  /**
   * Switches the primary to a new WAL segment and waits until the archive holds the finished one,
   * so that every commit made so far can be restored from the archive alone.
   */
  archiveCurrentWal: () => Promise<void>;
  /** Stops the primary; the archive and the base backup stay. */
  stopPrimary: () => Promise<void>;
  /**
   * Starts the base backup as a new cluster on a new port, recovering from the archive up to
   * `targetTime` (a timestamptz as PostgreSQL prints it), then promoted; resolves with its
   * superuser URL once it accepts writes.
   */
  restoreTo: (targetTime: string) => Promise<string>;
  /** Stops both clusters and removes every file; safe to call twice and after a failure. */
  remove: () => Promise<void>;
};

/**
 * A primary cluster archiving its WAL. Everything lives under one folder in /tmp (npm test's
 * TMPDIR is a root-only folder the postgres user cannot enter): `primary/`, `archive/`, and
 * `restored/`, whose `data/` is the base backup and, once restored, the new cluster's data.
 */
export async function startArchivingPrimary(): Promise<WalArchive> {
  const root = mkdtempSync('/tmp/gamehall-restore-');
  const primary = path.join(root, 'primary');
  const archive = path.join(root, 'archive');
  const restored = path.join(root, 'restored');
  // initdb refuses root, so as root the clusters, the archive and the backup belong to postgres,
  // as scripts/pg-cluster.sh runs them; its working directory must be one it may enter.
  const asOwner = async (command: string, args: string[]) => {
    const [file, argv] =
      process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return (await run(file, argv, { cwd: root })).stdout;
  };
  const serverLog = (dir: string) => {
    const file = path.join(dir, 'server.log');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-30).join('\n') : '(no server log)';
  };
  const removeAll = async () => {
    for (const dir of [restored, primary]) await run('bash', [clusterScript, 'stop', dir]).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', root]);
    // A port of the system's ephemeral range, not the script's first free one from 55432: the
    // suite's own cluster and other tests' take those.
    const started = await run('bash', [clusterScript, 'start', primary, String(await freePort())]);
    const primaryUrl = started.stdout.trim().split('\n').pop() as string;
    const primaryPort = new URL(primaryUrl).port;
    const bin = pgBin(path.join(primary, 'data'));
    await asOwner('mkdir', ['-m', '700', archive, restored]);
    // The script's cluster keeps no more WAL than crash recovery needs (wal_level minimal); these
    // lines, last in the file, win. synchronous_commit on: a commit is answered once its WAL is
    // written, which is what lets an acknowledged posting be promised to the archive.
    appendFileSync(
      path.join(primary, 'data', 'postgresql.conf'),
      [
        '',
        '# the restore drill: WAL archiving for point-in-time recovery',
        'wal_level = replica',
        'max_wal_senders = 4',
        'synchronous_commit = on',
        'archive_mode = on',
        `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
        '',
      ].join('\n'),
    );
    // -l: without a log file the server would hold pg_ctl's output open, and its call never end.
    await asOwner(bin('pg_ctl'), [
      ...['-D', path.join(primary, 'data'), '-l', path.join(primary, 'server.log')],
      ...['-m', 'fast', '-w', '-t', '60', '-s', 'restart'],
    ]);

    const query = async <T>(url: string, sql: string): Promise<T[]> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql)).rows as T[];
      } finally {
        await client.end();
      }
    };

    return {
      primaryUrl,
      baseBackup: async () => {
        await asOwner(bin('pg_basebackup'), [
          ...['-h', '127.0.0.1', '-p', primaryPort, '-U', 'postgres'],
          ...['-D', path.join(restored, 'data'), '--checkpoint=fast', '--wal-method=stream', '--no-sync'],
        ]);
      },
      archiveCurrentWal: async () => {
        const [switched] = await query<{ wal: string }>(primaryUrl, 'SELECT pg_walfile_name(pg_switch_wal()) AS wal');
        const wal = switched?.wal as string;
        const deadline = Date.now() + 60_000;
        for (;;) {
          // The archiver copies segments in order, so a later name archived means this one is too.
          const [state] = await query<{ last: string | null; failed: string | null }>(
            primaryUrl,
            'SELECT last_archived_wal AS last, last_failed_wal AS failed FROM pg_stat_archiver',
          );
          if (state?.last && state.last >= wal) return;
          if (Date.now() > deadline)
            throw new Error(
              `WAL ${wal} not archived (last ${state?.last}, failed ${state?.failed})\n${serverLog(primary)}`,
            );
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      stopPrimary: async () => {
        await asOwner(bin('pg_ctl'), ['-D', path.join(primary, 'data'), '-m', 'fast', '-w', '-t', '60', '-s', 'stop']);
      },
      restoreTo: async (targetTime) => {
        const port = await freePort();
        const data = path.join(restored, 'data');
        // The backup carries the primary's configuration: another port and socket folder, no
        // archiving into the primary's archive, and the recovery settings an operator writes; the
        // log says which WAL files were restored and where recovery stopped, should the drill fail.
        appendFileSync(
          path.join(data, 'postgresql.conf'),
          [
            '',
            '# the restore drill: point-in-time recovery from the archive',
            `port = ${port}`,
            `unix_socket_directories = '${restored}'`,
            'archive_mode = off',
            `restore_command = 'cp ${archive}/%f %p'`,
            `recovery_target_time = '${targetTime}'`,
            "recovery_target_action = 'promote'",
            'log_min_messages = log',
            '',
          ].join('\n'),
        );
        await asOwner('touch', [path.join(data, 'recovery.signal')]);
        try {
          await asOwner(bin('pg_ctl'), [
            ...['-D', data, '-l', path.join(restored, 'server.log')],
            ...['-w', '-t', '60', '-s', 'start'],
          ]);
        } catch (error) {
          throw new Error(`the restored cluster did not start: ${String(error)}\n${serverLog(restored)}`);
        }
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
        // pg_ctl returns once the cluster takes read-only connections; the app needs it promoted.
        const deadline = Date.now() + 60_000;
        for (;;) {
          const [state] = await query<{ recovering: boolean }>(url, 'SELECT pg_is_in_recovery() AS recovering').catch(
            () => [],
          );
          if (state && !state.recovering) return url;
          if (Date.now() > deadline) throw new Error(`the restored cluster was not promoted\n${serverLog(restored)}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      remove: removeAll,
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}
