import { randomBytes } from 'node:crypto';
import { redactUrl } from '@gamehall/shared/redact-url';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { deriveVendorSecret, signVendorBody } from '../modules/vendor-gateway/vendor-signature';
import { type LoggedServer, startLoggedServer } from '../test/logged-server';
import { SERVER_START_WAIT_MS } from '../test/server-process';
import { traceIdOf } from './trace-context';

// The server's log, read whole from a server process that logs every request: it holds no
// password, token, card number or bank account number a client sent (tokens and secrets in query
// strings, /ws?token=, /studio/play?token=, Evolution's ?authToken=, are redacted), and each request's lines carry its W3C trace
// id, which its error answer carries too (trace-context.ts).

let server: LoggedServer;
let setup: { nodeId: number; vendor: string };

beforeAll(async () => {
  server = await startLoggedServer({ LOG_LEVEL: 'trace', CHILD_LOAD_SETUP: '1' });
  const line = /^setup (.*)$/m.exec(server.output())?.[1];
  if (!line) throw new Error(`the server printed no setup\n${server.output()}`);
  setup = JSON.parse(line);
}, SERVER_START_WAIT_MS);
afterAll(() => server?.stop(), 30_000);

type Answer = {
  status: number;
  body: { success?: boolean; code?: string; value?: Record<string, unknown>; traceId?: string };
};

async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: options.token } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : {} };
}

/** An encrypted call (api-conventions.md "Encrypted payloads"), made as the web app makes one. */
async function encrypted(method: 'POST' | 'PUT', path: string, payload: unknown): Promise<Answer> {
  const keys = await call('GET', '/wps/system/publicKey');
  const key = (keys.body.value as { keys: JWK[] }).keys[0] as JWK;
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'RSA-OAEP-256'));
  return call(method, path, { body: { value: jwe }, headers: { encryption: 'JWE' } });
}

/** Whether a string of digits passes the Luhn check, as every payment card number does. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

describe('redactUrl', () => {
  it('redacts every parameter named like a secret, in any case or encoding, and keeps the rest', () => {
    expect(redactUrl('/ws?token=abc')).toBe('/ws?token=[redacted]');
    expect(redactUrl('/studio/play?game=SLOT-1&Token=abc&lang=en')).toBe(
      '/studio/play?game=SLOT-1&Token=[redacted]&lang=en',
    );
    expect(redactUrl('/x?TOKEN=a&token=b&%74oken=c#frag')).toBe(
      '/x?TOKEN=[redacted]&token=[redacted]&%74oken=[redacted]#frag',
    );
    expect(redactUrl('/x?tokens=keep&tokenizer=keep&game=SLOT')).toBe('/x?tokens=keep&tokenizer=keep&game=SLOT');
    // A provider's secret in its protocol's query string (Evolution's wallet calls), and the like.
    expect(redactUrl('/providers/evolution/EVO/check?authToken=s3cr3t')).toBe(
      '/providers/evolution/EVO/check?authToken=[redacted]',
    );
    expect(redactUrl('/x?api_token=a&client-secret=b&Password=c&sig=keep&signature=d')).toBe(
      '/x?api_token=[redacted]&client-secret=[redacted]&Password=[redacted]&sig=keep&signature=[redacted]',
    );
    expect(redactUrl('/x?token')).toBe('/x?token=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?%E0%A4%A=1&token=s')).toBe('/x?%E0%A4%A=1&token=[redacted]');
  });
});

describe('traceIdOf', () => {
  it('takes the trace id of a valid traceparent and refuses the rest', () => {
    const id = '4bf92f3577b34da6a3ce929d0e0e4736';
    expect(traceIdOf(`00-${id}-00f067aa0ba902b7-01`)).toBe(id);
    // A later version may add fields; version 00 may not.
    expect(traceIdOf(`01-${id}-00f067aa0ba902b7-01-more`)).toBe(id);
    expect(traceIdOf(`00-${id}-00f067aa0ba902b7-01-more`)).toBeUndefined();
    expect(traceIdOf(`ff-${id}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(traceIdOf(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(traceIdOf(`00-${id}-${'0'.repeat(16)}-01`)).toBeUndefined();
    expect(traceIdOf(`00-${id.toUpperCase()}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(traceIdOf('garbage')).toBeUndefined();
    expect(traceIdOf(undefined)).toBeUndefined();
  });
});

describe("a request's trace id", () => {
  it("loads none of OpenTelemetry's SDK when no OTLP endpoint is set", () => {
    // http/tracing.test.ts sees the same count above zero with an endpoint.
    expect(server.openTelemetryModules).toBe(0);
  });

  const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
  const linesOf = (traceId: string) => server.logLines().filter((l) => l.traceId === traceId);

  it("is the traceparent's, in the error answer and in each of the request's log lines", async () => {
    const res = await fetch(`${server.url}/wps/session/login`, {
      method: 'POST',
      headers: { traceparent: `00-${TRACE_ID}-b7ad6b7169203331-01`, 'content-type': 'application/json' },
      body: '{"value": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', traceId: TRACE_ID });
    await server.waitFor(TRACE_ID);
    const logged = linesOf(TRACE_ID);
    expect(logged.map((l) => l.msg)).toContain('request completed');
    // Every line is JSON with a level, the access log's line at info for a refused request.
    expect(logged.every((l) => typeof l.level === 'number' && (l.level as number) >= 10)).toBe(true);
  });

  it('is a new one for a request without a valid traceparent, different for each', async () => {
    const answers: string[] = [];
    const headerSets: Record<string, string>[] = [
      {},
      { traceparent: `00-${'0'.repeat(32)}-b7ad6b7169203331-01` },
      { traceparent: 'nonsense' },
    ];
    for (const headers of headerSets) {
      const res = await call('GET', '/no/such/page', { headers });
      expect(res.status).toBe(404);
      const traceId = res.body.traceId as string;
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(traceId).not.toBe('0'.repeat(32));
      await server.waitFor(traceId);
      expect(linesOf(traceId).map((l) => l.msg)).toContain('request completed');
      answers.push(traceId);
    }
    expect(new Set(answers).size).toBe(3);
  });
});

describe('the log of a load', () => {
  it('holds no session token from a query string', async () => {
    const secrets = ['wsSecretToken123', 'studioSecretToken456', 'upperSecretToken789'];
    await call('GET', `/ws?token=${secrets[0]}`);
    await call('GET', `/studio/play?gameCode=SLOT-1&token=${secrets[1]}`);
    await call('GET', `/wps/member/info?TOKEN=${secrets[2]}`);
    const log = await server.waitFor('/wps/member/info?TOKEN=[redacted]');
    // The requests were logged, with their paths.
    expect(log).toContain('/ws?token=[redacted]');
    expect(log).toContain('/studio/play?gameCode=SLOT-1&token=[redacted]');
    expect(log).toContain('/wps/member/info?TOKEN=[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('holds none of the passwords, tokens, card or account numbers of a registration, sign-ins, a deposit and bets', async () => {
    const suffix = randomBytes(3).toString('hex');
    const username = `log${suffix}`;
    const password = `Pw${suffix}77`;
    const wrongPassword = `Wrong${suffix}1`;
    // A card number (Luhn-valid) a member typed where a name belongs, and an account number to bind.
    const card = '4539578763621486';
    const accountNumber = `0045${String(Date.now()).slice(-8)}`;
    const sent: string[] = [password, wrongPassword, card, accountNumber, 'Demo@1234'];

    const registered = await encrypted('PUT', '/wps/member/register', {
      username,
      password,
      confirmPassword: password,
      ageConfirmed: true,
      termsAccepted: true,
      privacyAccepted: true,
      login: true,
      registerMethod: 'WEB',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    const signedIn = await encrypted('POST', '/wps/session/login', { username, password });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = signedIn.body.value?.token as string;
    sent.push(token);
    const refused = await encrypted('POST', '/wps/session/login', { username, password: wrongPassword });
    expect(refused.status).toBe(401);
    // Support finds the refused sign-in's line by the trace id of its answer.
    await server.waitFor(`"traceId":"${refused.body.traceId}"`);

    // Binding an account number, twice (the second is refused as a duplicate).
    const account = { bankName: 'BDO Unibank', accountName: 'Log Test', accountNumber };
    const bound = await call('POST', '/wps/cashier/bankAccounts', { token, body: account });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const again = await call('POST', '/wps/cashier/bankAccounts', { token, body: account });
    expect([again.status, again.body.code]).toEqual([409, 'CASHIER_BANK_ACCOUNT_DUPLICATE']);
    const methods = await call('GET', '/wps/cashier/paymentMethods', { token });
    expect(methods.status).toBe(200);
    const method = ((methods.body.value?.deposit ?? []) as { code: string; kind: string; min: number }[]).find(
      (m) => m.kind === 'bank_transfer',
    );
    expect(method).toBeDefined();
    const deposit = await call('POST', '/wps/cashier/deposit', {
      token,
      body: {
        methodCode: method?.code,
        amount: Math.max(method?.min ?? 0, 500),
        requestId: `dep${suffix}${randomBytes(4).toString('hex')}`,
        depositorName: `Juan ${card}`,
      },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);

    // A bet: the demo member launches a game of the house studio, whose vendor then calls the
    // signed wallet API with the game session's token.
    const demo = await encrypted('POST', '/wps/session/login', { username: 'demo01', password: 'Demo@1234' });
    expect(demo.status, JSON.stringify(demo.body)).toBe(200);
    const demoToken = demo.body.value?.token as string;
    sent.push(demoToken);
    const launched = await call('POST', '/wps/game/launchGame', {
      token: demoToken,
      body: { nodeId: setup.nodeId, language: 'en', backUrl: '/games' },
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const game = launched.body.value as { url: string; gameCode: string; currency?: string };
    const gameToken = new URL(game.url, server.url).searchParams.get('token') as string;
    expect(gameToken).toBeTruthy();
    sent.push(gameToken);
    const secret = deriveVendorSecret(testConfig().studioSecret, setup.vendor);
    sent.push(secret);
    const wallet = async (name: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ vendor: setup.vendor, requestId: `r-${randomBytes(6).toString('hex')}`, ...body });
      const res = await fetch(`${server.url}/vendor/wallet/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signVendorBody(secret, raw) },
        body: raw,
      });
      sent.push(signVendorBody(secret, raw));
      return { status: res.status, body: (await res.json()) as { status: string; player?: string } };
    };
    const balance = await wallet('balance', { token: gameToken });
    expect(balance.body.status).toBe('OK');
    const bet = await wallet('bet', {
      token: gameToken,
      player: balance.body.player,
      gameCode: game.gameCode,
      roundId: `round-${suffix}`,
      transactionId: `bet-${suffix}`,
      amount: 100,
      currency: game.currency ?? 'PHP',
    });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);

    const log = await server.waitFor('"url":"/vendor/wallet/bet"');
    // The load was logged, request by request.
    for (const path of ['/wps/member/register', '/wps/session/login', '/wps/cashier/deposit', '/vendor/wallet/bet'])
      expect(log).toContain(`"url":"${path}"`);
    for (const value of sent) expect(log, `the log holds ${value}`).not.toContain(value);
    // Nor any card-like number of the requests: 13 to 19 digits passing the Luhn check.
    const cardLike = (JSON.stringify(sent).match(/\d{13,19}/g) ?? []).filter(luhn);
    expect(cardLike).toContain(card);
    for (const number of cardLike) expect(log).not.toContain(number);
  });
});
