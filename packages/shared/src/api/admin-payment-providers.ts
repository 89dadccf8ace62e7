import { z } from 'zod';

// The console's payment providers (docs/cashier.md "Payment providers"): connecting one with its test
// and live keys, the mode in use, its methods and webhooks, and payouts through it.

export const PspMode = z.enum(['test', 'live']);
export type PspMode = z.infer<typeof PspMode>;

/** One mode's keys as the console may see them: never the secrets, only their last characters. */
export const AdminPspKeys = z.object({
  secretKeyEnd: z.string().nullable(),
  hasWebhookToken: z.boolean(),
});

export const AdminPaymentProvider = z.object({
  code: z.string(),
  name: z.string(),
  mode: PspMode,
  enabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** Whether the provider can send payouts at all. */
  offersPayouts: z.boolean(),
  /** Null: the provider's own API. */
  apiBaseUrl: z.string().nullable(),
  defaultApiBaseUrl: z.string(),
  /** Where the provider sends its webhooks: the operator pastes it in the provider's dashboard. */
  webhookUrl: z.string(),
  keys: z.object({ test: AdminPspKeys, live: AdminPspKeys }),
  /** The methods it serves (turned on and off, with their limits, on the payment methods screen). */
  methods: z.array(z.object({ code: z.string(), name: z.string(), channel: z.string(), active: z.boolean() })),
  /** The latest webhooks received, newest first. */
  webhooks: z.array(
    z.object({
      eventId: z.string(),
      mode: PspMode,
      event: z.string(),
      reference: z.string().nullable(),
      outcome: z.string(),
      receivedAt: z.string(),
    }),
  ),
  updatedAt: z.string().nullable(),
});
export type AdminPaymentProvider = z.infer<typeof AdminPaymentProvider>;
export const AdminPaymentProviderList = z.object({ list: z.array(AdminPaymentProvider) });

export const AdminProviderParams = z.object({ code: z.string().trim().min(1).max(40) });

const Secret = z.string().trim().min(16).max(300);
const ModeKeys = z.object({ secretKey: Secret, webhookToken: Secret }).strict();

/**
 * PUT /admin/cashier/providers/:code: any of the fields. Keys are written whole per mode (secret key
 * and webhook token together) and never read back. `apiBaseUrl`: https, or http on a loopback
 * address (a local simulator); null: the provider's own.
 */
export const AdminPaymentProviderBody = z
  .object({
    mode: PspMode.optional(),
    enabled: z.boolean().optional(),
    payoutsEnabled: z.boolean().optional(),
    apiBaseUrl: z
      .string()
      .trim()
      .max(200)
      .regex(/^(https:\/\/[^\s/]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?)(\/[^\s]*)?$/i)
      .transform((v) => v.replace(/\/+$/, ''))
      .nullable()
      .optional(),
    keys: z.object({ test: ModeKeys.optional(), live: ModeKeys.optional() }).strict().optional(),
  })
  .strict();
export type AdminPaymentProviderBody = z.infer<typeof AdminPaymentProviderBody>;

export const AdminProviderTestBody = z.object({ mode: PspMode }).strict();
export const AdminProviderTestResult = z.object({ ok: z.boolean(), message: z.string() });

/** POST /admin/cashier/withdrawals/:reference/payout: send an approved withdrawal through a provider. */
export const PayoutBody = z
  .object({
    provider: z.string().trim().min(1).max(40),
    /** The provider's channel; absent: chosen from the bank's name where the provider knows it. */
    channel: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}_[A-Z0-9_]{2,40}$/)
      .optional(),
  })
  .strict();
export type PayoutBody = z.infer<typeof PayoutBody>;

/**
 * POST /admin/cashier/withdrawals/:reference/payout/resolve: a payout the provider has not answered
 * for good after 15 minutes, settled by the cashier from the provider's dashboard: paid, or returned
 * to the member; `note` says what the dashboard showed.
 */
export const PayoutResolveBody = z
  .object({ outcome: z.enum(['paid', 'returned']), note: z.string().trim().min(3).max(200) })
  .strict();
export type PayoutResolveBody = z.infer<typeof PayoutResolveBody>;

/** A withdrawal's payout through a provider, as the console shows it on the order. */
export const AdminProviderPayout = z.object({
  provider: z.string(),
  mode: PspMode,
  channel: z.string(),
  state: z.enum(['sending', 'paid', 'failed']),
  payoutId: z.string().nullable(),
  failure: z.string().nullable(),
  requestedAt: z.string().nullable(),
});
export type AdminProviderPayout = z.infer<typeof AdminProviderPayout>;
