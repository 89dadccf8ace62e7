import { readdirSync, readFileSync } from 'node:fs';

// What a spec file costs the machine in CPU, beside its wall time (e2e/run.ts prints both): the
// two cores are shared by every lane, so a spec that is quick alone can still slow the whole run.
// Linux only (/proc); elsewhere nothing is measured. bench/page-cpu.ts reads the same table.

const TICKS_PER_SECOND = 100;

/** A process: its parent, its own CPU seconds, and those of the children it has reaped. */
export type ProcessTimes = { ppid: number; own: number; reaped: number };

function times(pid: number): ProcessTimes | undefined {
  try {
    // The fields after the command name, which may itself hold spaces and parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ') ?? [];
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i] ?? 0));
    return {
      ppid: Number(fields[1]),
      own: ((utime ?? 0) + (stime ?? 0)) / TICKS_PER_SECOND,
      reaped: ((cutime ?? 0) + (cstime ?? 0)) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

/** Every process the machine runs now, by pid; empty where there is no /proc. */
export function processTable(): Map<number, ProcessTimes> {
  const table = new Map<number, ProcessTimes>();
  let names: string[] = [];
  try {
    names = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const t = times(pid);
    if (t) table.set(pid, t);
  }
  return table;
}

/** Whether `pid` descends from `root` in `table` (a process is not its own descendant). */
export function descendsFrom(table: Map<number, ProcessTimes>, pid: number, root: number): boolean {
  for (let p = table.get(pid)?.ppid; p && p > 1; p = table.get(p)?.ppid) if (p === root) return true;
  return false;
}

/** CPU seconds of this process's descendants, live or reaped, without its own: a test's browser. */
export function childrenSeconds(): number | undefined {
  const tree = processTreeSeconds(process.pid);
  if (tree === undefined) return undefined;
  const own = process.cpuUsage();
  return Math.max(0, tree - (own.user + own.system) / 1e6);
}

/**
 * CPU seconds of a process and every live descendant, with the children each has already reaped
 * (a closed context's renderer is counted by the process that reaped it).
 */
export function processTreeSeconds(root: number | undefined): number | undefined {
  if (!root) return undefined;
  const table = processTable();
  if (!table.has(root)) return undefined;
  let seconds = 0;
  for (const [pid, t] of table) if (pid === root || descendsFrom(table, pid, root)) seconds += t.own + t.reaped;
  return seconds;
}
