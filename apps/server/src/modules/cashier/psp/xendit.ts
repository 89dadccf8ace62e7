import { eventCounter } from '../../../event-metrics';
import { sameSecret } from '../../../http/constant-time';
import {
  type ChargeRequest,
  fromDecimal,
  type PaymentProvider,
  type PaymentState,
  type PayoutState,
  type PspConnection,
  PspError,
  toDecimal,
  type WebhookRequest,
} from './provider';

// Xendit (xendit.co), written from its published API reference: e-wallet charges
// (POST /ewallets/charges, GET /ewallets/charges/:id), payouts (POST /v2/payouts with an
// Idempotency-key, GET /v2/payouts/:id), the balance, and webhooks that carry the account's
// verification token in x-callback-token and a webhook-id per event. Keys: HTTP Basic with the secret
// key as the user name; test keys start xnd_development_, live ones xnd_production_. Amounts are
// decimal pesos.

const CALL_TIMEOUT_MS = 10_000;
/** Xendit's API, unless the brand points the connection elsewhere. */
export const XENDIT_API = 'https://api.xendit.co';

const calls = eventCounter({
  name: 'gamehall_psp_calls_total',
  help: "Calls to payment providers' APIs, by provider, call and outcome (ok, refused, unavailable)",
  labelNames: ['provider', 'call', 'outcome'],
});

type Json = Record<string, unknown>;

async function request(
  conn: PspConnection,
  call: string,
  method: 'GET' | 'POST',
  path: string,
  init?: {
    body?: Json;
    idempotencyKey?: string;
  },
): Promise<Json> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${conn.secretKey}:`).toString('base64')}`,
    accept: 'application/json',
  };
  if (init?.body) headers['content-type'] = 'application/json';
  if (init?.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`${conn.baseUrl}${path}`, {
      method,
      headers,
      ...(init?.body ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (err) {
    calls.inc({ provider: 'xendit', call, outcome: 'unavailable' });
    throw new PspError(`Xendit could not be reached: ${(err as Error).message}`, 'unavailable');
  }
  let body: Json = {};
  try {
    body = (await res.json()) as Json;
  } catch {
    // A body that is not JSON is judged by its status alone.
  }
  if (res.ok) {
    calls.inc({ provider: 'xendit', call, outcome: 'ok' });
    return body;
  }
  const code = typeof body.error_code === 'string' ? body.error_code : null;
  const message = typeof body.message === 'string' ? body.message : `HTTP ${res.status}`;
  // A 5xx or a rate limit may pass; a conflict on the idempotency key means the first request may
  // have been done; any other 4xx refuses the request itself.
  const kind = res.status >= 500 || res.status === 429 ? 'unavailable' : res.status === 409 ? 'unclear' : 'refused';
  calls.inc({ provider: 'xendit', call, outcome: kind === 'refused' ? 'refused' : 'unavailable' });
  throw new PspError(`Xendit ${code ?? res.status}: ${message}`, kind, code);
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 ? v : null;
}

function chargeState(data: Json): PaymentState {
  const id = text(data.id);
  const reference = text(data.reference_id);
  const amount = fromDecimal(data.charge_amount);
  if (!id || !reference || amount === null)
    throw new PspError('Xendit answered a charge without its fields', 'unclear');
  const status = data.status === 'SUCCEEDED' ? 'paid' : data.status === 'PENDING' ? 'pending' : 'failed';
  return {
    paymentId: id,
    reference,
    status,
    amount,
    currency: text(data.currency) ?? '',
    failure: status === 'failed' ? (text(data.failure_code) ?? String(data.status)) : null,
  };
}

function payoutState(data: Json): PayoutState {
  const id = text(data.id);
  const reference = text(data.reference_id);
  const amount = fromDecimal(data.amount);
  if (!id || !reference || amount === null)
    throw new PspError('Xendit answered a payout without its fields', 'unclear');
  // REVERSED: the channel sent the money back after it had succeeded; the member has not been paid.
  const status =
    data.status === 'SUCCEEDED'
      ? 'paid'
      : data.status === 'FAILED' || data.status === 'CANCELLED' || data.status === 'REVERSED'
        ? 'failed'
        : 'pending';
  return {
    payoutId: id,
    reference,
    status,
    amount,
    failure: status === 'failed' ? (text(data.failure_code) ?? String(data.status)) : null,
  };
}

function header(req: WebhookRequest, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? null) : null;
}

// The wallets and banks a payout goes to by the name a member gives their account (what Xendit's
// channel list calls them); any other name waits for the operator to choose the channel.
const PAYOUT_CHANNELS: readonly [RegExp, string][] = [
  [/^g-?cash$/i, 'PH_GCASH'],
  [/^(pay)?maya$/i, 'PH_PAYMAYA'],
  [/^grab ?pay$/i, 'PH_GRABPAY'],
  [/^bdo( unibank)?$/i, 'PH_BDO'],
  [/^bpi$|^bank of the philippine islands$/i, 'PH_BPI'],
  [/^metrobank$/i, 'PH_MET'],
  [/^union ?bank$/i, 'PH_UBP'],
  [/^land ?bank$/i, 'PH_LBP'],
  [/^rcbc$/i, 'PH_RCBC'],
  [/^security ?bank$/i, 'PH_SEC'],
  [/^pnb$|^philippine national bank$/i, 'PH_PNB'],
  [/^china ?bank$/i, 'PH_CBC'],
];

export const xendit: PaymentProvider = {
  code: 'xendit',
  name: 'Xendit',

  keyMatchesMode(secretKey, mode) {
    return secretKey.startsWith(mode === 'live' ? 'xnd_production_' : 'xnd_development_');
  },

  async createCharge(conn, req: ChargeRequest) {
    const data = await request(conn, 'charge', 'POST', '/ewallets/charges', {
      idempotencyKey: `deposit:${req.reference}`,
      body: {
        reference_id: req.reference,
        currency: req.currency,
        amount: toDecimal(req.amount),
        checkout_method: 'ONE_TIME_PAYMENT',
        channel_code: req.channel,
        channel_properties: {
          success_redirect_url: req.returnUrl.success,
          failure_redirect_url: req.returnUrl.failure,
          cancel_redirect_url: req.returnUrl.cancel,
        },
      },
    });
    const actions = (data.actions ?? {}) as Json;
    const id = text(data.id);
    const payUrl = text(actions.desktop_web_checkout_url) ?? text(actions.mobile_web_checkout_url);
    if (!id || !payUrl) throw new PspError('Xendit answered a charge without its checkout page', 'unclear');
    return { paymentId: id, payUrl, deepLink: text(actions.mobile_deeplink_checkout_url) };
  },

  async queryPayment(conn, paymentId) {
    return chargeState(await request(conn, 'charge.get', 'GET', `/ewallets/charges/${encodeURIComponent(paymentId)}`));
  },

  verifyWebhook(conns, req) {
    const token = header(req, 'x-callback-token');
    if (!token) return null;
    return conns.find((c) => sameSecret(c.webhookToken, token)) ?? null;
  },

  parseWebhook(req) {
    let body: Json;
    try {
      body = JSON.parse(req.rawBody.toString('utf8')) as Json;
    } catch {
      return null;
    }
    if (typeof body !== 'object' || body === null) return null;
    const event = text(body.event);
    const data = body.data;
    // Xendit names every event by webhook-id; an older sender without it is named by its content.
    const eventId =
      header(req, 'webhook-id') ??
      (event && typeof data === 'object' && data
        ? `${event}:${String((data as Json).id)}:${String((data as Json).status)}`
        : null);
    if (!event || !eventId || typeof data !== 'object' || data === null) return null;
    try {
      if (event === 'ewallet.capture') return { eventId, kind: 'payment', payment: chargeState(data as Json) };
      if (event.startsWith('payout.')) return { eventId, kind: 'payout', payout: payoutState(data as Json) };
    } catch {
      return null;
    }
    return { eventId, kind: 'other', event };
  },

  payouts: {
    channelFor(bankName) {
      const name = bankName.trim();
      return PAYOUT_CHANNELS.find(([pattern]) => pattern.test(name))?.[1] ?? null;
    },
    async create(conn, req) {
      return payoutState(
        await request(conn, 'payout', 'POST', '/v2/payouts', {
          idempotencyKey: req.idempotencyKey,
          body: {
            reference_id: req.reference,
            channel_code: req.channel,
            channel_properties: { account_number: req.accountNumber, account_holder_name: req.accountName },
            amount: toDecimal(req.amount),
            currency: req.currency,
            description: req.description,
          },
        }),
      );
    },
    async query(conn, payoutId) {
      return payoutState(await request(conn, 'payout.get', 'GET', `/v2/payouts/${encodeURIComponent(payoutId)}`));
    },
  },

  async testConnection(conn) {
    await request(conn, 'balance', 'GET', '/balance?account_type=CASH');
  },
};
