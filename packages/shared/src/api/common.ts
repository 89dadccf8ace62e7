import { z } from 'zod';
import { isMoneyAmount, parseMoneyText } from '../money';

// Envelope of api-conventions.md: every response is { success, value } or
// { success: false, code, message, value, traceId }.
export function envelope<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  value: z.record(z.string(), z.unknown()).optional(),
  /** The request's W3C trace id, which its lines in the server's log carry too (docs/operations.md "Logs"). */
  traceId: z.string().regex(/^[0-9a-f]{32}$/),
});

export const Empty = z.object({}).strict();
export const OkValue = z.null();

/**
 * Money in JSON: a number in major units with at most two decimals, exactly (no 1e-20), and at
 * most MAX_MONEY_MINOR minor units (money.ts isMoneyAmount).
 */
export const Money = z.number().refine(isMoneyAmount, { params: { reason: 'INVALID' } });

/**
 * A client-chosen idempotency key (a UUID, with or without dashes): the client picks one per
 * submission, so a retry or a double click of the same request takes effect once.
 */
export const RequestId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * Money typed as text (a query string, a form field): a plain decimal amount (money.ts
 * parseMoneyText), never exponent notation such as '1e3'.
 */
export const MoneyText = z.string().transform((text, ctx) => {
  const major = parseMoneyText(text);
  if (major === undefined) {
    ctx.addIssue({ code: 'custom', params: { reason: 'INVALID' } });
    return z.NEVER;
  }
  return major;
});

/** 1-based paging in; paged lists out. */
export const PageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
  });
}

/** Body of an E (encrypted) call: the JWE compact serialization in `value`. */
export const EncryptedBody = z.object({ value: z.string().min(1).max(20_000) });

/** Trimmed string that must not be empty after trimming (spec §5: "trimmed"). */
export const TrimmedRequired = (max = 200) => z.string().trim().min(1).max(max);

function hasUnsafeChar(s: string): boolean {
  for (const c of s) {
    const code = c.charCodeAt(0);
    if (c === '\\' || code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A link an operator may set (customer service, banners, resources, routes): an absolute http(s)
 * URL or a path on this site. Anything else (javascript:, data:, protocol-relative //host, a
 * backslash or control character browsers would rewrite into //host) is refused, because the
 * player site puts it into href.
 */
export function isSafeLinkUrl(value: string): boolean {
  if (value.length === 0 || value.length > 2000 || hasUnsafeChar(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** isSafeLinkUrl as a schema (a field error with reason INVALID). */
export const SafeLinkUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(isSafeLinkUrl, { params: { reason: 'INVALID' } });

/** A host the site loads from (image and game CDNs): an absolute http(s) URL, or '' for this site. */
export const HostUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || (!s.startsWith('/') && isSafeLinkUrl(s)), { params: { reason: 'INVALID' } });
