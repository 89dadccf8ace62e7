import { readdirSync, readFileSync } from 'node:fs';

// What a spec file costs the machine in CPU, beside its wall time (e2e/run.ts prints both): the
// two cores are shared by every lane, so a spec that is quick alone can still slow the whole run.
// Linux only (/proc); elsewhere nothing is measured.

const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; seconds: number } | undefined {
  try {
    // The fields after the command name, which may itself hold spaces and parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ') ?? [];
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return {
      ppid: Number(fields[1]),
      seconds: ((utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0)) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of a process and every live descendant, with the children each has already reaped
 * (a closed context's renderer is counted by the process that reaped it).
 */
export function processTreeSeconds(root: number | undefined): number | undefined {
  if (!root || !stat(root)) return undefined;
  const parents = new Map<number, number>();
  const times = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const s = stat(pid);
    if (!s) continue;
    parents.set(pid, s.ppid);
    times.set(pid, s.seconds);
  }
  const within = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  let seconds = 0;
  for (const [pid, s] of times) if (within(pid)) seconds += s;
  return seconds;
}
