// What this machine charges for the kinds of work the test suite is made of, so a run's time can be
// read against the machine it ran on: the suite's two cores are busy from start to end, and nearly
// the same suite took 1,250 s on one CI machine and 2,390 s on another. Plain computation is not
// what differs most; the kernel's work is (docs/benchmarks.md, "Two kinds of machine"):
//
// - cpu: a fixed loop of integer arithmetic in JavaScript, in milliseconds.
// - fault: the first write to a page of fresh memory, in microseconds per 4 KiB page. Every new
//   process, browser renderer, V8 heap and WebAssembly database pays it on all the memory it uses.
// - syscall: a cheap system call (fstat) through Node, in microseconds.
// - spawn: starting and reaping a process that exits at once (/bin/true), in milliseconds.
//
//   node scripts/machine-probe.mjs            one line, in about two seconds (scripts/test.sh)
//   ROUNDS=10 node scripts/machine-probe.mjs  the median of more rounds of each, for a benchmark
import { spawnSync } from 'node:child_process';
import { fstatSync } from 'node:fs';

const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));
const PAGE = 4096;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function cpuMs() {
  const t0 = performance.now();
  let x = 1;
  for (let i = 0; i < 20_000_000; i++) x = (x * 1_103_515_245 + 12_345) & 0x7fffffff;
  const ms = performance.now() - t0;
  if (x < 0) throw new Error('unreachable: keeps the loop from being removed');
  return ms;
}

function faultMicros() {
  // Large enough that the allocator maps fresh pages from the kernel instead of reusing its own.
  const bytes = 32 << 20;
  const memory = new Uint8Array(bytes);
  const t0 = performance.now();
  for (let i = 0; i < bytes; i += PAGE) memory[i] = 1;
  return ((performance.now() - t0) * 1000) / (bytes / PAGE);
}

function syscallMicros() {
  const calls = 50_000;
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) fstatSync(0);
  return ((performance.now() - t0) * 1000) / calls;
}

function spawnMs() {
  const spawns = 10;
  const t0 = performance.now();
  for (let i = 0; i < spawns; i++) spawnSync('/bin/true');
  return (performance.now() - t0) / spawns;
}

function measure(probe) {
  probe(); // warm-up: the first round pays for compiling the probe itself
  return median(Array.from({ length: ROUNDS }, probe));
}

const figures = {
  cpu: `${measure(cpuMs).toFixed(0)} ms`,
  fault: `${measure(faultMicros).toFixed(2)} µs`,
  syscall: `${measure(syscallMicros).toFixed(2)} µs`,
  spawn: `${measure(spawnMs).toFixed(2)} ms`,
};
console.log(
  `machine: ${Object.entries(figures)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ')}`,
);
