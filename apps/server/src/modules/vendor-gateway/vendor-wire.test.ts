import {
  VendorBalanceRequest,
  VendorBetRequest,
  VendorRollbackRequest,
  VendorWalletResponse,
  VendorWinRequest,
} from '@gamehall/shared/api/vendor';
import fc from 'fast-check';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { admitBody, answerJson, vendorSerializerCompiler, vendorValidatorCompiler } from './vendor-wire';

// The hand-written checks of the vendor wallet hot path against the zod schemas they stand in for:
// whatever they admit, the schema admits with the same value; every body the schema admits in the
// plain shape they admit too (or the fast path would never be taken); the compiled validator answers
// exactly as zod's for every body, admitted or not; answers serialise byte for byte as zod's do.

const schemas = {
  balance: VendorBalanceRequest,
  bet: VendorBetRequest,
  win: VendorWinRequest,
  rollback: VendorRollbackRequest,
} as const;

const fields: Record<keyof typeof schemas, string[]> = {
  balance: ['requestId', 'vendor', 'token', 'player'],
  bet: ['requestId', 'vendor', 'token', 'player', 'gameCode', 'roundId', 'transactionId', 'amount', 'currency'],
  win: [
    'requestId',
    'vendor',
    'player',
    'gameCode',
    'roundId',
    'transactionId',
    'betTransactionId',
    'amount',
    'currency',
    'roundClosed',
  ],
  rollback: ['requestId', 'vendor', 'player', 'roundId', 'transactionId', 'rollbackTransactionId'],
};

const chars = (set: string) => fc.constantFrom(...set.split(''));
const text = (set: string, min: number, max: number) =>
  fc.array(chars(set), { minLength: min, maxLength: max }).map((a) => a.join(''));
const IDENT = 'AZaz09_.:-';
const ODD = ' /é\u0000"\\\n\u{1F600}+';

// Values near every bound of every field, in and out of each field's alphabet, of every JSON type.
const anyValue = fc.oneof(
  text(IDENT, 0, 3),
  text(IDENT, 15, 17),
  text(IDENT, 31, 33),
  text(IDENT, 63, 65),
  text(IDENT, 127, 129),
  text(`${IDENT}${ODD}`, 0, 20),
  text('0123456789', 0, 17),
  fc.constantFrom(
    '1',
    '0',
    '01',
    '999999999999999',
    '1000000000000000',
    'PHP',
    'php',
    'PH',
    'ABCDEFGHI',
    'x'.repeat(257),
  ),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(0, -0, 0.5, 100_000_000_000, 100_000_000_001, 2 ** 53, -1, 1e21),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

// Bodies of the plain shape: every field right.
const token = text(IDENT, 16, 64);
const validValue: Record<string, fc.Arbitrary<unknown>> = {
  requestId: text(IDENT, 1, 128),
  vendor: text('AZaz09_', 1, 32),
  token,
  player: fc.integer({ min: 1, max: 999_999_999_999_999 }).map(String),
  gameCode: text(IDENT, 1, 64),
  roundId: text(IDENT, 1, 128),
  transactionId: text(IDENT, 1, 128),
  betTransactionId: text(IDENT, 1, 128),
  rollbackTransactionId: text(IDENT, 1, 128),
  amount: fc.integer({ min: 0, max: 100_000_000_000 }),
  currency: text('AZ09', 3, 8),
  roundClosed: fc.boolean(),
};

const optional: Record<keyof typeof schemas, string[]> = {
  balance: ['player'],
  bet: [],
  win: ['betTransactionId'],
  rollback: [],
};

function validBody(kind: keyof typeof schemas) {
  return fc.record(Object.fromEntries(fields[kind].map((f) => [f, validValue[f] as fc.Arbitrary<unknown>])), {
    requiredKeys: fields[kind].filter((f) => !optional[kind].includes(f)),
  });
}

// Any mix: some fields right, some wrong or missing, unknown ones added.
function mixedBody(kind: keyof typeof schemas) {
  return fc
    .tuple(
      validBody(kind),
      fc.dictionary(fc.constantFrom(...fields[kind], 'extra', '__proto__', 'constructor'), anyValue, { maxKeys: 3 }),
      fc.subarray(fields[kind], { maxLength: 2 }),
    )
    .map(([body, changes, removed]) => {
      const out: Record<string, unknown> = { ...body };
      for (const [k, v] of Object.entries(changes))
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      for (const k of removed) delete out[k];
      return out;
    });
}

// One field changed (or dropped) at a time, so each of its bounds meets an otherwise right body.
function oneChange(kind: keyof typeof schemas) {
  return fc
    .tuple(validBody(kind), fc.constantFrom(...fields[kind]), anyValue, fc.boolean())
    .map(([body, key, value, drop]) => {
      const out: Record<string, unknown> = { ...body };
      if (drop) delete out[key];
      else out[key] = value;
      return out;
    });
}

const anyBody = (kind: keyof typeof schemas) =>
  fc.oneof(
    { arbitrary: oneChange(kind), weight: 6 },
    { arbitrary: mixedBody(kind), weight: 2 },
    { arbitrary: anyValue, weight: 1 },
    { arbitrary: fc.array(anyValue, { maxLength: 2 }), weight: 1 },
  );

describe('vendor wire: request bodies', () => {
  for (const kind of Object.keys(schemas) as (keyof typeof schemas)[]) {
    const schema = schemas[kind];

    it(`${kind}: admits every plain body zod admits, with zod's value`, () => {
      fc.assert(
        fc.property(validBody(kind), (body) => {
          const zod = schema.safeParse(body);
          expect(zod.success).toBe(true);
          expect(admitBody(schema, body)).toStrictEqual(zod.data);
        }),
        { numRuns: 300 },
      );
    });

    it(`${kind}: admits nothing zod refuses; the compiled validator answers as zod's`, () => {
      const fast = vendorValidatorCompiler({ schema, method: 'POST', url: `/vendor/wallet/${kind}`, httpPart: 'body' });
      const slow = validatorCompiler({ schema } as never);
      let admitted = 0;
      let refused = 0;
      fc.assert(
        fc.property(anyBody(kind), (body) => {
          const zod = schema.safeParse(body);
          const mine = admitBody(schema, body);
          if (mine !== undefined) {
            admitted++;
            expect(zod.success).toBe(true);
            expect(mine).toStrictEqual(zod.data);
          } else if (!zod.success) refused++;
          const a = fast(body) as { value?: unknown; error?: unknown };
          const b = slow(body) as { value?: unknown; error?: unknown };
          expect(a.error === undefined).toBe(b.error === undefined);
          if (a.error === undefined) expect(a.value).toStrictEqual(b.value);
          else expect(JSON.stringify(a.error)).toBe(JSON.stringify(b.error));
        }),
        { numRuns: 1500 },
      );
      // The generator reaches both sides, so the check above is not vacuous.
      expect(admitted).toBeGreaterThan(20);
      expect(refused).toBeGreaterThan(200);
    });
  }

  it('knows only the four wallet bodies', () => {
    expect(admitBody(VendorWalletResponse, { status: 'OK', balance: 1, currency: 'PHP', requestId: 'r' })).toBe(
      undefined,
    );
  });
});

describe('vendor wire: answers', () => {
  const slow = serializerCompiler({ schema: VendorWalletResponse, method: 'POST', url: '/vendor/wallet/bet' } as never);
  const fast = vendorSerializerCompiler({
    schema: VendorWalletResponse,
    method: 'POST',
    url: '/vendor/wallet/bet',
    httpStatus: '200',
  });
  const answer = fc.record(
    {
      status: fc.oneof(fc.constantFrom('OK', 'ERROR_INSUFFICIENT_FUNDS'), fc.string({ unit: 'binary' })),
      balance: fc.oneof(fc.maxSafeInteger(), fc.constantFrom(0, -0, -1, 100_000_000_000)),
      currency: fc.oneof(fc.constantFrom('PHP', ''), fc.string()),
      requestId: fc.string({ unit: 'binary', maxLength: 140 }),
      player: fc.integer({ min: 1 }).map(String),
      device: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.string({ unit: 'binary' })),
    },
    { requiredKeys: ['status', 'balance', 'currency', 'requestId'] },
  );

  it('writes every answer byte for byte as zod does', () => {
    fc.assert(
      fc.property(answer, (a) => {
        expect(answerJson(a)).toBe(slow(a));
        expect(fast(a)).toBe(slow(a));
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves anything else to zod (which refuses it)', () => {
    for (const wrong of [
      { status: 'OK', balance: 1.5, currency: 'PHP', requestId: 'r' },
      { status: 'OK', balance: '1', currency: 'PHP', requestId: 'r' },
      { status: 'OK', balance: 1, currency: 'PHP' },
      { status: 'OK', balance: 1, currency: 'PHP', requestId: 'r', player: 7 },
      { status: 'OK', balance: 1, currency: 'PHP', requestId: 'r', device: 7 },
      null,
    ]) {
      expect(answerJson(wrong)).toBe(undefined);
      expect(() => fast(wrong)).toThrow();
    }
  });
});
