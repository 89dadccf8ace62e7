import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from './sessions.service';

// The optional registration fields, added from the profile after a sign-up that asked only what
// the brand requires (docs/accounts.md "Registration").

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The demo brand enables payeeName, email and birthday as optional; telegram is enabled here too.
  await t.ctx.db.updateTable('register_field_rules').set({ enabled: true }).where('field', '=', 'telegram').execute();
});
afterAll(() => t.close());

async function member() {
  const m = await createMember(t.ctx);
  return issueSession(t.ctx, t.ctx.db, { memberId: m.id, area: 'member', ip: '127.0.0.1', userAgent: null });
}

function details(token: string, body?: Record<string, unknown>) {
  return t.app.inject({
    method: body ? 'PUT' : 'GET',
    url: '/wps/member/profile/details',
    headers: { authorization: token },
    ...(body ? { payload: body } : {}),
  });
}

function yearsAgo(years: number) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

describe('/wps/member/profile/details', () => {
  it('lists the enabled optional fields with their rules and values', async () => {
    const token = await member();
    const res = await details(token);
    expect(res.statusCode, res.body).toBe(200);
    const fields = res.json().value.fields;
    expect(fields.map((f: { field: string }) => f.field)).toEqual(['payeeName', 'birthday', 'telegram']);
    expect(fields[1]).toMatchObject({ field: 'birthday', value: null, locked: false, rule: { patternId: 11 } });
  });

  it('saves details to their rules; the birthday and real name are set once', async () => {
    const token = await member();
    const birthday = yearsAgo(30);
    const saved = await details(token, { birthday, telegram: 'player_tg' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'birthday', value: birthday, locked: true }),
        expect.objectContaining({ field: 'telegram', value: 'player_tg', locked: false }),
      ]),
    );
    const again = await details(token, { birthday: yearsAgo(40) });
    expect(again.statusCode).toBe(400);
    expect(again.json().value.fields).toEqual({ birthday: 'NOT_ALLOWED' });
    // The same value again changes nothing and is fine; a cleared optional field is emptied.
    expect((await details(token, { birthday, telegram: '' })).json().value.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'telegram', value: null })]),
    );
  });

  it('refuses disabled fields, bad patterns and an age under the check, changing nothing', async () => {
    const token = await member();
    const refused = await details(token, { line: 'abcd', birthday: '1990-02-30' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().value.fields).toEqual({ line: 'NOT_ALLOWED', birthday: 'PATTERN' });
    const young = await details(token, { birthday: yearsAgo(17) });
    expect(young.statusCode).toBe(422);
    expect(young.json().code).toBe('ACCOUNT_AGE_RESTRICTED');
    const fields = (await details(token)).json().value.fields;
    expect(fields.find((f: { field: string }) => f.field === 'birthday').value).toBeNull();
  });

  it('is for members only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/profile/details' })).statusCode).toBe(401);
  });
});
