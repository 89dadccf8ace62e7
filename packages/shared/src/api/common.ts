import { z } from 'zod';
import { isMoneyAmount } from '../money';

// Envelope of api-conventions.md: every response is { success, value } or
// { success: false, code, message, value }.
export function envelope<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  value: z.record(z.string(), z.unknown()).optional(),
});

export const Empty = z.object({}).strict();
export const OkValue = z.null();

/**
 * Money in JSON: a number in major units with at most two decimals, exactly (no 1e-20), and small
 * enough to be held as integer minor units in a BIGINT.
 */
export const Money = z.number().refine(isMoneyAmount, { params: { reason: 'INVALID' } });

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
