import { createHash } from 'node:crypto';
import { LaunchGameValue } from '@gamehall/shared/api/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { vendorClient } from '../../test/vendor-client';
import { issueSession } from '../accounts/sessions.service';
import { setSwitch } from '../brand/brand.service';
import { GUEST_TRIALS_PER_IP } from './launch.service';

// A guest (no account) tries a game while the brand's FREEPLAY3 allows free play: a trial session on
// the studio's demo balance that belongs to no member, so no path from it reaches a wallet.

let t: TestApp;
let nodeId: number;
let vendor: string;

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  const game = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'vendor_code'])
    .where('game_type', '=', 'RNG')
    .where('status', '=', 'active')
    .where('vendor_code', '=', 'CQ9')
    .orderBy('node_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  nodeId = Number(game.node_id);
  vendor = game.vendor_code;
});
afterAll(() => t.close());

function guestLaunch(ip = '198.51.100.7', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame/trial',
    payload: { nodeId },
    headers,
    remoteAddress: ip,
  });
}

async function count(table: 'members' | 'ledger_accounts' | 'ledger_postings') {
  const r = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function tokenOf(url: string) {
  return new URL(url, 'http://site.test').searchParams.get('token') as string;
}

describe('a guest trial launch (FREEPLAY3 on)', () => {
  it('opens a demo session that belongs to no member, making no member and no wallet', async () => {
    const before = { members: await count('members'), accounts: await count('ledger_accounts') };
    const res = await guestLaunch();
    expect(res.statusCode, res.body).toBe(200);
    const v = LaunchGameValue.parse(res.json().value);
    expect(v.mode).toBe('trial');
    expect(new URL(v.url, 'http://site.test').searchParams.get('mode')).toBe('trial');
    const hash = createHash('sha256').update(tokenOf(v.url)).digest('hex');
    const row = await t.ctx.db
      .selectFrom('game_sessions')
      .select(['trial', 'member_id'])
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ trial: true, member_id: null });
    expect(await count('members')).toBe(before.members);
    expect(await count('ledger_accounts')).toBe(before.accounts);
  });

  it('can never reach the wallet: the vendor wallet refuses its balance, bets and wins, and moves no money', async () => {
    const v = (await guestLaunch('198.51.100.8')).json().value;
    const token = tokenOf(v.url);
    const client = vendorClient(t, vendor);
    const postings = await count('ledger_postings');
    const balance = await client.call('balance', { token });
    expect(balance.body).toMatchObject({ status: 'ERROR_TRIAL_SESSION', balance: 0 });
    const bet = await client.call('bet', {
      token,
      player: '1',
      gameCode: v.gameCode,
      roundId: 'guest-round-1',
      transactionId: 'guest-bet-1',
      amount: 100,
      currency: 'PHP',
    });
    expect(bet.body.status).not.toBe('OK');
    const win = await client.call('win', {
      player: '1',
      gameCode: v.gameCode,
      roundId: 'guest-round-1',
      transactionId: 'guest-win-1',
      betTransactionId: 'guest-bet-1',
      amount: 500,
      currency: 'PHP',
      roundClosed: true,
    });
    expect(win.body.status).not.toBe('OK');
    expect(await count('ledger_postings')).toBe(postings);
    // The game token is no site session: the member routes refuse it.
    for (const url of ['/wps/v2/wallets/balance', '/wps/cashier/paymentMethods', '/wps/member/info']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(res.statusCode, url).toBe(401);
    }
    // Nor does a guest get a real launch.
    const real = await t.app.inject({ method: 'POST', url: '/wps/game/launchGame', payload: { nodeId } });
    expect(real.statusCode).toBe(401);
  });

  it('is limited per address', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < GUEST_TRIALS_PER_IP.max; i++) expect((await guestLaunch(ip)).statusCode).toBe(200);
    const refused = await guestLaunch(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // Another address is not held up, nor is a signed-in account.
    expect((await guestLaunch('198.51.100.10')).statusCode).toBe(200);
    const m = await createMember(t.ctx);
    const token = await issueSession(t.ctx, t.ctx.db, { memberId: m.id, area: 'member', ip, userAgent: null });
    expect((await guestLaunch(ip, { authorization: token })).statusCode).toBe(200);
  });

  it('treats a dead token as a session to renew, not as a guest', async () => {
    const res = await guestLaunch('198.51.100.11', { authorization: 'bogus' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_SESSION_EXPIRED');
  });
});

describe('a guest trial launch (FREEPLAY3 off)', () => {
  it('asks the guest to sign in (spec §6), opening nothing', async () => {
    await setSwitch(t.ctx.db, 'FREEPLAY3', false);
    try {
      const res = await guestLaunch('198.51.100.12');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH_REQUIRED');
    } finally {
      await setSwitch(t.ctx.db, 'FREEPLAY3', true);
    }
  });
});
