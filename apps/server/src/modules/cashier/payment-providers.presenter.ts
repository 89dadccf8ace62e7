import type { AdminPaymentProvider, AdminProviderPayout } from '@gamehall/shared/api/admin-payment-providers';
import { keyEnd, type ProviderView } from './cashier-psp-admin.service';

// What the console sees of a payment provider and of a withdrawal's payout through one: the keys only
// by their last characters, never a secret.

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export function presentProvider(v: ProviderView): AdminPaymentProvider {
  const r = v.row;
  return {
    code: v.plugin.code,
    name: v.plugin.name,
    mode: r?.mode ?? 'test',
    enabled: r?.enabled ?? false,
    payoutsEnabled: r?.payouts_enabled ?? false,
    offersPayouts: v.plugin.payouts !== undefined,
    apiBaseUrl: r?.api_base_url ?? null,
    defaultApiBaseUrl: v.defaultApi,
    webhookUrl: v.webhookUrl,
    keys: {
      test: { secretKeyEnd: keyEnd(r?.test_secret_key ?? null), hasWebhookToken: Boolean(r?.test_webhook_token) },
      live: { secretKeyEnd: keyEnd(r?.live_secret_key ?? null), hasWebhookToken: Boolean(r?.live_webhook_token) },
    },
    methods: v.methods.map((m) => ({ code: m.code, name: m.name, channel: m.psp_channel ?? '', active: m.active })),
    webhooks: v.webhooks.map((w) => ({
      eventId: w.event_id,
      mode: w.mode,
      event: w.event,
      reference: w.reference,
      outcome: w.outcome,
      receivedAt: new Date(w.received_at).toISOString(),
    })),
    updatedAt: iso(r?.updated_at ?? null),
  };
}

/** A withdrawal's payout through a provider; null for one a cashier pays by hand. */
export function presentProviderPayout(row: {
  status: string;
  payout_psp: string | null;
  payout_mode: 'test' | 'live' | null;
  payout_channel: string | null;
  payout_id: string | null;
  payout_state: 'sending' | 'failed' | null;
  payout_failure: string | null;
  payout_requested_at: Date | string | null;
}): AdminProviderPayout | null {
  if (!row.payout_psp || !row.payout_mode) return null;
  return {
    provider: row.payout_psp,
    mode: row.payout_mode,
    channel: row.payout_channel ?? '',
    state: row.payout_state ?? (row.status === 'paid' || row.status === 'confirmed' ? 'paid' : 'failed'),
    payoutId: row.payout_id,
    failure: row.payout_failure,
    requestedAt: iso(row.payout_requested_at),
  };
}
