// postgres: two sends with one key at once make one campaign, and two runs of the job send once
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBrand } from '../brand/brand.service';
import { actors, call, expectFailure } from '../cashier/cashier.fixtures';
import { sendDueCampaigns } from './campaigns.service';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = (await operator(['campaigns.manage'])).token;
});
afterAll(() => t.close());

const { member, operator } = actors(() => t, createMember);

async function tagged(tag: string, input: Parameters<typeof member>[0] = {}) {
  const m = await member(input);
  await sql`INSERT INTO member_tags (member_id, tag) VALUES (${m.id}, ${tag})`.execute(t.ctx.db);
  return m;
}

let phones = 0;
/** A mobile number no other member has (numbers are unique). */
function phone() {
  phones++;
  return `95${String(Date.now() % 1e6).padStart(6, '0')}${phones}`;
}

async function segment(name: string, filter: Record<string, unknown>, token = op) {
  return call(t, 'POST', '/admin/campaigns/segments', token, { name, filter });
}

async function segmentId(filter: Record<string, unknown>) {
  const res = await segment(`s-${Math.random()}`, filter);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}

async function inbox(token: string) {
  return (await call(t, 'GET', '/wps/messages', token)).json().value as {
    content: { id: string; title: string; content: string; read: boolean }[];
  };
}

async function outboxTo(recipient: string) {
  return t.ctx.db
    .selectFrom('outbox')
    .select(['channel', 'subject', 'text'])
    .where('recipient', '=', recipient)
    .orderBy('id')
    .execute();
}

const TEXTS = {
  EN: {
    title: 'Hi {name}',
    content: 'VIP {vip_level} at {site}: https://example.com/promo',
    sms: '{name}: see {site}',
  },
  TY: { title: 'Kumusta {name}', content: 'Antas {vip_level} sa {site}' },
};

function campaign(body: Record<string, unknown>, token = op) {
  return call(t, 'POST', '/admin/campaigns', token, {
    name: 'Spring',
    channels: ['inbox'],
    texts: TEXTS,
    fallbackLanguage: 'EN',
    idempotencyKey: randomUUID(),
    ...body,
  });
}

async function listed(id: number) {
  const list = (await call(t, 'GET', '/admin/campaigns?pageSize=200', op)).json().value;
  return list.content.find((c: { id: number }) => c.id === id);
}

describe('segments', () => {
  it('store the filter and are evaluated when used: their size follows the members', async () => {
    const tag = `seg${Date.now()}`;
    const a = await tagged(tag);
    await tagged(tag, { type: 1 });
    const created = await segment('Tagged', { tag: tag.toUpperCase() });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().value).toMatchObject({ name: 'Tagged', size: 2, everyone: false, filter: { field: 'all' } });
    const agents = await segmentId({ tag, agentsOnly: true });
    await t.ctx.db.updateTable('members').set({ vip_level: 4 }).where('id', '=', a.id).execute();
    const vip = await segmentId({ tag, vipMin: 3, vipMax: 5 });
    const byName = await segmentId({ q: a.username, field: 'username' });
    await tagged(tag);
    const listing = (await call(t, 'GET', '/admin/campaigns/segments', op)).json().value;
    const brand = await getBrand(t.ctx.db);
    // The brand's languages for the templates, its default first.
    expect(listing.languages[0]).toBe(brand.defaultLanguage.toUpperCase());
    expect([...listing.languages].sort()).toEqual(brand.supportedLanguages.map((l) => l.toUpperCase()).sort());
    const sizes = listing.content as { id: number; size: number }[];
    const size = (id: number) => sizes.find((s) => s.id === id)?.size;
    expect(size(created.json().value.id)).toBe(3);
    expect(size(agents)).toBe(1);
    expect(size(vip)).toBe(1);
    expect(size(byName)).toBe(1);
    const everyone = await segment('All active', { status: 'active' });
    expect(everyone.json().value.everyone).toBe(true);
  });

  it('a name is taken once, in any case: a second save of it is refused and saves nothing', async () => {
    const first = await segment('VIP weekend', { vipMin: 2 });
    expect(first.statusCode, first.body).toBe(200);
    const count = async () => (await t.ctx.db.selectFrom('campaign_segments').select('id').execute()).length;
    const before = await count();
    for (const name of ['VIP weekend', '  vip WEEKEND ']) {
      const again = await segment(name, { tag: 'other' });
      expectFailure(again, 409, 'CAMPAIGN_SEGMENT_NAME_TAKEN');
    }
    expect(await count()).toBe(before);
    const refused = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success'])
      .where('event', '=', 'campaign.segment')
      .where('success', '=', false)
      .execute();
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect((await segment('VIP weekend 2', { vipMin: 2 })).statusCode).toBe(200);
  });

  it('match the real name as the member search does: verified by KYC or entered by the member', async () => {
    const word = `Zq${Date.now().toString(36)}`;
    const verified = await member();
    await t.ctx.db
      .insertInto('kyc_identities')
      .values({
        member_id: verified.id,
        entered_name: `Ana ${word} Cruz`,
        entered_birthday: '1990-04-02',
        verified_name: `Ana ${word} Cruz`,
        verified_birthday: '1990-04-02',
        verified_at: t.ctx.now(),
      })
      .execute();
    const entered = await member();
    await t.ctx.db
      .updateTable('members')
      .set({ full_name: `Ben ${word.toUpperCase()}` })
      .where('id', '=', entered.id)
      .execute();
    const byName = await segment(`Named ${word}`, { q: word.toLowerCase(), field: 'name' });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().value.size).toBe(2);
    expect((await segment(`All fields ${word}`, { q: word })).json().value.size).toBe(2);
    // Digits are no name: the name field then matches nobody.
    expect((await segment(`Digits ${word}`, { q: '12345', field: 'name' })).json().value.size).toBe(0);
  });

  it('refuse bad filters and need the permission, saving nothing', async () => {
    const before = (await call(t, 'GET', '/admin/campaigns/segments', op)).json().value.content.length;
    expectFailure(await segment('x', { vipMin: 5, vipMax: 2 }), 400, 'VALIDATION_FAILED');
    expectFailure(await segment('x', { field: 'bankAccount', q: '123' }), 400, 'VALIDATION_FAILED');
    expectFailure(await segment('x', { unknown: 1 }), 400, 'VALIDATION_FAILED');
    expectFailure(await segment('', {}), 400, 'VALIDATION_FAILED');
    const other = await operator(['messages.read', 'messages.write']);
    expectFailure(await segment('x', {}, other.token), 403, 'AUTH_FORBIDDEN');
    expectFailure(await call(t, 'GET', '/admin/campaigns', other.token), 403, 'AUTH_FORBIDDEN');
    const player = await member();
    expectFailure(await call(t, 'GET', '/admin/campaigns/segments', player.token), 403, 'AUTH_FORBIDDEN');
    expect((await call(t, 'GET', '/admin/campaigns/segments', op)).json().value.content.length).toBe(before);
  });
});

describe('campaigns', () => {
  it('preview in each language with the placeholders filled and the reach per channel', async () => {
    const tag = `pre${Date.now()}`;
    const a = await tagged(tag, { email: `pre${Date.now()}@example.com`, mobileNum: phone() });
    await tagged(tag);
    await t.ctx.db.updateTable('members').set({ nickname: 'Ana', vip_level: 2 }).where('id', '=', a.id).execute();
    const id = await segmentId({ tag });
    const res = await call(t, 'POST', '/admin/campaigns/preview', op, {
      segmentId: id,
      channels: ['inbox', 'sms', 'mail'],
      texts: TEXTS,
      fallbackLanguage: 'EN',
    });
    expect(res.statusCode, res.body).toBe(200);
    const site = (await getBrand(t.ctx.db)).siteName;
    const value = res.json().value;
    expect(value).toMatchObject({
      reach: { members: 2, inbox: 2, sms: 1, mail: 1 },
      everyone: false,
      delivery: { sms: 'outbox', mail: 'outbox' },
      sample: a.username,
    });
    expect(value.languages).toEqual([
      {
        language: 'EN',
        fallback: false,
        title: 'Hi Ana',
        content: `VIP 2 at ${site}: https://example.com/promo`,
        sms: `Ana: see ${site}`,
      },
      { language: 'TY', fallback: false, title: 'Kumusta Ana', content: `Antas 2 sa ${site}`, sms: `Ana: see ${site}` },
    ]);
  });

  it('refuse a template with an unknown placeholder, a foreign language or no SMS text', async () => {
    const id = await segmentId({ tag: 'nobody-has-this' });
    const base = { segmentId: id, channels: ['inbox'], fallbackLanguage: 'EN' };
    const preview = (body: Record<string, unknown>) =>
      call(t, 'POST', '/admin/campaigns/preview', op, { ...base, ...body });
    expectFailure(
      await preview({ texts: { EN: { title: 'Hi {firstname}', content: 'x' } } }),
      400,
      'CAMPAIGN_TEMPLATE_INVALID',
    );
    expectFailure(
      await preview({ texts: { EN: { title: 'x', content: 'x' }, ZZ: { title: 'x', content: 'x' } } }),
      400,
      'CAMPAIGN_TEMPLATE_INVALID',
    );
    expectFailure(await preview({ texts: { TY: { title: 'x', content: 'x' } } }), 400, 'CAMPAIGN_TEMPLATE_INVALID');
    expectFailure(
      await preview({ channels: ['sms'], texts: { EN: { title: 'x', content: 'x' } } }),
      400,
      'CAMPAIGN_TEMPLATE_INVALID',
    );
    expectFailure(await preview({ channels: [], texts: TEXTS }), 400, 'VALIDATION_FAILED');
    expectFailure(await preview({ channels: ['fax'], texts: TEXTS }), 400, 'VALIDATION_FAILED');
    expectFailure(
      await call(t, 'POST', '/admin/campaigns/preview', op, { ...base, segmentId: 999_999, texts: TEXTS }),
      404,
      'CAMPAIGN_NOT_FOUND',
    );
  });

  it('are refused without the reach confirmed as it is now, and sent in each member’s language once confirmed', async () => {
    const tag = `send${Date.now()}`;
    const email = `en${Date.now()}@example.com`;
    const mobile = phone();
    const en = await tagged(tag, { email, mobileNum: mobile });
    const ty = await tagged(tag);
    await t.ctx.db.updateTable('members').set({ language: 'TY', vip_level: 3 }).where('id', '=', ty.id).execute();
    const outsider = await member();
    const id = await segmentId({ tag });
    const before = (await call(t, 'GET', '/admin/campaigns', op)).json().value.totalElements;
    const channels = ['inbox', 'sms', 'mail'];
    expectFailure(await campaign({ segmentId: id, channels }), 400, 'VALIDATION_FAILED');
    expectFailure(await campaign({ segmentId: id, channels, confirmReach: 3 }), 409, 'CAMPAIGN_REACH_UNCONFIRMED');
    expect((await call(t, 'GET', '/admin/campaigns', op)).json().value.totalElements).toBe(before);
    expect(await inbox(en.token)).toMatchObject({ content: [] });

    const sent = await campaign({ segmentId: id, channels, confirmReach: 2 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({
      status: 'sent',
      confirmedReach: 2,
      reach: { members: 2, inbox: 2, sms: 1, mail: 1 },
    });
    const site = (await getBrand(t.ctx.db)).siteName;
    const [forEn] = (await inbox(en.token)).content;
    expect(forEn?.title).toBe(`Hi ${en.username}`);
    expect(forEn?.content).toMatch(new RegExp(`^VIP 0 at ${site}: http://\\S+/wps/campaign-link/[\\w-]{22}/0$`));
    expect((await inbox(ty.token)).content.map((m) => [m.title, m.content])).toEqual([
      [`Kumusta ${ty.username}`, `Antas 3 sa ${site}`],
    ]);
    expect((await inbox(outsider.token)).content).toEqual([]);
    expect(await outboxTo(`+63${mobile}`)).toEqual([
      { channel: 'sms', subject: null, text: `${en.username}: see ${site}` },
    ]);
    const mail = await outboxTo(email);
    expect(mail).toMatchObject([{ channel: 'email', subject: `Hi ${en.username}` }]);
  });

  it('count inbox reads and link clicks, and redirect only to the links they carry', async () => {
    const tag = `count${Date.now()}`;
    const email = `count${Date.now()}@example.com`;
    const a = await tagged(tag, { email });
    const b = await tagged(tag);
    const id = await segmentId({ tag });
    const sent = await campaign({ segmentId: id, channels: ['inbox', 'mail'], confirmReach: 2 });
    const campaignId = sent.json().value.id as number;
    const [message] = (await inbox(a.token)).content;
    await call(t, 'GET', `/wps/messages/${message?.id}`, a.token);
    const link = message?.content.match(/\/wps\/campaign-link\/\S+/)?.[0] as string;
    const mailLink = (await outboxTo(email))[0]?.text.match(/\/wps\/campaign-link\/\S+/)?.[0];
    expect(mailLink).toBe(link);
    const click = await t.app.inject({ method: 'GET', url: link });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.com/promo');
    await t.app.inject({ method: 'GET', url: link });
    const [bMessage] = (await inbox(b.token)).content;
    const bLink = bMessage?.content.match(/\/wps\/campaign-link\/\S+/)?.[0] as string;
    expect(bLink).not.toBe(link);
    await t.app.inject({ method: 'GET', url: bLink });
    expect(await listed(campaignId)).toMatchObject({ readCount: 1, clicks: 3, clickers: 2 });
    // A link number the campaign does not have, or a token nobody was sent, redirects nowhere.
    expect((await t.app.inject({ method: 'GET', url: link.replace(/\/0$/, '/1') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/wps/campaign-link/AAAAAAAAAAAAAAAAAAAAAA/0' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/wps/campaign-link/bad!/0' })).statusCode).toBe(400);
    expect(await listed(campaignId)).toMatchObject({ readCount: 1, clicks: 3, clickers: 2 });
  });

  it('to everyone need the reach typed in as well, on the server too', async () => {
    const id = await segmentId({ status: 'active' });
    const preview = await call(t, 'POST', '/admin/campaigns/preview', op, {
      segmentId: id,
      channels: ['inbox'],
      texts: TEXTS,
      fallbackLanguage: 'EN',
    });
    const { reach, everyone } = preview.json().value;
    expect(everyone).toBe(true);
    const later = new Date(t.ctx.now().getTime() + 86_400_000).toISOString();
    const body = { segmentId: id, confirmReach: reach.members, sendAt: later };
    expectFailure(await campaign(body), 409, 'CAMPAIGN_REACH_UNCONFIRMED');
    expectFailure(
      await campaign({ ...body, typedReach: String(reach.members + 1) }),
      409,
      'CAMPAIGN_REACH_UNCONFIRMED',
    );
    const ok = await campaign({ ...body, typedReach: String(reach.members) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.status).toBe('scheduled');
    const cancelled = await call(t, 'POST', `/admin/campaigns/${ok.json().value.id}/cancel`, op);
    expect(cancelled.json().value.status).toBe('cancelled');
    expectFailure(
      await call(t, 'POST', `/admin/campaigns/${ok.json().value.id}/cancel`, op),
      409,
      'CAMPAIGN_NOT_SCHEDULED',
    );
    expectFailure(await call(t, 'POST', '/admin/campaigns/999999/cancel', op), 404, 'CAMPAIGN_NOT_FOUND');
  });

  it('are sent once per key: a second press, a retry and two requests at once make one campaign', {
    tags: ['postgres'],
  }, async () => {
    const tag = `once${Date.now()}`;
    const a = await tagged(tag);
    const id = await segmentId({ tag });
    const body = { segmentId: id, confirmReach: 1, idempotencyKey: randomUUID() };
    const before = (await call(t, 'GET', '/admin/campaigns', op)).json().value.totalElements;
    const [one, two] = await Promise.all([campaign(body), campaign(body)]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().value.id).toBe(one.json().value.id);
    const retry = await campaign(body);
    expect(retry.json().value).toMatchObject({ id: one.json().value.id, status: 'sent' });
    expect((await call(t, 'GET', '/admin/campaigns', op)).json().value.totalElements).toBe(before + 1);
    expect((await inbox(a.token)).content).toHaveLength(1);
    expectFailure(
      await campaign({ segmentId: id, confirmReach: 1, idempotencyKey: 'short' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('scheduled go out at their time exactly once, even with two runs of the job at once', {
    tags: ['postgres'],
  }, async () => {
    const tag = `job${Date.now()}`;
    const mobile = phone();
    const a = await tagged(tag, { mobileNum: mobile });
    const id = await segmentId({ tag });
    const at = new Date(t.ctx.now().getTime() + 3_600_000).toISOString();
    const scheduled = await campaign({ segmentId: id, channels: ['inbox', 'sms'], confirmReach: 1, sendAt: at });
    expect(scheduled.json().value).toMatchObject({ status: 'scheduled', reach: null });
    expect(await sendDueCampaigns(t.ctx)).toBe(0);
    // Joined the segment after it was confirmed: the segment is evaluated when the campaign is sent.
    const late = await tagged(tag);
    t.advance(3_600_000 + 1000);
    const runs = await Promise.all([sendDueCampaigns(t.ctx), sendDueCampaigns(t.ctx)]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await sendDueCampaigns(t.ctx)).toBe(0);
    expect((await inbox(a.token)).content).toHaveLength(1);
    expect((await inbox(late.token)).content).toHaveLength(1);
    expect(await outboxTo(`+63${mobile}`)).toHaveLength(1);
    op = (await operator(['campaigns.manage'])).token;
    expect(await listed(scheduled.json().value.id)).toMatchObject({
      status: 'sent',
      confirmedReach: 1,
      reach: { members: 2, inbox: 2, sms: 1, mail: 0 },
    });
    const copies = await t.ctx.db
      .selectFrom('member_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', scheduled.json().value.id)
      .executeTakeFirstOrThrow();
    expect(Number(copies.n)).toBe(2);
  });

  it('leave out members on a break', async () => {
    const tag = `brk${Date.now()}`;
    const resting = await tagged(tag);
    await tagged(tag);
    const taken = await call(t, 'POST', '/wps/responsible/break', resting.token, { period: '24h', confirm: true });
    expect(taken.statusCode, taken.body).toBe(200);
    const id = await segmentId({ tag });
    expectFailure(await campaign({ segmentId: id, confirmReach: 2 }), 409, 'CAMPAIGN_REACH_UNCONFIRMED');
    expect((await campaign({ segmentId: id, confirmReach: 1 })).json().value.reach.members).toBe(1);
    expect((await inbox(resting.token)).content).toEqual([]);
  });
});
