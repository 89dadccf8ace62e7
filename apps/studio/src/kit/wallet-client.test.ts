import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign, vendorSecret, WalletClient } from './wallet-client';

// The studio's own HTTP client (node:http over kept-alive connections, used when no fetch is handed
// in): signed bodies, answers read, and every failure mode an unknown outcome, never a guess.

const house = 'h'.repeat(40);
let server: Server;
let base = '';
let answer: (req: IncomingMessage, body: string) => { status: number; text: string } | 'hang-up' | 'silent';
const seen: { path: string; signed: boolean; body: Record<string, unknown>; socket: number }[] = [];
const sockets = new WeakMap<object, number>();
let nextSocket = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const secret = vendorSecret(house, String(parsed.vendor));
      if (!sockets.has(req.socket)) sockets.set(req.socket, nextSocket++);
      seen.push({
        path: req.url ?? '',
        signed: req.headers['x-signature'] === sign(secret, body),
        body: parsed,
        socket: sockets.get(req.socket) as number,
      });
      const reply = answer(req, body);
      if (reply === 'hang-up') {
        req.socket.destroy();
        return;
      }
      if (reply === 'silent') return;
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const bet = {
  vendor: 'PT',
  token: 't'.repeat(43),
  player: '7',
  gameCode: 'SLOT-00001',
  roundId: 'r1',
  transactionId: 'b1',
  amount: 500,
  currency: 'PHP',
};

describe('WalletClient over node:http', () => {
  it('signs the raw body, reads OK and refusals, and keeps its connection for the next call', async () => {
    const client = new WalletClient({ platformUrl: base, houseSecret: house });
    answer = () => ({
      status: 200,
      text: JSON.stringify({ status: 'OK', balance: 9500, currency: 'PHP', requestId: 'x' }),
    });
    const ok = await client.bet(bet);
    expect(ok).toEqual({ kind: 'ok', balance: 9500, currency: 'PHP', player: undefined });
    answer = () => ({
      status: 402,
      text: JSON.stringify({ status: 'ERROR_INSUFFICIENT_FUNDS', balance: 20, currency: 'PHP', requestId: 'x' }),
    });
    const refused = await client.bet({ ...bet, transactionId: 'b2' });
    expect(refused).toEqual({ kind: 'refused', status: 'ERROR_INSUFFICIENT_FUNDS', balance: 20 });
    const [first, second] = seen.slice(-2);
    expect(first?.path).toBe('/vendor/wallet/bet');
    expect(first?.signed && second?.signed).toBe(true);
    expect(first?.body).toMatchObject({ ...bet });
    expect(second?.body.transactionId).toBe('b2');
    expect(second?.socket).toBe(first?.socket);
  });

  it('answers unknown (retry with the same ids) on a 5xx, a body that is no wallet answer, a hang-up and a timeout', async () => {
    const client = new WalletClient({ platformUrl: base, houseSecret: house, timeoutMs: 200 });
    answer = () => ({ status: 500, text: JSON.stringify({ status: 'ERROR_INTERNAL', balance: 0, currency: 'PHP' }) });
    expect((await client.win({ ...bet, betTransactionId: 'b1', roundClosed: true })).kind).toBe('unknown');
    answer = () => ({ status: 200, text: '<html>proxy error</html>' });
    expect((await client.balance('PT', { token: bet.token, player: '7' })).kind).toBe('unknown');
    answer = () => 'hang-up';
    expect((await client.bet(bet)).kind).toBe('unknown');
    // Never answered: the client gives up at its timeout.
    answer = () => 'silent';
    const started = Date.now();
    const late = await client.bet(bet);
    expect(late).toEqual({ kind: 'unknown', error: 'no answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
    // Nobody listening.
    const nobody = new WalletClient({ platformUrl: 'http://127.0.0.1:1/', houseSecret: house });
    expect((await nobody.bet(bet)).kind).toBe('unknown');
  });

  it('sends a call again on a new connection when the kept one is reset under it, once', async () => {
    const client = new WalletClient({ platformUrl: base, houseSecret: house });
    const okAnswer = {
      status: 200,
      text: JSON.stringify({ status: 'OK', balance: 9000, currency: 'PHP', requestId: 'x' }),
    };
    answer = () => okAnswer;
    expect((await client.bet({ ...bet, transactionId: 'k1' })).kind).toBe('ok');
    const kept = seen.at(-1)?.socket;
    // The platform closes the kept connection as the next call arrives on it.
    let calls = 0;
    answer = () => (calls++ === 0 ? 'hang-up' : okAnswer);
    const before = seen.length;
    expect(await client.bet({ ...bet, transactionId: 'k2' })).toEqual({
      kind: 'ok',
      balance: 9000,
      currency: 'PHP',
      player: undefined,
    });
    const sent = seen.slice(before);
    expect(sent.map((s) => s.body.transactionId)).toEqual(['k2', 'k2']);
    expect(sent[0]?.socket).toBe(kept);
    expect(sent[1]?.socket).not.toBe(kept);
    // Reset again on the new connection: no third try, the outcome is unknown.
    answer = () => 'hang-up';
    const resets = seen.length;
    expect((await client.bet({ ...bet, transactionId: 'k3' })).kind).toBe('unknown');
    expect(seen.length - resets).toBeLessThanOrEqual(2);
  });

  it('sends a correction as a signed resettle and reads what a debit took', async () => {
    const client = new WalletClient({ platformUrl: base, houseSecret: house });
    answer = () => ({
      status: 200,
      text: JSON.stringify({ status: 'OK', balance: 0, currency: 'PHP', requestId: 'x', taken: 600 }),
    });
    const fix = {
      vendor: 'SBT',
      player: '7',
      gameCode: 'SPORTS-000',
      roundId: 'r9',
      transactionId: 'sb:r9:fix:1',
      amount: -2100,
      currency: 'PHP',
      reason: 'result corrected',
    };
    expect(await client.resettle(fix)).toEqual({
      kind: 'ok',
      balance: 0,
      currency: 'PHP',
      player: undefined,
      taken: 600,
    });
    const last = seen[seen.length - 1];
    expect(last?.path).toBe('/vendor/wallet/resettle');
    expect(last?.signed).toBe(true);
    expect(last?.body).toMatchObject(fix);
  });
});
