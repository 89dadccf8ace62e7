import { createHmac, randomUUID } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { VendorWalletResponse } from '@gamehall/shared/api/vendor';
import { StudioError } from './errors';

// The studio's side of the signed seamless wallet API (api-conventions "Vendor wallet API"). The
// studio is a vendor like any other: it signs each raw body with the vendor's secret and calls the
// platform over HTTP, even when both run in one process.

/** Every vendor's secret derives from the house secret, so the studio can serve every catalogue vendor. */
export function vendorSecret(houseSecret: string, vendor: string): string {
  return createHmac('sha256', houseSecret).update(`vendor:${vendor}`).digest('hex');
}

export function sign(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export type WalletAnswer =
  | {
      kind: 'ok';
      balance: number;
      currency: string;
      player: string | undefined;
      /** A balance call by token: the platform's hash of the launching device, when it knows one. */
      device?: string;
      /** A resettle debit: what the member's cash gave (it never goes below zero). */
      taken?: number;
    }
  /** The platform answered with a definite refusal (insufficient funds, invalid token...). */
  | { kind: 'refused'; status: string; balance: number }
  /** No usable answer (timeout, network, 5xx, ERROR_INTERNAL): the outcome is unknown; retry with the same ids. */
  | { kind: 'unknown'; error: string };

/**
 * The player's error for a bet the wallet definitely refused (nothing was taken), the same for every
 * game: instant rounds, crash, live tables and lottery tickets.
 */
export function betRefusal(answer: { status: string; balance: number }): StudioError {
  switch (answer.status) {
    case 'ERROR_INSUFFICIENT_FUNDS':
      return new StudioError('STUDIO_INSUFFICIENT_FUNDS', { balance: answer.balance });
    case 'ERROR_INVALID_TOKEN':
      return new StudioError('STUDIO_SESSION_INVALID', { status: answer.status });
    case 'ERROR_PLAYER_DISABLED':
      return new StudioError('STUDIO_PLAYER_DISABLED');
    // A responsible-play limit or break of the player (docs/responsible-play.md).
    case 'ERROR_PLAYER_LIMIT':
      return new StudioError('STUDIO_PLAYER_LIMIT');
    case 'ERROR_PLAYER_EXCLUDED':
      return new StudioError('STUDIO_PLAYER_EXCLUDED');
    // Above the maximum bet of a bonus being wagered (docs/rewards.md).
    case 'ERROR_BONUS_MAX_BET':
      return new StudioError('STUDIO_BONUS_MAX_BET');
    default:
      return new StudioError('STUDIO_WALLET_REFUSED', { status: answer.status }, (w) => w.walletRefused(answer.status));
  }
}

export interface WalletClientOptions {
  /** Base URL of the platform, e.g. http://127.0.0.1:3000; a function when it is known only after listen. */
  platformUrl: string | (() => string);
  houseSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** What a round was, for the member's records (docs/vendor-gateway.md "Round details"); optional. */
export type RoundDetailField = { detail?: object };

export type BetCall = {
  vendor: string;
  token: string;
  player: string;
  gameCode: string;
  roundId: string;
  transactionId: string;
  amount: number;
  currency: string;
} & RoundDetailField;
export type WinCall = {
  vendor: string;
  player: string;
  gameCode: string;
  roundId: string;
  transactionId: string;
  betTransactionId: string;
  amount: number;
  currency: string;
  roundClosed: boolean;
  /** The round's valid bet when less than its stake (a void, push or half result). */
  validBet?: number;
} & RoundDetailField;
export type RollbackCall = {
  vendor: string;
  player: string;
  roundId: string;
  transactionId: string;
  rollbackTransactionId: string;
};

/**
 * A correction of a closed round (docs/sportsbook.md "Corrections"): a signed amount, a credit > 0
 * or a debit < 0, answered with what a debit actually took from the member's cash.
 */
export type ResettleCall = {
  vendor: string;
  player: string;
  gameCode: string;
  roundId: string;
  transactionId: string;
  amount: number;
  currency: string;
  reason: string;
} & RoundDetailField;

/** An HTTP answer: its status and body text, or a thrown error when there is none. */
type Posted = { status: number; text: string };

// Every bet and win of every studio round is one of these calls. node:http over kept-alive
// connections costs far less CPU per call than fetch (bench/vendor.ts measured about 1.9 ms of fetch
// per call), so the studio uses it unless a test hands in its own fetch. An idle connection is
// closed by this side after IDLE_SOCKET_MS, before the platform's own limit (Fastify's 72 s), so a
// call seldom goes out on a connection the platform is closing; one that does fails at once with a
// reset and is sent again on a new connection (every wallet call is idempotent on its ids).
const IDLE_SOCKET_MS = 30_000;
const keepAlive = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: IDLE_SOCKET_MS };
const httpAgent = new HttpAgent(keepAlive);
const httpsAgent = new HttpsAgent(keepAlive);

function postOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  fresh: boolean,
): Promise<Posted> {
  return new Promise<Posted>((resolve, reject) => {
    const https = url.startsWith('https:');
    const send = https ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        // A call sent again after a reset goes on a connection of its own.
        agent: fresh ? false : https ? httpsAgent : httpAgent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(req.reusedSocket && err.code === 'ECONNRESET' ? new KeptConnectionReset(err.message) : err),
    );
    req.end(body);
  });
}

/** A kept-alive connection was reset under a call: the platform closed it as the call went out. */
class KeptConnectionReset extends Error {}

async function postOverHttp(url: string, headers: Record<string, string>, body: string, timeoutMs: number) {
  try {
    return await postOnce(url, headers, body, timeoutMs, false);
  } catch (err) {
    if (!(err instanceof KeptConnectionReset)) throw err;
    return postOnce(url, headers, body, timeoutMs, true);
  }
}

export class WalletClient {
  readonly #options: WalletClientOptions;
  readonly #post: (url: string, headers: Record<string, string>, body: string, timeoutMs: number) => Promise<Posted>;
  // vendor -> its secret (an HMAC of the house secret, the same on every call).
  readonly #secrets = new Map<string, string>();

  constructor(options: WalletClientOptions) {
    this.#options = options;
    const injected = options.fetch;
    this.#post = injected
      ? async (url, headers, body, timeoutMs) => {
          const response = await injected(url, {
            method: 'POST',
            headers,
            body,
            signal: AbortSignal.timeout(timeoutMs),
          });
          return { status: response.status, text: await response.text() };
        }
      : postOverHttp;
  }

  #secretOf(vendor: string): string {
    let secret = this.#secrets.get(vendor);
    if (secret === undefined) {
      secret = vendorSecret(this.#options.houseSecret, vendor);
      this.#secrets.set(vendor, secret);
    }
    return secret;
  }

  /** The balance of a live game session (the launch token), and of its player when named. */
  balance(vendor: string, who: { token: string; player?: string }): Promise<WalletAnswer> {
    return this.#call('balance', vendor, who);
  }
  bet(call: BetCall): Promise<WalletAnswer> {
    return this.#call('bet', call.vendor, call);
  }
  win(call: WinCall): Promise<WalletAnswer> {
    return this.#call('win', call.vendor, call);
  }
  rollback(call: RollbackCall): Promise<WalletAnswer> {
    return this.#call('rollback', call.vendor, call);
  }
  resettle(call: ResettleCall): Promise<WalletAnswer> {
    return this.#call('resettle', call.vendor, call);
  }

  async #call(
    path: 'balance' | 'bet' | 'win' | 'rollback' | 'resettle',
    vendor: string,
    fields: object,
  ): Promise<WalletAnswer> {
    // requestId identifies this HTTP request (logs); transactionId (in fields) makes the call idempotent.
    const body = JSON.stringify({ requestId: randomUUID(), ...fields, vendor });
    const base =
      typeof this.#options.platformUrl === 'function' ? this.#options.platformUrl() : this.#options.platformUrl;
    const secret = this.#secretOf(vendor);
    let response: Posted;
    try {
      response = await this.#post(
        `${base.replace(/\/$/, '')}/vendor/wallet/${path}`,
        { 'content-type': 'application/json', 'x-signature': sign(secret, body) },
        body,
        this.#options.timeoutMs ?? 5000,
      );
    } catch (err) {
      return { kind: 'unknown', error: err instanceof Error ? err.message : String(err) };
    }
    let parsed: VendorWalletResponse;
    let taken: number | undefined;
    try {
      const json = JSON.parse(response.text) as { taken?: unknown };
      parsed = VendorWalletResponse.parse(json);
      if (typeof json.taken === 'number' && Number.isSafeInteger(json.taken)) taken = json.taken;
    } catch {
      return { kind: 'unknown', error: `HTTP ${response.status} without a wallet answer` };
    }
    if (parsed.status === 'OK') {
      return {
        kind: 'ok',
        balance: parsed.balance,
        currency: parsed.currency,
        player: parsed.player,
        ...(parsed.device === undefined ? {} : { device: parsed.device }),
        ...(taken === undefined ? {} : { taken }),
      };
    }
    if (parsed.status === 'ERROR_INTERNAL' || response.status >= 500) {
      return { kind: 'unknown', error: parsed.status };
    }
    return { kind: 'refused', status: parsed.status, balance: parsed.balance };
  }
}
