import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A local Xendit for the tests, speaking its published wire format over HTTP both ways: the e-wallet
// charges API (GCash, Maya, GrabPay, ShopeePay) with a checkout page the payer clicks, the v2 payouts
// API, the balance call an operator's key check uses, and the webhooks Xendit sends the merchant when
// a charge or payout settles, with the delivery faults a real receiver sees (duplicates, late and
// out-of-order events, retries after a failed answer). It keeps every request and delivery for the
// tests to read. Test code only: production code never imports it.

export type SimMode = 'test' | 'live';
export type SimKey = { secretKey: string; callbackToken: string; mode: SimMode };

export type XenditCharge = {
  id: string;
  business_id: string;
  reference_id: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  currency: 'PHP';
  charge_amount: number;
  capture_amount: number | null;
  refunded_amount: number | null;
  checkout_method: 'ONE_TIME_PAYMENT';
  channel_code: string;
  channel_properties: Record<string, unknown>;
  actions: {
    desktop_web_checkout_url: string;
    mobile_web_checkout_url: string;
    mobile_deeplink_checkout_url: null;
    qr_checkout_string: null;
  };
  is_redirect_required: boolean;
  callback_url: string | null;
  created: string;
  updated: string;
  void_status: null;
  voided_at: null;
  capture_now: boolean;
  customer_id: null;
  payment_method_id: null;
  failure_code: string | null;
  basket: null;
  metadata: Record<string, unknown> | null;
};

export type XenditPayout = {
  id: string;
  amount: number;
  channel_code: string;
  currency: 'PHP';
  description: string | null;
  reference_id: string;
  status: 'ACCEPTED' | 'SUCCEEDED' | 'FAILED';
  created: string;
  updated: string;
  estimated_arrival_time: string;
  business_id: string;
  channel_properties: Record<string, unknown>;
  failure_code: string | null;
};

export type XenditWebhook = {
  event: 'ewallet.capture' | 'payout.succeeded' | 'payout.failed';
  business_id: string;
  created: string;
  data: XenditCharge | XenditPayout;
};

export type Delivery = { webhookId: string; event: string; url: string; status: number | 'error'; at: string };
export type LoggedRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number | 'hang' | 'reset';
};

/**
 * How the next matching request fails: an HTTP status with a Xendit-shaped error (the request is not
 * carried out), or 'hang' / 'reset', where the request IS carried out and only its answer is lost
 * (never sent, or the socket destroyed): the case a client's Idempotency-key retry exists for.
 */
export type Failure = { status: number; errorCode?: string } | 'hang' | 'reset';

export type SimulatorOptions = {
  keys: SimKey[];
  /** Where webhooks go, per mode (the operator sets this in Xendit's dashboard). */
  webhookUrl?: Partial<Record<SimMode, string>>;
  /** Retry delays after a failed delivery (non-2xx or network error), ms; default [200, 400, 800]. */
  retryDelaysMs?: number[];
  /** Settle every payout this many ms after it is created (browser tests); default: never by itself. */
  autoSettlePayouts?: { after: number; outcome: 'succeed' | 'fail' };
};

/** Xendit gives up on a receiver that has not answered within this long, and retries. */
const WEBHOOK_TIMEOUT_MS = 5_000;

const CHANNELS: Record<string, string> = {
  PH_GCASH: 'GCash',
  PH_PAYMAYA: 'Maya',
  PH_GRABPAY: 'GrabPay',
  PH_SHOPEEPAY: 'ShopeePay',
};
const CHARGE_MIN = 1;
const CHARGE_MAX = 100_000;
const PAYOUT_CHANNEL = /^PH_[A-Z0-9_]+$/;

/** The error code a forced failure answers with, by status, as Xendit names them. */
const ERROR_CODES: Record<number, string> = {
  400: 'API_VALIDATION_ERROR',
  401: 'INVALID_API_KEY',
  403: 'REQUEST_FORBIDDEN_ERROR',
  404: 'DATA_NOT_FOUND',
  409: 'DUPLICATE_ERROR',
  429: 'RATE_LIMIT_EXCEEDED',
  503: 'CHANNEL_UNAVAILABLE',
};

type Answer =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'html'; status: number; body: string }
  | { kind: 'redirect'; location: string };

type Owned = { key: SimKey };
type PendingEvent = { webhookId: string; key: SimKey; body: XenditWebhook };
type FailRule = { method: string; path: string | RegExp; how: Failure };

class Invalid extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function json(status: number, body: unknown): Answer {
  return { kind: 'json', status, body };
}

function error(status: number, code: string, message: string): Answer {
  return json(status, { error_code: code, message });
}

function html(status: number, title: string, content: string): Answer {
  return {
    kind: 'html',
    status,
    body: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${content}</body></html>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function now(): string {
  return new Date().toISOString();
}

/** The same JSON value whatever the order of its object keys: what "the same body" compares. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(body: Record<string, unknown>, field: string, max: number, where = field): string {
  const value = body[field];
  if (typeof value !== 'string' || value.length < 1 || value.length > max)
    throw new Invalid('API_VALIDATION_ERROR', `${where} must be a string of 1 to ${max} characters`);
  return value;
}

function money(value: unknown): number {
  const cents = typeof value === 'number' ? value * 100 : Number.NaN;
  if (!Number.isFinite(cents) || cents <= 0 || Math.abs(cents - Math.round(cents)) > 1e-6)
    throw new Invalid('API_VALIDATION_ERROR', 'amount must be a number above 0 with at most 2 decimals');
  return value as number;
}

function webUrl(value: unknown, field: string, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value === 'string' && /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value)) return value;
  throw new Invalid('API_VALIDATION_ERROR', `channel_properties.${field} must be an http or https URL`);
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

export class XenditSimulator {
  /** Mutable: deliver each event twice with the same webhook-id; queue events until flush(); never send. */
  readonly webhooks = { duplicate: false, hold: false, drop: false };
  /** Every webhook delivery attempt, retries and duplicates included, in the order they finished. */
  readonly deliveries: Delivery[] = [];
  /** Every request the API and checkout pages received, with what it was answered. */
  readonly requests: LoggedRequest[] = [];

  readonly #charges = new Map<string, XenditCharge>();
  readonly #payouts = new Map<string, XenditPayout>();
  readonly #owners = new Map<string, Owned>();
  /** Idempotency-key -> the body's canonical form and the object it made, per mode and endpoint. */
  readonly #idempotency = new Map<string, { body: string; id: string }>();
  readonly #businessIds: Record<SimMode, string> = {
    test: randomBytes(12).toString('hex'),
    live: randomBytes(12).toString('hex'),
  };
  readonly #webhookUrls: Partial<Record<SimMode, string>>;
  readonly #retryDelays: number[];
  readonly #held: PendingEvent[] = [];
  readonly #failures: FailRule[] = [];
  readonly #waiters: { n: number; resolve: () => void }[] = [];
  readonly #timers = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #shutdown = new AbortController();
  #url = '';

  private constructor(
    readonly options: SimulatorOptions,
    private readonly server: Server,
  ) {
    this.#webhookUrls = { ...options.webhookUrl };
    this.#retryDelays = options.retryDelaysMs ?? [200, 400, 800];
  }

  static async start(options: SimulatorOptions): Promise<XenditSimulator> {
    const secrets = new Set(options.keys.map((k) => k.secretKey));
    if (secrets.size !== options.keys.length) throw new Error('every simulated key needs its own secretKey');
    const server = createServer();
    const simulator = new XenditSimulator(options, server);
    server.on('request', (request, response) => {
      simulator.#handle(request, response).catch((e: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error_code: 'SERVER_ERROR', message: String(e) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the simulator has no port');
    simulator.#url = `http://127.0.0.1:${address.port}`;
    return simulator;
  }

  /** The API's base address, with no trailing slash. */
  get url(): string {
    return this.#url;
  }

  get charges(): ReadonlyMap<string, XenditCharge> {
    return this.#charges;
  }

  get payouts(): ReadonlyMap<string, XenditPayout> {
    return this.#payouts;
  }

  /** Where the mode's webhooks go from now on (held events and retries read it when they are sent). */
  setWebhookUrl(mode: SimMode, url: string | null): void {
    if (url === null) delete this.#webhookUrls[mode];
    else this.#webhookUrls[mode] = url;
  }

  /** The payer approves the charge in the e-wallet: SUCCEEDED, captured in full, and its webhook. */
  pay(chargeId: string): XenditCharge {
    const charge = this.#pendingCharge(chargeId);
    charge.status = 'SUCCEEDED';
    charge.capture_amount = charge.charge_amount;
    charge.updated = now();
    this.#emit(chargeId, 'ewallet.capture', charge);
    return charge;
  }

  /** The payer declines the charge in the e-wallet: FAILED, and its webhook. */
  decline(chargeId: string): XenditCharge {
    const charge = this.#pendingCharge(chargeId);
    charge.status = 'FAILED';
    charge.failure_code = 'USER_DECLINED_PAYMENT';
    charge.updated = now();
    this.#emit(chargeId, 'ewallet.capture', charge);
    return charge;
  }

  succeedPayout(id: string): XenditPayout {
    const payout = this.#acceptedPayout(id);
    payout.status = 'SUCCEEDED';
    payout.updated = now();
    this.#emit(id, 'payout.succeeded', payout);
    return payout;
  }

  failPayout(id: string, code = 'INVALID_DESTINATION'): XenditPayout {
    const payout = this.#acceptedPayout(id);
    payout.status = 'FAILED';
    payout.failure_code = code;
    payout.updated = now();
    this.#emit(id, 'payout.failed', payout);
    return payout;
  }

  /**
   * Sends the held events one after another (each with its retries and duplicate before the next),
   * in the order they happened or reversed; resolves when all are done.
   */
  async flush(opts: { reverse?: boolean } = {}): Promise<void> {
    const held = this.#held.splice(0);
    if (opts.reverse) held.reverse();
    const run = (async () => {
      for (const event of held) await this.#send(event);
    })();
    await this.#track(run);
  }

  /** The next request with this method and path (exact pathname, or a pattern) fails as `how` says. */
  failNext(method: string, path: string | RegExp, how: Failure): void {
    this.#failures.push({ method: method.toUpperCase(), path, how });
  }

  /**
   * Resolves once `n` delivery attempts in all have finished; rejects after `timeoutMs` with what the
   * simulator saw, so a webhook that never comes fails its test in words instead of holding the run.
   */
  whenDelivered(n: number, timeoutMs = 30_000): Promise<void> {
    if (this.deliveries.length >= n) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = {
        n,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = this.#waiters.indexOf(waiter);
        if (at >= 0) this.#waiters.splice(at, 1);
        const seen = this.requests.map((r) => `${r.method} ${r.path} ${r.status}`).join('; ');
        const sent = this.deliveries.map((d) => `${d.event} ${d.status}`).join('; ');
        reject(
          new Error(
            `${this.deliveries.length} of ${n} webhook deliveries in ${timeoutMs} ms (sent: ${sent || 'none'}; requests: ${seen || 'none'})`,
          ),
        );
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }

  /** Stops the server (hung requests included), cancels retries and auto settling, ends deliveries. */
  async close(): Promise<void> {
    this.#shutdown.abort();
    for (const entry of this.#timers) {
      clearTimeout(entry.timer);
      entry.done();
    }
    this.#timers.clear();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await Promise.allSettled([...this.#inFlight]);
    await closed;
  }

  #pendingCharge(id: string): XenditCharge {
    const charge = this.#charges.get(id);
    if (!charge) throw new Error(`no simulated charge ${id}`);
    if (charge.status !== 'PENDING') throw new Error(`charge ${id} is ${charge.status}, not PENDING`);
    return charge;
  }

  #acceptedPayout(id: string): XenditPayout {
    const payout = this.#payouts.get(id);
    if (!payout) throw new Error(`no simulated payout ${id}`);
    if (payout.status !== 'ACCEPTED') throw new Error(`payout ${id} is ${payout.status}, not ACCEPTED`);
    return payout;
  }

  // --- HTTP ---

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = (request.method ?? 'GET').toUpperCase();
    const url = new URL(request.url ?? '/', 'http://xendit.local');
    const idempotencyKey = header(request, 'idempotency-key');
    const log = (status: LoggedRequest['status']) =>
      this.requests.push({ method, path: url.pathname, idempotencyKey, status });

    const failure = this.#takeFailure(method, url.pathname);
    if (failure !== null && typeof failure === 'object') {
      log(failure.status);
      const code =
        failure.errorCode ??
        ERROR_CODES[failure.status] ??
        (failure.status >= 500 ? 'SERVER_ERROR' : 'API_VALIDATION_ERROR');
      return this.#write(response, error(failure.status, code, `simulated failure (${failure.status})`));
    }
    const answer = this.#route(method, url, request, raw);
    if (failure === 'hang') {
      log('hang');
      return;
    }
    if (failure === 'reset') {
      log('reset');
      request.socket.destroy();
      return;
    }
    log(answer.kind === 'redirect' ? 303 : answer.status);
    this.#write(response, answer);
  }

  #write(response: ServerResponse, answer: Answer): void {
    if (answer.kind === 'redirect') {
      response.writeHead(303, { location: answer.location });
      response.end();
    } else if (answer.kind === 'html') {
      response.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(answer.body);
    } else {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    }
  }

  #takeFailure(method: string, path: string): Failure | null {
    const i = this.#failures.findIndex(
      (rule) => rule.method === method && (typeof rule.path === 'string' ? rule.path === path : rule.path.test(path)),
    );
    if (i < 0) return null;
    return this.#failures.splice(i, 1)[0]!.how;
  }

  #route(method: string, url: URL, request: IncomingMessage, raw: string): Answer {
    const path = url.pathname;
    const checkout = /^\/checkouts\/([^/]+)$/.exec(path);
    if (checkout && method === 'GET') return this.#checkoutPage(decodeURIComponent(checkout[1]!));
    if (checkout && method === 'POST') return this.#checkoutAction(decodeURIComponent(checkout[1]!), raw);

    const charge = /^\/ewallets\/charges\/([^/]+)$/.exec(path);
    const payout = /^\/v2\/payouts\/([^/]+)$/.exec(path);
    const known =
      (method === 'POST' && (path === '/ewallets/charges' || path === '/v2/payouts')) ||
      (method === 'GET' && (charge !== null || payout !== null || path === '/balance'));
    if (!known) return error(404, 'NOT_FOUND', `no route ${method} ${path}`);

    const key = this.#authenticate(request);
    if (!key) return error(401, 'INVALID_API_KEY', 'API key is not authorized for this API service');
    try {
      if (path === '/balance') return json(200, { balance: 1_000_000 });
      if (charge) return this.#read(this.#charges, decodeURIComponent(charge[1]!), key);
      if (payout) return this.#read(this.#payouts, decodeURIComponent(payout[1]!), key);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw new Invalid('API_VALIDATION_ERROR', 'the request body must be JSON');
      }
      if (!isObject(body)) throw new Invalid('API_VALIDATION_ERROR', 'the request body must be a JSON object');
      const idempotencyKey = header(request, 'idempotency-key');
      return path === '/ewallets/charges'
        ? this.#createCharge(key, body, idempotencyKey)
        : this.#createPayout(key, body, idempotencyKey);
    } catch (e) {
      if (e instanceof Invalid)
        return error(e.code === 'IDEMPOTENCY_ERROR' || e.code === 'DUPLICATE_ERROR' ? 409 : 400, e.code, e.message);
      throw e;
    }
  }

  /** HTTP Basic with the secret key as the user name and an empty password. */
  #authenticate(request: IncomingMessage): SimKey | null {
    const match = /^Basic\s+(\S+)$/i.exec(header(request, 'authorization') ?? '');
    if (!match) return null;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    if (!decoded.endsWith(':')) return null;
    const secretKey = decoded.slice(0, -1);
    return this.options.keys.find((k) => k.secretKey === secretKey) ?? null;
  }

  /** An object of another mode's key is as unknown as one that never was. */
  #read(objects: ReadonlyMap<string, XenditCharge | XenditPayout>, id: string, key: SimKey): Answer {
    const found = objects.get(id);
    if (!found || this.#owners.get(id)?.key.mode !== key.mode)
      return error(404, 'DATA_NOT_FOUND', `no object with id ${id}`);
    return json(200, found);
  }

  /** The object an earlier request with this key made, or null for a first use; throws for another body. */
  #replay(scope: string, key: SimKey, idempotencyKey: string | null, body: string, conflict: string): string | null {
    if (idempotencyKey === null) return null;
    const earlier = this.#idempotency.get(`${scope}:${key.mode}:${idempotencyKey}`);
    if (!earlier) return null;
    if (earlier.body !== body)
      throw new Invalid(conflict, `Idempotency-key ${idempotencyKey} was already used with another request body`);
    return earlier.id;
  }

  #remember(scope: string, key: SimKey, idempotencyKey: string | null, body: string, id: string): void {
    if (idempotencyKey !== null) this.#idempotency.set(`${scope}:${key.mode}:${idempotencyKey}`, { body, id });
  }

  #createCharge(key: SimKey, body: Record<string, unknown>, idempotencyKey: string | null): Answer {
    const referenceId = text(body, 'reference_id', 255);
    if (body.currency !== 'PHP') throw new Invalid('API_VALIDATION_ERROR', 'currency must be PHP');
    const amount = money(body.amount);
    if (body.checkout_method !== 'ONE_TIME_PAYMENT')
      throw new Invalid('API_VALIDATION_ERROR', 'checkout_method must be ONE_TIME_PAYMENT');
    const channel = typeof body.channel_code === 'string' ? body.channel_code : '';
    if (!(channel in CHANNELS))
      throw new Invalid('API_VALIDATION_ERROR', `channel_code must be one of ${Object.keys(CHANNELS).join(', ')}`);
    if (amount < CHARGE_MIN || amount > CHARGE_MAX)
      throw new Invalid('API_VALIDATION_ERROR', `amount must be ${CHARGE_MIN} to ${CHARGE_MAX} for ${channel}`);
    const properties = body.channel_properties;
    if (!isObject(properties))
      throw new Invalid('API_VALIDATION_ERROR', 'channel_properties.success_redirect_url is required');
    webUrl(properties.success_redirect_url, 'success_redirect_url', true);
    webUrl(properties.failure_redirect_url, 'failure_redirect_url', false);
    webUrl(properties.cancel_redirect_url, 'cancel_redirect_url', false);
    if (body.metadata !== undefined && body.metadata !== null && !isObject(body.metadata))
      throw new Invalid('API_VALIDATION_ERROR', 'metadata must be an object');

    const canonicalBody = canonical(body);
    const earlier = this.#replay('charge', key, idempotencyKey, canonicalBody, 'IDEMPOTENCY_ERROR');
    if (earlier !== null) return json(202, this.#charges.get(earlier));

    const id = `ewc_${randomUUID()}`;
    const checkoutUrl = `${this.#url}/checkouts/${id}`;
    const at = now();
    const charge: XenditCharge = {
      id,
      business_id: this.#businessIds[key.mode],
      reference_id: referenceId,
      status: 'PENDING',
      currency: 'PHP',
      charge_amount: amount,
      capture_amount: null,
      refunded_amount: null,
      checkout_method: 'ONE_TIME_PAYMENT',
      channel_code: channel,
      channel_properties: { ...properties },
      actions: {
        desktop_web_checkout_url: checkoutUrl,
        mobile_web_checkout_url: checkoutUrl,
        mobile_deeplink_checkout_url: null,
        qr_checkout_string: null,
      },
      is_redirect_required: true,
      callback_url: this.#webhookUrls[key.mode] ?? null,
      created: at,
      updated: at,
      void_status: null,
      voided_at: null,
      capture_now: true,
      customer_id: null,
      payment_method_id: null,
      failure_code: null,
      basket: null,
      metadata: isObject(body.metadata) ? { ...body.metadata } : null,
    };
    this.#charges.set(id, charge);
    this.#owners.set(id, { key });
    this.#remember('charge', key, idempotencyKey, canonicalBody, id);
    return json(202, charge);
  }

  #createPayout(key: SimKey, body: Record<string, unknown>, idempotencyKey: string | null): Answer {
    if (idempotencyKey === null || idempotencyKey.length < 1 || idempotencyKey.length > 100)
      throw new Invalid('API_VALIDATION_ERROR', 'the Idempotency-key header is required (1 to 100 characters)');
    const referenceId = text(body, 'reference_id', 255);
    const channel = body.channel_code;
    if (typeof channel !== 'string' || !PAYOUT_CHANNEL.test(channel))
      throw new Invalid('CHANNEL_CODE_NOT_SUPPORTED', `channel_code ${String(channel)} is not supported`);
    const properties = body.channel_properties;
    if (!isObject(properties))
      throw new Invalid('API_VALIDATION_ERROR', 'channel_properties.account_number is required');
    text(properties, 'account_number', 100, 'channel_properties.account_number');
    text(properties, 'account_holder_name', 100, 'channel_properties.account_holder_name');
    const amount = money(body.amount);
    if (body.currency !== 'PHP') throw new Invalid('API_VALIDATION_ERROR', 'currency must be PHP');
    if (body.description !== undefined && typeof body.description !== 'string')
      throw new Invalid('API_VALIDATION_ERROR', 'description must be a string');

    const canonicalBody = canonical(body);
    const earlier = this.#replay('payout', key, idempotencyKey, canonicalBody, 'DUPLICATE_ERROR');
    if (earlier !== null) return json(200, this.#payouts.get(earlier));

    const id = `disb-${randomBytes(12).toString('hex')}`;
    const created = new Date();
    const payout: XenditPayout = {
      id,
      amount,
      channel_code: channel,
      currency: 'PHP',
      description: typeof body.description === 'string' ? body.description : null,
      reference_id: referenceId,
      status: 'ACCEPTED',
      created: created.toISOString(),
      updated: created.toISOString(),
      estimated_arrival_time: new Date(created.getTime() + 3_600_000).toISOString(),
      business_id: this.#businessIds[key.mode],
      channel_properties: { ...properties },
      failure_code: null,
    };
    this.#payouts.set(id, payout);
    this.#owners.set(id, { key });
    this.#remember('payout', key, idempotencyKey, canonicalBody, id);
    const auto = this.options.autoSettlePayouts;
    if (auto) {
      void this.#sleep(auto.after).then(() => {
        if (this.#shutdown.signal.aborted || this.#payouts.get(id)?.status !== 'ACCEPTED') return;
        if (auto.outcome === 'succeed') this.succeedPayout(id);
        else this.failPayout(id);
      });
    }
    return json(200, payout);
  }

  // --- The checkout page ---

  #checkoutPage(id: string): Answer {
    const charge = this.#charges.get(id);
    if (!charge) return html(404, 'Xendit test checkout', '<h1>Not found</h1><p>There is no such payment.</p>');
    if (charge.status !== 'PENDING') return this.#settledPage(charge, 200);
    const channel = CHANNELS[charge.channel_code] ?? charge.channel_code;
    return html(
      200,
      'Xendit test checkout',
      `<h1>${escapeHtml(channel)}</h1>` +
        `<p>Amount: <strong>PHP ${charge.charge_amount.toFixed(2)}</strong></p>` +
        `<p>Reference: ${escapeHtml(charge.reference_id)}</p>` +
        `<form method="post" action="/checkouts/${escapeHtml(id)}"><input type="hidden" name="action" value="pay"><button type="submit">Pay</button></form>` +
        `<form method="post" action="/checkouts/${escapeHtml(id)}"><input type="hidden" name="action" value="decline"><button type="submit">Decline</button></form>`,
    );
  }

  #checkoutAction(id: string, raw: string): Answer {
    const charge = this.#charges.get(id);
    if (!charge) return html(404, 'Xendit test checkout', '<h1>Not found</h1><p>There is no such payment.</p>');
    if (charge.status !== 'PENDING') return this.#settledPage(charge, 409);
    const action = new URLSearchParams(raw).get('action');
    const success = String(charge.channel_properties.success_redirect_url);
    if (action === 'pay') {
      this.pay(id);
      return { kind: 'redirect', location: success };
    }
    if (action === 'decline') {
      this.decline(id);
      const failure = charge.channel_properties.failure_redirect_url;
      return { kind: 'redirect', location: typeof failure === 'string' ? failure : success };
    }
    return html(400, 'Xendit test checkout', '<h1>Unknown action</h1>');
  }

  #settledPage(charge: XenditCharge, status: number): Answer {
    const back = String(charge.channel_properties.success_redirect_url);
    return html(
      status,
      'Xendit test checkout',
      `<h1>This payment is no longer pending</h1><p>Status: ${charge.status}</p>` +
        `<p><a href="${escapeHtml(back)}">Back to the merchant</a></p>`,
    );
  }

  // --- Webhooks ---

  /** A state change's webhook, as the data stood at that moment (a held event stays stale). */
  #emit(id: string, event: XenditWebhook['event'], data: XenditCharge | XenditPayout): void {
    const owner = this.#owners.get(id);
    if (!owner || this.webhooks.drop) return;
    const pending: PendingEvent = {
      webhookId: randomUUID(),
      key: owner.key,
      body: { event, business_id: data.business_id, created: now(), data: structuredClone(data) },
    };
    if (this.webhooks.hold) this.#held.push(pending);
    else void this.#track(this.#send(pending));
  }

  /** The duplicate goes after the first delivery has finished, retries and all. */
  async #send(event: PendingEvent): Promise<void> {
    const twice = this.webhooks.duplicate;
    await this.#deliver(event);
    if (twice) await this.#deliver(event);
  }

  async #deliver(event: PendingEvent): Promise<void> {
    for (let attempt = 0; !this.#shutdown.signal.aborted; attempt++) {
      const url = this.#webhookUrls[event.key.mode];
      // Xendit sends nothing for a mode whose webhook address the operator has not set.
      if (!url) return;
      if (await this.#attempt(event, url)) return;
      const delay = this.#retryDelays[attempt];
      if (delay === undefined) return;
      await this.#sleep(delay);
    }
  }

  async #attempt(event: PendingEvent, url: string): Promise<boolean> {
    let status: number | 'error';
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-callback-token': event.key.callbackToken,
          'webhook-id': event.webhookId,
        },
        body: JSON.stringify(event.body),
        redirect: 'manual',
        signal: AbortSignal.any([this.#shutdown.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 'error';
    }
    this.deliveries.push({ webhookId: event.webhookId, event: event.body.event, url, status, at: now() });
    for (const waiter of this.#waiters.splice(0)) {
      if (this.deliveries.length >= waiter.n) waiter.resolve();
      else this.#waiters.push(waiter);
    }
    return typeof status === 'number' && status >= 200 && status < 300;
  }

  /** A delay that close() cuts short, so that nothing of the simulator outlives it. */
  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.#timers.delete(entry);
          resolve();
        }, ms),
        done: resolve,
      };
      this.#timers.add(entry);
    });
  }

  #track(work: Promise<void>): Promise<void> {
    this.#inFlight.add(work);
    return work.finally(() => this.#inFlight.delete(work));
  }
}

export async function startXenditSimulator(opts: SimulatorOptions): Promise<XenditSimulator> {
  return XenditSimulator.start(opts);
}
