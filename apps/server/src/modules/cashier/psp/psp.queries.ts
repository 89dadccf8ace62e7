import { sql, type Updateable } from 'kysely';
import type { Conn } from '../../../db/database';
import type { PaymentProvidersTable, WithdrawalOrdersTable } from '../cashier.tables';

// The payment providers' rows: the brand's connections, the provider side of deposit and withdrawal
// orders, and the webhook inbox. Kysely only; the cashier's services decide.

type Mode = 'test' | 'live';

export function readProvider(db: Conn, code: string) {
  return db.selectFrom('payment_providers').selectAll().where('code', '=', code).executeTakeFirst();
}

export type ProviderPatch = Partial<
  Pick<
    PaymentProvidersTable,
    'api_base_url' | 'test_secret_key' | 'test_webhook_token' | 'live_secret_key' | 'live_webhook_token' | 'updated_by'
  > & { mode: Mode; enabled: boolean; payouts_enabled: boolean }
>;

export async function saveProvider(db: Conn, code: string, patch: ProviderPatch, now: Date): Promise<void> {
  await db
    .insertInto('payment_providers')
    .values({ code, ...patch, updated_at: now })
    .onConflict((oc) => oc.column('code').doUpdateSet({ ...patch, updated_at: now }))
    .execute();
}

/** The methods a provider serves (active or not). */
export function methodsOf(db: Conn, psp: string) {
  return db.selectFrom('payment_methods').selectAll().where('psp', '=', psp).orderBy('sort').execute();
}

export async function markDepositPsp(db: Conn, id: number, psp: string, mode: Mode): Promise<void> {
  await db.updateTable('deposit_orders').set({ psp, psp_mode: mode }).where('id', '=', id).execute();
}

export async function attachCharge(
  db: Conn,
  id: number,
  charge: { paymentId: string; payUrl: string; deepLink: string | null },
): Promise<void> {
  await db
    .updateTable('deposit_orders')
    .set({ psp_payment_id: charge.paymentId, psp_pay_url: charge.payUrl, psp_deep_link: charge.deepLink })
    .where('id', '=', id)
    .execute();
}

/**
 * Provider orders a webhook may not have settled (pending, expired, or cancelled before the member
 * could pay: a payment may still have come), opened between the two instants, those asked about
 * least recently first, so every one is asked in turn however many wait.
 */
export function openDeposits(db: Conn, openedAfter: Date, openedBefore: Date, limit: number) {
  return db
    .selectFrom('deposit_orders')
    .select(['reference', 'psp', 'psp_mode', 'psp_payment_id'])
    .where('psp_payment_id', 'is not', null)
    .where('status', 'in', ['pending', 'expired', 'cancelled'])
    .where('created_at', '>', openedAfter)
    .where('created_at', '<', openedBefore)
    .orderBy(sql`psp_checked_at NULLS FIRST`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function markDepositChecked(db: Conn, reference: string, now: Date): Promise<void> {
  await db.updateTable('deposit_orders').set({ psp_checked_at: now }).where('reference', '=', reference).execute();
}

/**
 * Records a webhook by its event id (a repeat inserts nothing) and answers the outcome recorded for
 * it: 'received' for a new event, or for one whose handling never finished.
 */
export async function recordWebhook(
  db: Conn,
  e: { psp: string; mode: Mode; eventId: string; event: string; reference: string | null; now: Date },
): Promise<string> {
  await db
    .insertInto('payment_webhook_events')
    .values({
      psp: e.psp,
      mode: e.mode,
      event_id: e.eventId,
      event: e.event,
      reference: e.reference,
      outcome: 'received',
      received_at: e.now,
    })
    .onConflict((oc) => oc.columns(['psp', 'event_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('payment_webhook_events')
    .select('outcome')
    .where('psp', '=', e.psp)
    .where('event_id', '=', e.eventId)
    .executeTakeFirstOrThrow();
  return row.outcome;
}

export async function setWebhookOutcome(db: Conn, psp: string, eventId: string, outcome: string): Promise<void> {
  await db
    .updateTable('payment_webhook_events')
    .set({ outcome })
    .where('psp', '=', psp)
    .where('event_id', '=', eventId)
    .where('outcome', '=', 'received')
    .execute();
}

export function recentWebhooks(db: Conn, psp: string, limit: number) {
  return db
    .selectFrom('payment_webhook_events')
    .select(['event_id', 'mode', 'event', 'reference', 'outcome', 'received_at'])
    .where('psp', '=', psp)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks an approved withdrawal as being sent through a provider, unless a payout is already under way. */
export function startPayout(
  db: Conn,
  id: number,
  p: { psp: string; mode: Mode; channel: string; operatorId: number; now: Date },
) {
  return db
    .updateTable('withdrawal_orders')
    .set({
      payout_psp: p.psp,
      payout_mode: p.mode,
      payout_channel: p.channel,
      payout_state: 'sending',
      payout_requested_at: p.now,
      payout_failure: null,
      payout_id: null,
      // Who sent it: the withdrawal's payer, as a cashier who marks one paid is.
      paid_by: p.operatorId,
    })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .where((eb) => eb.or([eb('payout_state', 'is', null), eb('payout_state', '=', 'failed')]))
    .returningAll()
    .executeTakeFirst();
}

export async function setPayoutId(db: Conn, id: number, payoutId: string): Promise<void> {
  await db
    .updateTable('withdrawal_orders')
    .set({ payout_id: payoutId })
    .where('id', '=', id)
    .where('payout_state', '=', 'sending')
    .execute();
}

/** Payouts asked of a provider before `before` and not yet answered for good. */
export function sendingPayouts(db: Conn, before: Date, limit: number) {
  return db
    .selectFrom('withdrawal_orders')
    .select(['reference'])
    .where('payout_state', '=', 'sending')
    .where('payout_requested_at', '<', before)
    .orderBy('payout_requested_at')
    .limit(limit)
    .execute();
}

export function endPayout(
  db: Conn,
  id: number,
  patch: { status: 'paid' | 'rejected'; payout_state: 'failed' | null; fields: Updateable<WithdrawalOrdersTable> },
) {
  return db
    .updateTable('withdrawal_orders')
    .set({ status: patch.status, payout_state: patch.payout_state, ...patch.fields })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .where('payout_state', '=', 'sending')
    .returningAll()
    .executeTakeFirst();
}
