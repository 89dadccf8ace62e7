// What the benches read of the PostgreSQL server beside their own timings: its CPU from /proc (the
// server runs on this machine) and pg_stat_statements' top statements when the extension is loaded.
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';

const USER_HZ = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): [1] is ppid, [11..14] utime, stime, cutime, cstime. */
function statFields(path: string): string[] | undefined {
  try {
    const stat = readFileSync(path, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // exited meanwhile, or not on this machine
  }
}

/**
 * CPU seconds of the PostgreSQL server whose postmaster is `postmaster` (undefined off /proc): the
 * postmaster and its live children, plus the postmaster's cutime and cstime, which hold the CPU of
 * the backends that have exited, so a backend that leaves between two readings is still counted.
 */
export function postgresCpu(postmaster: number | undefined): number | undefined {
  if (postmaster === undefined) return undefined;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(`/proc/${entry}/stat`);
    if (!fields) continue;
    if (Number(entry) === postmaster)
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    else if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / USER_HZ;
}

/** CPU seconds of one process, or of one thread of it (`task`), from /proc (0 once it is gone). */
export function procCpu(pid: number, task?: number): number {
  const fields = statFields(task === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${task}/stat`);
  return fields ? (Number(fields[11]) + Number(fields[12])) / USER_HZ : 0;
}

/** The postmaster's pid: the parent of this connection's backend (undefined when the server is elsewhere). */
export async function postmasterOf(db: Db): Promise<number | undefined> {
  try {
    const row = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
    const fields = statFields(`/proc/${row.rows[0]?.pid}/stat`);
    return fields ? Number(fields[1]) : undefined;
  } catch {
    return undefined;
  }
}

export type StatementStat = { query: string; calls: number; totalMs: number; meanMs: number; toplevel: boolean };

/** The `limit` statements of this database with the most total time (undefined without pg_stat_statements). */
export async function topStatementStats(db: Db, limit: number, width = 100): Promise<StatementStat[] | undefined> {
  try {
    const { rows } = await sql<{ calls: string; ms: number; mean: number; query: string; toplevel: boolean }>`
      SELECT calls, total_exec_time AS ms, mean_exec_time AS mean, toplevel,
             left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), ${width}) AS query
        FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time DESC LIMIT ${limit}`.execute(db);
    return rows.map((r) => ({
      query: r.query,
      calls: Number(r.calls),
      totalMs: Number(r.ms),
      meanMs: Number(r.mean),
      toplevel: r.toplevel,
    }));
  } catch {
    return undefined;
  }
}

/** The top statements as lines for a bench's notes. */
export async function topStatements(db: Db, limit: number, width = 100): Promise<string[]> {
  const stats = await topStatementStats(db, limit, width);
  if (!stats) return ['(pg_stat_statements not loaded on this server)'];
  return stats.map(
    (s) =>
      `${s.toplevel ? '' : '(nested) '}${s.calls} calls, ${s.totalMs.toFixed(0)} ms, ${s.meanMs.toFixed(3)} ms each: ${s.query}`,
  );
}
