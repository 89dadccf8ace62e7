import { z } from 'zod';
import { WorkChange } from './work-queue';

// The operators' realtime socket (cashier queues with live arrival, pending counters that
// update live). Browsers cannot set headers on a WebSocket and an operator token must never be in a
// URL (it would reach logs and history), so the console sends its token as the socket's first
// message; a client that can set headers may send `Authorization` instead, as it does for /admin.

/** Where the console opens its socket (outside /admin, whose routes all require a session header). */
export const OPERATOR_SOCKET_PATH = '/ws/operator';

/** How long the server waits for the token message before it closes the socket with 4001. */
export const OPERATOR_SOCKET_AUTH_MS = 5_000;

/** The first message a client sends: its admin session token. */
export const OperatorSocketAuth = z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) });
export type OperatorSocketAuth = z.infer<typeof OperatorSocketAuth>;

/** The three queues an operator works through (the console's cashier screens and pending counters). */
export const CashierQueue = z.enum(['deposits', 'withdrawals', 'bankAccounts']);
export type CashierQueue = z.infer<typeof CashierQueue>;

/**
 * A committed change of one queue row: created (a member asked), updated (its status moved:
 * approved, rejected, paid, confirmed, expired, cancelled) or removed (a member unlinked a pending
 * bank account). `reference` is the order's, null for a bank account (`id` names it).
 */
export const CashierChange = z.object({
  queue: CashierQueue,
  change: z.enum(['created', 'updated', 'removed']),
  id: z.number().int(),
  reference: z.string().nullable(),
  status: z.string().nullable(),
  memberId: z.number().int(),
});
export type CashierChange = z.infer<typeof CashierChange>;

/**
 * Messages of the operators' socket, JSON `{ type, data }`:
 * - `ready` once the token is accepted;
 * - `cashier` after a committed queue change, to operators holding the queue's permission;
 * - `work` after a committed change of another source of the "work to do" panel (work-queue.ts),
 *   to operators holding the permission of its screen: the client reads the panel again;
 * - `resync` when the server may have missed changes (its database listener reconnected): the
 *   client reads its queues again.
 */
export const OperatorRealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), data: z.object({ operatorId: z.number().int() }) }),
  z.object({ type: z.literal('cashier'), data: CashierChange }),
  z.object({ type: z.literal('work'), data: WorkChange }),
  z.object({ type: z.literal('resync'), data: z.object({}) }),
]);
export type OperatorRealtimeEvent = z.infer<typeof OperatorRealtimeEvent>;
