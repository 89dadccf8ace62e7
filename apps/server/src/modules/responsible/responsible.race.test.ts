// postgres: concurrent deposits and bets that together cross a limit race for the member's limits row
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createGameSession, vendorClient } from '../../test/vendor-client';
import { actors, call, fund, requestId } from '../cashier/cashier.fixtures';
import { balanceOf } from '../ledger/ledger.service';

// Concurrent deposits or bets that would together cross a limit; only those that
// fit are accepted (the guards lock the member's responsible_settings row inside the posting's
// transaction, responsible.service.ts).

let t: TestApp;
const { member } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function setLimits(token: string, payload: Record<string, number>) {
  return t.app.inject({ method: 'PUT', url: '/wps/responsible/limits', headers: { authorization: token }, payload });
}

describe('limits under concurrency', { tags: ['postgres'] }, () => {
  it('accepts only the concurrent deposit orders that fit the daily deposit limit', async () => {
    const m = await member();
    expect((await setLimits(m.token, { depositDay: 500 })).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t, 'POST', '/wps/cashier/deposit', m.token, {
          methodCode: 'BANK_TRANSFER',
          amount: 200,
          requestId: requestId(),
        }),
      ),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? 'OK' : a.json().code)).sort();
    expect(codes).toEqual([
      'OK',
      'OK',
      'RESPONSIBLE_DEPOSIT_LIMIT',
      'RESPONSIBLE_DEPOSIT_LIMIT',
      'RESPONSIBLE_DEPOSIT_LIMIT',
    ]);
    const orders = await t.ctx.db.selectFrom('deposit_orders').select('amount').where('member_id', '=', m.id).execute();
    expect(orders).toHaveLength(2);
  });

  it('accepts only the concurrent bets that fit the wager limit; the refused take nothing', async () => {
    const m = await member();
    await fund(t, m.id, 100_000);
    expect((await setLimits(m.token, { wagerDay: 10 })).statusCode).toBe(200);
    const client = vendorClient(t, 'PT');
    const sessions = await Promise.all(
      Array.from({ length: 6 }, () => createGameSession(t, { memberId: m.id, vendor: 'PT' })),
    );
    const answers = await Promise.all(
      sessions.map((s, i) =>
        client.call('bet', {
          token: s.token,
          player: String(m.id),
          gameCode: s.gameCode,
          roundId: `race-${m.id}-${i}`,
          transactionId: `race-${m.id}-${i}-bet`,
          amount: 300,
          currency: 'PHP',
        }),
      ),
    );
    const statuses = answers.map((a) => a.body.status).sort();
    expect(statuses).toEqual(['ERROR_PLAYER_LIMIT', 'ERROR_PLAYER_LIMIT', 'ERROR_PLAYER_LIMIT', 'OK', 'OK', 'OK']);
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(100_000 - 900);
  });
});
