import {
  VendorBalanceRequest,
  VendorBetRequest,
  VendorRollbackRequest,
  VendorWalletResponse,
  VendorWinRequest,
} from '@gamehall/shared/api/vendor';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

// The vendor wallet API's hot path: every bet and win of every player passes here, so
// its bodies are checked and its answers written by hand instead of by zod's generic parse and
// encode. The zod schemas of packages/shared/src/api/vendor.ts stay the contract: a check here only
// *admits* a body that schema admits, with the same output (the schema's keys, unknown ones
// dropped); anything it does not admit goes to zod itself, so a refusal is zod's own, word for word.
// An answer that is not the plain shape goes to zod's serializer the same way.
// vendor-wire.test.ts checks both against the schemas over valid and invalid bodies.

type Body = Record<string, unknown>;
type Field = (value: unknown) => boolean;

const IDENT = /^[A-Za-z0-9_.:-]+$/;
const VENDOR = /^[A-Za-z0-9_]+$/;
const PLAYER = /^[1-9][0-9]{0,14}$/;
const CURRENCY = /^[A-Z0-9]+$/;

const ident =
  (max: number): Field =>
  (v) =>
    typeof v === 'string' && v.length >= 1 && v.length <= max && IDENT.test(v);
const vendorCode: Field = (v) => typeof v === 'string' && v.length >= 1 && v.length <= 32 && VENDOR.test(v);
const player: Field = (v) => typeof v === 'string' && PLAYER.test(v);
// Only printable ASCII tokens here: zod counts a string's length in characters, not UTF-16 units, so a token
// with characters outside the BMP is left to zod (the platform's own tokens are ASCII).
const ASCII = /^[\x20-\x7e]*$/;
const gameToken: Field = (v) => typeof v === 'string' && v.length >= 16 && v.length <= 256 && ASCII.test(v);
const minorAmount: Field = (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 100_000_000_000;
const currency: Field = (v) => typeof v === 'string' && v.length >= 3 && v.length <= 8 && CURRENCY.test(v);
const boolean: Field = (v) => typeof v === 'boolean';
/** A field the hand check never admits: a body carrying it goes to zod (a detail, a win's validBet). */
const leftToZod: Field = () => false;

/** Each field of a request schema: its check, and whether it may be absent. */
type Shape = Record<string, { check: Field; optional?: true }>;

const base: Shape = { requestId: { check: ident(128) }, vendor: { check: vendorCode } };

const shapes = new Map<unknown, { shape: Shape; refine?: (out: Body) => boolean }>([
  [
    VendorBalanceRequest,
    { shape: { ...base, token: { check: gameToken }, player: { check: player, optional: true } } },
  ],
  [
    VendorBetRequest,
    {
      shape: {
        ...base,
        token: { check: gameToken },
        player: { check: player },
        gameCode: { check: ident(64) },
        roundId: { check: ident(128) },
        transactionId: { check: ident(128) },
        amount: { check: minorAmount },
        currency: { check: currency },
        detail: { check: leftToZod, optional: true },
      },
    },
  ],
  [
    VendorWinRequest,
    {
      shape: {
        ...base,
        player: { check: player },
        gameCode: { check: ident(64) },
        roundId: { check: ident(128) },
        transactionId: { check: ident(128) },
        betTransactionId: { check: ident(128), optional: true },
        amount: { check: minorAmount },
        currency: { check: currency },
        roundClosed: { check: boolean },
        validBet: { check: leftToZod, optional: true },
        detail: { check: leftToZod, optional: true },
      },
    },
  ],
  [
    VendorRollbackRequest,
    {
      shape: {
        ...base,
        player: { check: player },
        roundId: { check: ident(128) },
        transactionId: { check: ident(128) },
        rollbackTransactionId: { check: ident(128) },
      },
    },
  ],
]);

/**
 * The body `schema` admits, as its parse returns it, when every field is plainly right; undefined
 * when zod must decide (a wrong body, or one this check does not know how to judge).
 */
export function admitBody(schema: unknown, data: unknown): Body | undefined {
  const known = shapes.get(schema);
  if (!known || typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const input = data as Body;
  const out: Body = {};
  for (const key in known.shape) {
    const field = known.shape[key] as Shape[string];
    const value = Object.hasOwn(input, key) ? input[key] : undefined;
    if (value === undefined) {
      if (!field.optional) return undefined;
      continue;
    }
    if (!field.check(value)) return undefined;
    out[key] = value;
  }
  if (known.refine && !known.refine(out)) return undefined;
  return out;
}

/**
 * The vendor routes' validator: the hand check for the four wallet bodies, zod's validator for
 * whatever it does not admit (and for any other schema).
 */
export const vendorValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const slow = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (!shapes.has(route.schema)) return slow;
  const schema = route.schema;
  return (data: unknown) => {
    const value = admitBody(schema, data);
    return value === undefined ? slow(data) : { value };
  };
};

/**
 * The JSON of an answer in VendorWalletResponse's shape, as zod's serializer writes it (the schema's
 * keys in its order); undefined when the answer is not plainly of that shape (zod then decides).
 */
export function answerJson(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const a = data as Body;
  const { status, balance, currency: cur, requestId, player: id, device } = a;
  if (typeof status !== 'string' || typeof cur !== 'string' || typeof requestId !== 'string') return undefined;
  if (typeof balance !== 'number' || !Number.isSafeInteger(balance)) return undefined;
  if (id !== undefined && typeof id !== 'string') return undefined;
  if (device !== undefined && typeof device !== 'string') return undefined;
  const head = `{"status":${JSON.stringify(status)},"balance":${balance},"currency":${JSON.stringify(cur)},"requestId":${JSON.stringify(requestId)}`;
  const withPlayer = id === undefined ? head : `${head},"player":${JSON.stringify(id)}`;
  return device === undefined ? `${withPlayer}}` : `${withPlayer},"device":${JSON.stringify(device)}}`;
}

/** The vendor routes' serializer: answerJson for VendorWalletResponse, zod's serializer otherwise. */
export const vendorSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const slow = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  if (route.schema !== VendorWalletResponse) return slow;
  return (data: unknown) => answerJson(data) ?? slow(data);
};
