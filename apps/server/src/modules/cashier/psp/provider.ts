// The seam between the cashier and a payment service provider (docs/cashier.md "Payment providers").
// A plugin translates one provider's wire format: how a charge is created (a redirect, a QR code or
// an app link), how its webhooks are verified and read, how a payment's or a payout's state is asked
// for, and how a payout is sent. It never touches the database or the ledger: the cashier decides
// what a state means for an order, under the order's lock, and credits exactly once.

export type PspMode = 'test' | 'live';

/** What the operator connected for one mode: the provider's keys and where its API answers. */
export type PspConnection = {
  mode: PspMode;
  secretKey: string;
  webhookToken: string;
  /** The provider's API; a brand may point it at the provider's regional host or a local simulator. */
  baseUrl: string;
};

export type ChargeRequest = {
  reference: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** The provider's channel (an e-wallet), as the method names it. */
  channel: string;
  /** Where the provider sends the member back after paying, failing or cancelling. */
  returnUrl: { success: string; failure: string; cancel: string };
};

export type Charge = {
  paymentId: string;
  /** The page where the member pays (drawn as a QR code on a wide screen). */
  payUrl: string;
  /** Opens the wallet app on a phone; null where the provider gives none (the pay page serves). */
  deepLink: string | null;
};

/** A payment as the provider reports it, in minor units. */
export type PaymentState = {
  paymentId: string;
  reference: string;
  status: 'pending' | 'paid' | 'failed';
  amount: number;
  currency: string;
  failure: string | null;
};

export type PayoutRequest = {
  reference: string;
  /** The same key for every attempt of one payout: a retried request is not a second payout. */
  idempotencyKey: string;
  amount: number;
  currency: string;
  channel: string;
  accountNumber: string;
  accountName: string;
  description: string;
};

export type PayoutState = {
  payoutId: string;
  reference: string;
  status: 'pending' | 'paid' | 'failed';
  amount: number;
  failure: string | null;
};

export type WebhookEvent =
  | { eventId: string; kind: 'payment'; payment: PaymentState }
  | { eventId: string; kind: 'payout'; payout: PayoutState }
  /** An event the cashier does not act on (answered 200 so the provider stops sending it). */
  | { eventId: string; kind: 'other'; event: string };

export type WebhookRequest = { headers: Record<string, string | string[] | undefined>; rawBody: Buffer };

/**
 * A call that did not give a clear answer. `unavailable`: no answer, a 5xx or a rate limit (nothing
 * is known to have happened); `refused`: the provider turned the request down (a 4xx about the
 * request itself); `unclear`: it may have been done (a conflict on an idempotency key, an answer
 * the plugin cannot read), so only the provider's state says.
 */
export class PspError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused' | 'unclear',
    readonly providerCode: string | null = null,
  ) {
    super(message);
    this.name = 'PspError';
  }
}

export interface PaymentProvider {
  readonly code: string;
  readonly name: string;
  /** Checks the keys are those of the mode (a live key in the test slot is refused on save). */
  keyMatchesMode(secretKey: string, mode: PspMode): boolean;
  createCharge(conn: PspConnection, req: ChargeRequest): Promise<Charge>;
  queryPayment(conn: PspConnection, paymentId: string): Promise<PaymentState>;
  /**
   * Which connection sent this webhook (its token or signature checked over the raw bytes before
   * anything is read), or null: not the provider.
   */
  verifyWebhook(conns: readonly PspConnection[], req: WebhookRequest): PspConnection | null;
  /** Reads a verified webhook; null: a body the provider would not send. */
  parseWebhook(req: WebhookRequest): WebhookEvent | null;
  readonly payouts?: {
    /** The channel a payout to this bank or wallet name goes by; null: the operator must choose. */
    channelFor(bankName: string): string | null;
    create(conn: PspConnection, req: PayoutRequest): Promise<PayoutState>;
    query(conn: PspConnection, payoutId: string): Promise<PayoutState>;
  };
  /** One cheap authenticated call, for the console's "Test connection". */
  testConnection(conn: PspConnection): Promise<void>;
}

/** Minor units to a provider's decimal amount, and back (refusing a fraction of a centavo). */
export function toDecimal(minor: number): number {
  return minor / 100;
}

export function fromDecimal(amount: unknown): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  const minor = Math.round(amount * 100);
  return Math.abs(minor - amount * 100) < 1e-6 ? minor : null;
}
