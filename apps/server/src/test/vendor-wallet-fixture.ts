import { randomBytes } from 'node:crypto';
import { setBrandSetting } from '../modules/brand/brand.service';
import { post } from '../modules/ledger/ledger.service';
import { createMember } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createGameSession, vendorClient } from './vendor-client';

// The setup the vendor wallet API's tests share: a test platform whose brand pays in PHP, a vendor
// of its catalogue with that vendor's signed client, and funded members with a game session there.

/** A test's own transaction, round or request id: `<prefix>-<12 random hex digits>`. */
export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

export type VendorWallet = { t: TestApp; vendor: string; client: ReturnType<typeof vendorClient> };

/** The first `count` vendors (by code) that have games in the test catalogue. */
export async function catalogueVendors(t: TestApp, count: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('games')
    .select('vendor_code')
    .distinct()
    .orderBy('vendor_code')
    .limit(count)
    .execute();
  return rows.map((r) => r.vendor_code);
}

/** A fresh test platform in PHP, the first vendor (by code) of its catalogue and its signed client. */
export async function openVendorWallet(): Promise<VendorWallet> {
  const t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  const [vendor] = await catalogueVendors(t, 1);
  if (!vendor) throw new Error('the test catalogue has no games');
  return { t, vendor, client: vendorClient(t, vendor) };
}

/**
 * Makes the vendor an outside provider's (its games no longer launch on the house studio, which only
 * speaks the platform's protocol) and answers its first active game.
 */
export async function asOutsideVendor(t: TestApp, vendor: string, launchUrl: string) {
  await t.ctx.db
    .updateTable('vendor_integrations')
    .set({ launch_url: launchUrl })
    .where('vendor_code', '=', vendor)
    .execute();
  return t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'game_code', 'name'])
    .where('vendor_code', '=', vendor)
    .where('status', '=', 'active')
    .orderBy('node_id')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** A member's launch of the game `nodeId` from the site's games page (`path`: the trial launch too). */
export async function launchAs(t: TestApp, token: string, nodeId: number, path = '/wps/game/launchGame') {
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: token },
    payload: { nodeId, language: 'en', backUrl: '/games' },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Credits a member's PHP cash account (a deposit through the ledger). */
export async function fund(t: TestApp, memberId: number, amount: number): Promise<void> {
  await t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      idempotencyKey: uniqueId('fund'),
      type: 'deposit',
      reference: 'test',
      entries: [
        { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -amount },
        { account: { member: memberId, currency: 'PHP' }, amount },
      ],
    }),
  );
}

/**
 * A new member (`input`: as createMember's), funded with `amount` (none when 0), with a live game
 * session at `vendor`: its token and game, and `player`, the member as the vendor names them.
 */
export async function walletPlayer(
  t: TestApp,
  vendor: string,
  amount: number,
  input: Parameters<typeof createMember>[1] = {},
) {
  const m = await createMember(t.ctx, input);
  if (amount > 0) await fund(t, m.id, amount);
  const session = await createGameSession(t, { memberId: m.id, vendor });
  return { ...m, ...session, player: String(m.id) };
}

type CallPlayer = { token: string; player: string; gameCode: string };

/** A bet call's body: `amount` in PHP on a new round, then `extra`'s fields (over those). */
export function betBody<E extends Record<string, unknown> = Record<never, never>>(
  p: CallPlayer,
  amount: number,
  extra: E = {} as E,
) {
  return {
    token: p.token,
    player: p.player,
    gameCode: p.gameCode,
    roundId: uniqueId('round'),
    transactionId: uniqueId('bet'),
    amount,
    currency: 'PHP',
    ...extra,
  };
}

/** A win call's body paying `amount` in PHP on the round of `bet` (closing it unless told), then `extra`'s fields. */
export function winBody<E extends Record<string, unknown> = Record<never, never>>(
  p: Omit<CallPlayer, 'token'>,
  bet: { roundId: string; transactionId: string },
  amount: number,
  roundClosed = true,
  extra: E = {} as E,
) {
  return {
    player: p.player,
    gameCode: p.gameCode,
    roundId: bet.roundId,
    transactionId: uniqueId('win'),
    betTransactionId: bet.transactionId,
    amount,
    currency: 'PHP',
    roundClosed,
    ...extra,
  };
}
