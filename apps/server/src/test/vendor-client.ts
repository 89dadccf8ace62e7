import { createHash, randomBytes } from 'node:crypto';
import { deriveVendorSecret, signVendorBody } from '../modules/vendor-gateway/vendor-signature';
import type { TestApp } from './harness';

// A game vendor as the tests see it: signed calls to the seamless wallet API and game sessions as
// the games module's launch writes them (token kept by the vendor, its SHA-256 stored).

export type VendorCallName = 'balance' | 'bet' | 'win' | 'rollback' | 'resettle';

export type SignedCallOptions = {
  /** Sign with this secret instead of the vendor's (a wrong secret); null sends no signature. */
  secret?: string | null;
  /** Send these exact bytes (after signing them) instead of JSON.stringify(body). */
  raw?: string;
  remoteAddress?: string;
};

/** The vendor's secret as seeded: hex(HMAC-SHA256(studioSecret, 'vendor:' + code)). */
export function seededVendorSecret(t: TestApp, vendor: string): string {
  return deriveVendorSecret(t.ctx.config.studioSecret, vendor);
}

export function vendorClient(t: TestApp, vendor: string) {
  const secret = seededVendorSecret(t, vendor);
  return {
    vendor,
    secret,
    async call(name: VendorCallName, body: Record<string, unknown>, options: SignedCallOptions = {}) {
      const raw = options.raw ?? JSON.stringify({ vendor, requestId: `r-${randomBytes(6).toString('hex')}`, ...body });
      const key = options.secret === undefined ? secret : options.secret;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (key !== null) headers['x-signature'] = signVendorBody(key, raw);
      const res = await t.app.inject({
        method: 'POST',
        url: `/vendor/wallet/${name}`,
        payload: raw,
        headers,
        remoteAddress: options.remoteAddress ?? '127.0.0.1',
      });
      return {
        statusCode: res.statusCode,
        body: res.json() as {
          status: string;
          balance: number;
          currency: string;
          requestId: string;
          player?: string;
          device?: string;
          taken?: number;
        },
      };
    },
  };
}

/** A game session as launch writes it; returns the token the vendor would hold. */
export async function createGameSession(
  t: TestApp,
  input: { memberId: number | null; vendor: string; trial?: boolean; expiresAt?: Date; currency?: string },
) {
  const game = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'game_code', 'game_type'])
    .where('vendor_code', '=', input.vendor)
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(24).toString('base64url');
  await t.ctx.db
    .insertInto('game_sessions')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      member_id: input.memberId,
      trial: input.trial ?? false,
      vendor_code: input.vendor,
      node_id: game.node_id,
      game_code: game.game_code,
      currency: input.currency ?? 'PHP',
      expires_at: input.expiresAt ?? new Date(Date.now() + 3_600_000),
    })
    .execute();
  return { token, nodeId: game.node_id, gameCode: game.game_code, gameType: game.game_type };
}
