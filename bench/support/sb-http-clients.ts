// The bet placement bench's HTTP clients (a worker thread of bench/sportsbook.ts, so that the
// server's event loop is not theirs): `concurrency` players, each placing one slip after another
// over a kept-alive connection for `seconds`, or (the reference) making the vendor wallet's bet call
// alone, signed, as the studio makes it for every bet. Every request's latency in ms.
import { randomBytes, randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { signVendorBody } from '../../apps/server/src/modules/vendor-gateway/vendor-signature';
import { poster } from './http-poster';

export type HttpPlayer = {
  /** The studio's game token (X-Game-Token). */
  token: string;
  /** The member id (the vendor API's player). */
  player: string;
};
export type HttpJob = {
  address: string;
  vendor: string;
  vendorSecret: string;
  gameCode: string;
  currency: string;
  players: HttpPlayer[];
  /** Selections open for betting, by event: [selectionId, odds1000]. */
  events: [string, number][][];
};
/** A stake for the vendor wallet's bet call (the settlement bench's setup). */
export type HttpStake = { token: string; player: string; roundId: string; transactionId: string; amount: number };
export type HttpOrder =
  | { kind: 'single' | 'multiple' | 'wallet'; concurrency: number; seconds: number }
  | { kind: 'stakes'; concurrency: number; seconds: number; stakes: HttpStake[] };
export type HttpResult = {
  latencies: number[];
  failed: number;
  failures: string[];
  elapsed: number;
  refused: Record<string, number>;
};

function clients(job: HttpJob) {
  const post = poster(job.address, job.players.length);
  const pick = <T>(list: T[], i: number): T => list[i % list.length] as T;
  const slip = (kind: 'single' | 'multiple', worker: number, i: number) => {
    const stake = 100 + ((worker * 37 + i * 11) % 900);
    if (kind === 'single') {
      const event = pick(job.events, worker * 7 + i);
      const [selectionId, odds1000] = pick(event, i * 3 + worker);
      return {
        requestId: randomUUID(),
        legs: [{ selectionId, odds1000 }],
        bets: [{ kind: 'single', selectionId, stake }],
        oddsChange: 'none',
      };
    }
    // Three legs of three different events (legs of one event are refused as correlated).
    const legs = [0, 1, 2].map((j) => {
      const event = pick(job.events, worker * 5 + i + j * 3);
      const [selectionId, odds1000] = pick(event, i + j + worker);
      return { selectionId, odds1000 };
    });
    return { requestId: randomUUID(), legs, bets: [{ kind: 'multiple', stake }], oddsChange: 'none' };
  };
  const walletBet = async (body: Record<string, unknown>) => {
    const raw = JSON.stringify({
      vendor: job.vendor,
      requestId: randomBytes(8).toString('hex'),
      gameCode: job.gameCode,
      currency: job.currency,
      ...body,
    });
    const res = await post('/vendor/wallet/bet', raw, { 'x-signature': signVendorBody(job.vendorSecret, raw) });
    const status = (JSON.parse(res.text) as { status?: string }).status;
    if (status !== 'OK') throw new Error(`wallet bet: ${status}`);
  };
  let round = 0;
  return async (order: HttpOrder): Promise<HttpResult> => {
    const latencies: number[] = [];
    const failures: string[] = [];
    let failed = 0;
    const refused: Record<string, number> = {};
    const tag = `${randomBytes(3).toString('hex')}-${round++}`;
    const started = performance.now();
    const end = started + order.seconds * 1000;
    if (order.kind === 'stakes') {
      const queue = order.stakes;
      let next = 0;
      await Promise.all(
        Array.from({ length: order.concurrency }, async () => {
          for (let s = queue[next++]; s !== undefined; s = queue[next++]) {
            const t0 = performance.now();
            try {
              await walletBet({
                token: s.token,
                player: s.player,
                roundId: s.roundId,
                transactionId: s.transactionId,
                amount: s.amount,
              });
              latencies.push(performance.now() - t0);
            } catch (error) {
              failed++;
              if (failures.length < 5) failures.push(error instanceof Error ? error.message : String(error));
            }
          }
        }),
      );
      return { latencies, failed, failures, elapsed: (performance.now() - started) / 1000, refused };
    }
    await Promise.all(
      job.players.slice(0, order.concurrency).map(async (p, worker) => {
        for (let i = 0; performance.now() < end; i++) {
          const t0 = performance.now();
          try {
            if (order.kind === 'wallet') {
              await walletBet({
                token: p.token,
                player: p.player,
                roundId: `ref-${tag}-${worker}-${i}`,
                transactionId: `ref-${tag}-${worker}-${i}:bet`,
                amount: 100 + ((worker * 37 + i * 11) % 900),
              });
            } else {
              const res = await post('/studio/api/sb/bets', JSON.stringify(slip(order.kind, worker, i)), {
                'x-game-token': p.token,
              });
              const answer = JSON.parse(res.text) as {
                bets?: { status: string }[];
                changed?: unknown[];
                error?: { code: string };
              };
              if (res.status !== 200) {
                const code = answer.error?.code ?? `HTTP ${res.status}`;
                refused[code] = (refused[code] ?? 0) + 1;
                throw new Error(code);
              }
              if (answer.bets?.length !== 1 || answer.bets[0]?.status !== 'open') {
                throw new Error(`not placed: ${res.text.slice(0, 200)}`);
              }
            }
            latencies.push(performance.now() - t0);
          } catch (error) {
            failed++;
            if (failures.length < 5) failures.push(error instanceof Error ? error.message : String(error));
          }
        }
      }),
    );
    return { latencies, failed, failures, elapsed: (performance.now() - started) / 1000, refused };
  };
}

const job = workerData as HttpJob;
const run = clients(job);
parentPort?.postMessage('ready');
parentPort?.on('message', async (order: HttpOrder | 'exit') => {
  if (order === 'exit') process.exit(0);
  parentPort?.postMessage(await run(order));
});
