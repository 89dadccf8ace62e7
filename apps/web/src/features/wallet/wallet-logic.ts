import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_IMAGES } from '@gamehall/shared/api/cashier';

// Pure rules of the wallet pages, kept out of the components so they are unit tested.

/** A client-chosen idempotency key (RequestId: 8-64 of [A-Za-z0-9_-]); one per submitted form. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export type ImageProblem = 'tooMany' | 'badType' | 'tooBig' | 'required';

/**
 * The receipt images checked before upload, as the server checks them (spec §5, §9): png or jpg,
 * at most 5 MB each, at most 3; "not received" needs at least one.
 */
export function checkReceiptImages(
  files: readonly { type: string; size: number }[],
  status: 'received' | 'partial' | 'not_received',
): ImageProblem | null {
  if (files.length > UPLOAD_MAX_IMAGES) return 'tooMany';
  if (files.some((f) => !(UPLOAD_CONTENT_TYPES as readonly string[]).includes(f.type))) return 'badType';
  if (files.some((f) => f.size > UPLOAD_MAX_BYTES)) return 'tooBig';
  if (status === 'not_received' && files.length === 0) return 'required';
  return null;
}

/** The single deposit proof: png or jpg, at most 5 MB. */
export function checkProofImage(file: { type: string; size: number }): ImageProblem | null {
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'badType';
  if (file.size > UPLOAD_MAX_BYTES) return 'tooBig';
  return null;
}

export type DateFilter =
  | { kind: 'past7' }
  | { kind: 'past30' }
  | { kind: 'custom'; startDate: string; endDate: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The query of a date filter (DateRangeQuery), or null when a custom range is incomplete or reversed. */
export function dateRangeQuery(
  filter: DateFilter,
): { range: 'past7' | 'past30' } | { startDate: string; endDate: string } | null {
  if (filter.kind !== 'custom') return { range: filter.kind };
  const { startDate, endDate } = filter;
  if (!ISO_DATE.test(startDate) || !ISO_DATE.test(endDate) || startDate > endDate) return null;
  return { startDate, endDate };
}

/** Turnover progress in whole percent, 100 when nothing is required. */
export function turnoverPercent(turnover: { required: number; achieved: number }): number {
  if (turnover.required <= 0) return 100;
  return Math.min(100, Math.floor((turnover.achieved / turnover.required) * 100));
}

/** The limit problem of an amount for a method, or null (limits are inclusive). */
export function limitProblem(amount: number, limits: { min: number; max: number }): 'belowMin' | 'aboveMax' | null {
  if (amount < limits.min) return 'belowMin';
  if (amount > limits.max) return 'aboveMax';
  return null;
}

/** Page numbers to offer around the current one (1-based), at most `width` of them. */
export function pageWindow(current: number, total: number, width = 5): number[] {
  if (total <= 0) return [];
  const start = Math.max(1, Math.min(current - Math.floor(width / 2), total - width + 1));
  const end = Math.min(total, start + width - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** The translated kind of a ledger entry type: 'transfer.upline' is a transfer, unknown kinds stay as they are. */
export function entryKind(type: string): string {
  return type.split('.')[0] ?? type;
}

/**
 * Cash that a withdrawal could take now: the available cash (not held) once the deposit turnover is
 * met, else nothing. Bonus money is never withdrawable (docs/rewards.md).
 */
export function withdrawableNow(info: { available: number; turnover: { required: number; achieved: number } }): number {
  return info.turnover.achieved >= info.turnover.required ? info.available : 0;
}

/** The wagering still to do on the active bonus wagers (major units), and how many are active. */
export function wageringLeft(wagers: { state: string; required: number; progress: number }[]): {
  amount: number;
  count: number;
} {
  const active = wagers.filter((w) => w.state === 'active');
  const cents = active.reduce((sum, w) => sum + Math.max(0, Math.round((w.required - w.progress) * 100)), 0);
  return { amount: cents / 100, count: active.length };
}
