// The sign-in proof of work in Chromium: what solving one challenge costs the browser, with the
// site's solver (packages/ui/src/challenge.ts, bundled as the site bundles it) beside the
// reference, the per-counter Web Crypto solver: the same search awaiting crypto.subtle.digest once
// per counter.
//
// Each solve is a challenge of the average the server issues (27,500 counters: it picks 5,000 to
// 50,000) made in the bench with node's SHA-256, so every solve does the same work. For each: the
// wall time in the page, and the CPU seconds of Chromium's whole process tree (renderer, GPU
// process, network service), read from /proc before and after.
//
//   node --import tsx bench/challenge.ts          SOLVES=5 COUNTER=27500 CHROMIUM_PATH
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';
import { childrenSeconds } from '../e2e/support/cpu';
import { percentile } from './support/measure';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOLVES = Number(process.env.SOLVES ?? 5);
const COUNTER = Number(process.env.COUNTER ?? 27_500);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The reference solver, run in the page: one awaited Web Crypto digest per counter. */
const REFERENCE = `window.referenceSolve = async (p) => {
  const hex = (s) => Uint8Array.from(s.match(/../g), (b) => parseInt(b, 16));
  const salt = hex(p.salt), nonce = hex(p.nonce);
  const input = new Uint8Array(salt.length + nonce.length + 4);
  input.set(salt, 0); input.set(nonce, salt.length);
  const view = new DataView(input.buffer);
  for (let counter = 0; ; counter++) {
    view.setUint32(salt.length + nonce.length, counter, false);
    const key = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
    const text = Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('');
    if (text.startsWith(p.keyPrefix)) return counter;
  }
};`;

/** A challenge whose answer is `counter` or, rarely, an earlier counter with the same prefix. */
function challenge(counter: number) {
  const salt = randomBytes(16).toString('hex');
  const nonce = randomBytes(16).toString('hex');
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  const key = createHash('sha256')
    .update(Buffer.concat([Buffer.from(salt, 'hex'), Buffer.from(nonce, 'hex'), counterBytes]))
    .digest('hex');
  return { algorithm: 'SHA-256', salt, nonce, cost: 1, keyLength: 32, keyPrefix: key.slice(0, 16) };
}

async function main() {
  const bundle = await build({
    entryPoints: [path.join(root, 'packages/ui/src/challenge.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'siteChallenge',
    target: 'es2022',
    write: false,
  });
  const script = `${bundle.outputFiles[0]?.text ?? ''}\n${REFERENCE}`;
  // Web Crypto needs a secure context: a page of its own on loopback, not about:blank.
  const server = createServer((req, res) => {
    if (req.url === '/solvers.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script src="/solvers.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    // The bench's process tree less the bench itself: Chromium.
    const chromiumSeconds = () => childrenSeconds() ?? 0;
    const results: Record<string, { ms: number[]; cpu: number[] }> = {
      site: { ms: [], cpu: [] },
      reference: { ms: [], cpu: [] },
    };
    for (let i = 0; i < SOLVES; i++) {
      for (const solver of ['site', 'reference'] as const) {
        const parameters = challenge(COUNTER);
        const before = chromiumSeconds();
        const ms = await page.evaluate(
          async ({ parameters, solver }) => {
            const w = globalThis as unknown as {
              siteChallenge: { solveChallenge: (c: unknown) => Promise<string> };
              referenceSolve: (p: unknown) => Promise<number>;
            };
            const started = performance.now();
            if (solver === 'site') await w.siteChallenge.solveChallenge({ parameters });
            else await w.referenceSolve(parameters);
            return performance.now() - started;
          },
          { parameters, solver },
        );
        const after = chromiumSeconds();
        results[solver]?.ms.push(ms);
        results[solver]?.cpu.push(after - before);
      }
    }
    console.log(`${SOLVES} solves of ${COUNTER.toLocaleString('en')} counters each, Chromium ${browser.version()}`);
    for (const [solver, r] of Object.entries(results)) {
      r.ms.sort((a, b) => a - b);
      r.cpu.sort((a, b) => a - b);
      console.log(
        `  ${solver.padEnd(10)} wall p50 ${percentile(r.ms, 50).toFixed(0).padStart(5)} ms   Chromium CPU p50 ${percentile(r.cpu, 50).toFixed(2)} s (max ${(r.cpu.at(-1) ?? 0).toFixed(2)})`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
