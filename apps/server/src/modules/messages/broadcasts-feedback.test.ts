import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { openTestSocket } from '../../test/socket-client';
import { captchaAnswerHash } from '../accounts/captcha.service';
import { actors, call, expectFailure, PNG_BYTES } from '../cashier/cashier.fixtures';
import { sendDueBroadcasts } from './broadcasts.service';

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = (await operator(['messages.read', 'messages.write', 'feedback.answer'])).token;
});
afterAll(() => t.close());

const { member, operator } = actors(() => t, createMember);

async function inbox(token: string) {
  return (await call(t, 'GET', '/wps/messages', token)).json().value as {
    content: { id: string; title: string; content: string; read: boolean; source: string }[];
    unread: number;
  };
}

function draft(body: Record<string, unknown>) {
  return {
    texts: { EN: { title: 'Hello', content: 'Welcome to {site}' }, TY: { title: 'Sawasdee', content: 'TY text' } },
    fallbackLanguage: 'EN',
    ...body,
  };
}

/** The console's path: preview, then send with the reach shown confirmed (typed as well) under a fresh key. */
async function broadcast(body: Record<string, unknown>, token = op) {
  const seen = await call(t, 'POST', '/admin/broadcasts/preview', token, draft(body));
  const reach = seen.statusCode === 200 ? (seen.json().value.reach as number) : 0;
  return call(t, 'POST', '/admin/broadcasts', token, {
    ...draft(body),
    confirmReach: reach,
    typedReach: String(reach),
    idempotencyKey: randomUUID(),
  });
}

async function broadcastCount() {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM broadcasts`.execute(t.ctx.db);
  return Number(rows[0]?.n);
}

describe('broadcasts', () => {
  it('are sent only with the reach shown confirmed, typed in for everyone; a refusal sends nothing', async () => {
    const a = await member();
    const b = await member();
    const listed = { audience: { type: 'members', usernames: [a.username, b.username] } };
    const seen = await call(t, 'POST', '/admin/broadcasts/preview', op, draft(listed));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().value).toEqual({ reach: 2, everyone: false });
    const before = await broadcastCount();
    const key = randomUUID();
    expectFailure(
      await call(t, 'POST', '/admin/broadcasts', op, { ...draft(listed), idempotencyKey: key }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await call(t, 'POST', '/admin/broadcasts', op, { ...draft(listed), confirmReach: 3, idempotencyKey: key }),
      409,
      'BROADCAST_REACH_UNCONFIRMED',
    );
    expect(await broadcastCount()).toBe(before);
    expect((await inbox(a.token)).content).toHaveLength(0);

    const everyone = { audience: { type: 'everyone' } };
    const all = (await call(t, 'POST', '/admin/broadcasts/preview', op, draft(everyone))).json().value;
    expect(all).toMatchObject({ everyone: true });
    expect(all.reach).toBeGreaterThanOrEqual(2);
    const clicked = { ...draft(everyone), confirmReach: all.reach, idempotencyKey: randomUUID() };
    expectFailure(await call(t, 'POST', '/admin/broadcasts', op, clicked), 409, 'BROADCAST_REACH_UNCONFIRMED');
    const mistyped = { ...clicked, typedReach: String(all.reach + 1) };
    expectFailure(await call(t, 'POST', '/admin/broadcasts', op, mistyped), 409, 'BROADCAST_REACH_UNCONFIRMED');
    expect(await broadcastCount()).toBe(before);
    expect((await inbox(b.token)).content).toHaveLength(0);
    const typed = await call(t, 'POST', '/admin/broadcasts', op, { ...clicked, typedReach: String(all.reach) });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().value).toMatchObject({ status: 'sent', reach: all.reach });
    expect((await inbox(b.token)).content).toHaveLength(1);
  });

  it('are sent once per key: a second press, a retry and two requests at once send one broadcast', async () => {
    const a = await member();
    const body = {
      ...draft({ audience: { type: 'members', usernames: [a.username] } }),
      confirmReach: 1,
      idempotencyKey: randomUUID(),
    };
    const before = await broadcastCount();
    const [one, two] = await Promise.all([
      call(t, 'POST', '/admin/broadcasts', op, body),
      call(t, 'POST', '/admin/broadcasts', op, body),
    ]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().value.id).toBe(one.json().value.id);
    const retry = await call(t, 'POST', '/admin/broadcasts', op, body);
    expect(retry.json().value).toMatchObject({ id: one.json().value.id, status: 'sent', reach: 1 });
    expect(await broadcastCount()).toBe(before + 1);
    expect((await inbox(a.token)).content).toHaveLength(1);
    const again = await call(t, 'POST', '/admin/broadcasts', op, { ...body, idempotencyKey: randomUUID() });
    expect(again.statusCode, again.body).toBe(200);
    expect((await inbox(a.token)).content).toHaveLength(2);
  });

  it('reach exactly their audience: a list of members, an agent team, a VIP level', async () => {
    const a = await member();
    const b = await member();
    const outsider = await member();
    const listed = await broadcast({ audience: { type: 'members', usernames: [a.username, b.username] } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().value).toMatchObject({
      status: 'sent',
      reach: 2,
      audience: { type: 'members', memberCount: 2 },
    });
    expect((await inbox(a.token)).content.map((m) => m.title)).toEqual(['Hello']);
    expect((await inbox(b.token)).content).toHaveLength(1);
    expect((await inbox(outsider.token)).content).toHaveLength(0);

    const agent = await member({ type: 1 });
    const downline = await member({ uplineId: agent.id });
    const deeper = await member({ uplineId: downline.id });
    const team = await broadcast({ audience: { type: 'team', agentId: agent.id } });
    expect(team.json().value).toMatchObject({ status: 'sent', reach: 2 });
    expect((await inbox(downline.token)).content).toHaveLength(1);
    expect((await inbox(deeper.token)).content).toHaveLength(1);
    expect((await inbox(agent.token)).content).toHaveLength(0);
    expect((await inbox(outsider.token)).content).toHaveLength(0);

    await t.ctx.db.updateTable('members').set({ vip_level: 3 }).where('id', '=', outsider.id).execute();
    const vip = await broadcast({ audience: { type: 'vip_level', vipLevel: 3 } });
    expect(vip.statusCode, vip.body).toBe(200);
    expect((await inbox(outsider.token)).content).toHaveLength(1);
    expect((await inbox(a.token)).content).toHaveLength(1);
  });

  it('leave a member on a time-out or self-exclusion out of marketing ones only, while the break lasts', async () => {
    const resting = await member();
    const other = await member();
    const taken = await call(t, 'POST', '/wps/responsible/break', resting.token, { period: '24h', confirm: true });
    expect(taken.statusCode, taken.body).toBe(200);
    const usernames = [resting.username, other.username];
    const promo = await broadcast({ audience: { type: 'members', usernames }, marketing: true });
    expect(promo.json().value).toMatchObject({ status: 'sent', reach: 1 });
    await broadcast({ audience: { type: 'members', usernames } });
    expect((await inbox(other.token)).content).toHaveLength(2);
    const rest = await inbox(resting.token);
    expect(rest.content).toHaveLength(1);
    expect(rest.unread).toBe(1);
    // Once the break is over, the member is in every audience again.
    await sql`UPDATE responsible_settings SET break_until = now() - interval '1 minute' WHERE member_id = ${resting.id}`.execute(
      t.ctx.db,
    );
    expect((await inbox(resting.token)).content).toHaveLength(2);
  });

  it("is read in the member's language with the fallback, and read and delete are per member", async () => {
    const a = await member();
    const b = await member();
    await t.ctx.db.updateTable('members').set({ language: 'TY' }).where('id', '=', b.id).execute();
    await t.ctx.db.updateTable('members').set({ language: 'VI' }).where('id', '=', a.id).execute();
    await broadcast({ audience: { type: 'members', usernames: [a.username, b.username] } });
    const [forA] = (await inbox(a.token)).content;
    const [forB] = (await inbox(b.token)).content;
    expect(forA).toMatchObject({
      title: 'Hello',
      content: expect.stringMatching(/^Welcome to \S/),
      source: 'operator',
    });
    expect(forA?.content).not.toContain('{site}');
    expect(forB).toMatchObject({ title: 'Sawasdee' });
    expect((await call(t, 'GET', '/wps/relay/CSP_unreadCount', a.token)).json().value.count).toBe(1);
    expect((await call(t, 'GET', `/wps/messages/${forA?.id}`, a.token)).json().value.read).toBe(true);
    expect((await call(t, 'GET', '/wps/relay/CSP_unreadCount', a.token)).json().value.count).toBe(0);
    expect((await call(t, 'GET', '/wps/relay/CSP_unreadCount', b.token)).json().value.count).toBe(1);
    expect((await call(t, 'DELETE', `/wps/messages/${forB?.id}`, b.token)).statusCode).toBe(200);
    expect((await inbox(b.token)).content).toHaveLength(0);
    expect((await inbox(a.token)).content).toHaveLength(1);
    const outsider = await member();
    expectFailure(await call(t, 'GET', `/wps/messages/${forA?.id}`, outsider.token), 404, 'MESSAGE_NOT_FOUND');
    expectFailure(await call(t, 'DELETE', `/wps/messages/${forA?.id}`, outsider.token), 404, 'MESSAGE_NOT_FOUND');
    const list = (await call(t, 'GET', '/admin/broadcasts?pageSize=5', op)).json().value;
    expect(list.content[0]).toMatchObject({ reach: 2, readCount: 2 });
  });

  it('waits for its time when scheduled, can be cancelled before, and skips members who joined after', async () => {
    const early = await member();
    const at = new Date(t.ctx.now().getTime() + 3_600_000).toISOString();
    const scheduled = await broadcast({ audience: { type: 'everyone' }, sendAt: at, marketing: true });
    expect(scheduled.json().value).toMatchObject({ status: 'scheduled', reach: null, marketing: true });
    const cancelled = await broadcast({ audience: { type: 'everyone' }, sendAt: at });
    expect(
      (await call(t, 'POST', `/admin/broadcasts/${cancelled.json().value.id}/cancel`, op)).json().value.status,
    ).toBe('cancelled');
    expect((await inbox(early.token)).content).toHaveLength(0);
    t.advance(3_600_000 + 1000);
    expect(await sendDueBroadcasts(t.ctx)).toBe(1);
    // The clock moved past the operator's idle limit: a new session.
    op = (await operator(['messages.read', 'messages.write', 'feedback.answer'])).token;
    expect((await inbox(early.token)).content).toHaveLength(1);
    expectFailure(
      await call(t, 'POST', `/admin/broadcasts/${scheduled.json().value.id}/cancel`, op),
      409,
      'BROADCAST_NOT_SCHEDULED',
    );
    const late = await member();
    await sql`UPDATE members SET created_at = ${t.ctx.now()} WHERE id = ${late.id}`.execute(t.ctx.db);
    expect((await inbox(late.token)).content).toHaveLength(0);
  });

  it('refuses bad audiences and texts and needs the permission, sending nothing', async () => {
    const before = (await call(t, 'GET', '/admin/broadcasts', op)).json().value.totalElements;
    expectFailure(
      await broadcast({ audience: { type: 'members', usernames: ['nobody-here'] } }),
      400,
      'BROADCAST_AUDIENCE_INVALID',
    );
    expectFailure(
      await broadcast({ audience: { type: 'vip_level', vipLevel: 999 } }),
      400,
      'BROADCAST_AUDIENCE_INVALID',
    );
    const plain = await member();
    expectFailure(
      await broadcast({ audience: { type: 'team', agentId: plain.id } }),
      400,
      'BROADCAST_AUDIENCE_INVALID',
    );
    expectFailure(
      await broadcast({ audience: { type: 'everyone' }, fallbackLanguage: 'ZH' }),
      400,
      'BROADCAST_TEXT_MISSING',
    );
    expectFailure(await broadcast({ audience: { type: 'nobody' } }), 400, 'VALIDATION_FAILED');
    const reader = await operator(['messages.read']);
    expectFailure(await broadcast({ audience: { type: 'everyone' } }, reader.token), 403, 'AUTH_FORBIDDEN');
    expectFailure(await broadcast({ audience: { type: 'everyone' } }, plain.token), 403, 'AUTH_FORBIDDEN');
    expect((await call(t, 'GET', '/admin/broadcasts', op)).json().value.totalElements).toBe(before);
  });
});

// A real image: what is kept is decoded and re-encoded (http/image-upload.ts).
const PNG = PNG_BYTES;

function multipart(fields: Record<string, string>, files: { name: string; type: string; data: Buffer }[]) {
  const boundary = `----gh${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function sendFeedback(
  token: string,
  fields: Record<string, string>,
  files: { name: string; type: string; data: Buffer }[] = [],
) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    payload: body.payload,
    headers: { ...body.headers, authorization: token },
  });
}

describe('feedback', () => {
  it('takes a question with images checked by content; an operator answers and the answer arrives as a message', async () => {
    const m = await member();
    const sent = await sendFeedback(m.token, { questionType: 'deposit', content: 'My deposit has not arrived yet.' }, [
      { name: 'proof.png', type: 'image/png', data: PNG },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().value.id as number;
    const mine = (await call(t, 'GET', '/wps/feedback', m.token)).json().value;
    expect(mine.content).toEqual([
      expect.objectContaining({ id, questionType: 'deposit', status: 'open', imageCount: 1, answer: null }),
    ]);
    const queue = (await call(t, 'GET', '/admin/feedback?status=open', op)).json().value;
    const item = queue.content.find((f: { id: number }) => f.id === id);
    expect(item).toMatchObject({ username: m.username, imageIds: [expect.any(Number)] });
    const image = await call(t, 'GET', `/admin/feedback/images/${item.imageIds[0]}`, op);
    expect(image.headers['content-type']).toBe('image/png');
    const answered = await call(t, 'POST', `/admin/feedback/${id}/answer`, op, { answer: 'It is credited now.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await call(t, 'GET', '/wps/feedback', m.token)).json().value.content[0]).toMatchObject({
      status: 'answered',
      answer: 'It is credited now.',
    });
    expect((await inbox(m.token)).content[0]).toMatchObject({
      title: 'Your feedback was answered',
      content: 'It is credited now.',
    });
    expectFailure(
      await call(t, 'POST', `/admin/feedback/${id}/answer`, op, { answer: 'again' }),
      409,
      'FEEDBACK_ALREADY_ANSWERED',
    );
    expectFailure(
      await call(t, 'POST', '/admin/feedback/999999/answer', op, { answer: 'x' }),
      404,
      'FEEDBACK_NOT_FOUND',
    );
  });

  it('refuses text outside the bounds, a bad type and images that are not png or jpg by content, storing nothing', async () => {
    const m = await member();
    expectFailure(
      await sendFeedback(m.token, { questionType: 'deposit', content: 'short' }),
      400,
      'FEEDBACK_CONTENT_LENGTH',
    );
    // Words are counted, not characters: 40 letters are one word, too few; 301 words too many; 250
    // long words are within the words but over the 5,000 characters any feedback may hold.
    const tooShort = await sendFeedback(m.token, { questionType: 'deposit', content: 'x'.repeat(40) });
    expectFailure(tooShort, 400, 'FEEDBACK_CONTENT_LENGTH');
    expect(tooShort.json().value).toMatchObject({ minWords: 3, maxWords: 300, maxCharacters: 5_000 });
    expectFailure(
      await sendFeedback(m.token, { questionType: 'deposit', content: 'word '.repeat(301) }),
      400,
      'FEEDBACK_CONTENT_LENGTH',
    );
    expectFailure(
      await sendFeedback(m.token, { questionType: 'deposit', content: `${'w'.repeat(24)} `.repeat(250) }),
      400,
      'FEEDBACK_CONTENT_LENGTH',
    );
    expectFailure(
      await sendFeedback(m.token, { questionType: 'lottery', content: 'A long enough text' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await sendFeedback(m.token, { questionType: 'other', content: 'A long enough text' }, [
        { name: 'fake.png', type: 'image/png', data: Buffer.from('GIF89a not a png at all') },
      ]),
      400,
      'FEEDBACK_IMAGE_INVALID',
    );
    expect((await call(t, 'GET', '/wps/feedback', m.token)).json().value.totalElements).toBe(0);

    // Words written without spaces are counted too: five words of Chinese are enough.
    expect((await sendFeedback(m.token, { questionType: 'deposit', content: '我的存款没有到账' })).statusCode).toBe(
      200,
    );
  });
});

/** Fetches a captcha for an address and replaces its answer by a known one (the image is random). */
async function captchaFor(remoteAddress: string, answer = 'ABCD') {
  t.advance(1100);
  const res = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.ctx.db
    .selectFrom('captchas')
    .select('client_key')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('captchas')
    .set({ answer_hash: captchaAnswerHash(t.ctx, row.client_key, answer) })
    .where('client_key', '=', row.client_key)
    .execute();
  return answer;
}

function visitorFeedback(remoteAddress: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = multipart(fields, []);
  return t.app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
    remoteAddress,
  });
}

async function feedbackCount() {
  const r = await t.ctx.db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('feedback from visitors (spec: feedback is not members-only)', () => {
  const text = { questionType: 'suggestion', content: 'Please add more card games.' };

  it("takes a visitor's feedback with an e-mail and the guest captcha; the answer goes to that e-mail, in their language", async () => {
    const ip = '198.51.100.21';
    const captcha = await captchaFor(ip);
    const sent = await visitorFeedback(ip, { ...text, email: 'visitor@example.com', captcha }, { language: 'TY' });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().value.id as number;
    const queue = (await call(t, 'GET', '/admin/feedback?status=open', op)).json().value;
    expect(queue.content.find((f: { id: number }) => f.id === id)).toMatchObject({
      memberId: null,
      username: null,
      contactEmail: 'visitor@example.com',
      content: 'Please add more card games.',
    });
    const answered = await call(t, 'POST', `/admin/feedback/${id}/answer`, op, { answer: 'Coming next month.' });
    expect(answered.statusCode, answered.body).toBe(200);
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .select(['channel', 'subject', 'text'])
      .where('recipient', '=', 'visitor@example.com')
      .execute();
    expect(mail).toEqual([{ channel: 'email', subject: 'Nasagot na ang iyong feedback', text: 'Coming next month.' }]);
  });

  it('refuses a visitor without the captcha, with a wrong one, or without a valid e-mail, storing nothing', async () => {
    const ip = '198.51.100.22';
    const before = await feedbackCount();
    const none = await visitorFeedback(ip, { ...text, email: 'v@example.com' });
    expectFailure(none, 400, 'CAPTCHA_REQUIRED');
    await captchaFor(ip, 'RIGHT');
    expectFailure(
      await visitorFeedback(ip, { ...text, email: 'v@example.com', captcha: 'WRONG' }),
      400,
      'CAPTCHA_INVALID',
    );
    const noMail = await visitorFeedback(ip, { ...text, captcha: await captchaFor(ip) });
    expectFailure(noMail, 400, 'VALIDATION_FAILED');
    expect(noMail.json().value.fields).toEqual({ email: 'REQUIRED' });
    const badMail = await visitorFeedback(ip, { ...text, email: 'not-an-email', captcha: await captchaFor(ip) });
    expect(badMail.json().value.fields).toEqual({ email: 'PATTERN' });
    // A member's expired token is a session to renew, not a visitor.
    expectFailure(
      await visitorFeedback(ip, { ...text, email: 'v@example.com' }, { authorization: 'expired-token' }),
      401,
      'AUTH_SESSION_EXPIRED',
    );
    expect(await feedbackCount()).toBe(before);
  });

  it('takes at most 5 a day from one address; the sixth is refused with when to try again', async () => {
    const ip = '198.51.100.23';
    for (let i = 0; i < 5; i++) {
      const ok = await visitorFeedback(ip, { ...text, email: `v${i}@example.com`, captcha: await captchaFor(ip) });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const before = await feedbackCount();
    const sixth = await visitorFeedback(ip, { ...text, email: 'v6@example.com', captcha: await captchaFor(ip) });
    expectFailure(sixth, 429, 'RATE_LIMITED');
    expect(sixth.json().value.retryAfterSeconds).toBeGreaterThan(0);
    expect(await feedbackCount()).toBe(before);
    // Another address is not held back.
    const other = '198.51.100.24';
    expect(
      (await visitorFeedback(other, { ...text, email: 'w@example.com', captcha: await captchaFor(other) })).statusCode,
    ).toBe(200);
  });

  it('in demo mode the visitor reads its own answer at /dev/captcha.json, and no one else does', async () => {
    const ip = '198.51.100.25';
    const answerOf = async (headers: Record<string, string>, remoteAddress = ip) => {
      const res = await t.app.inject({ method: 'GET', url: '/dev/captcha.json', remoteAddress, headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { answer: string | null }).answer;
    };
    // The first image is filed under the address and user agent (the browser has no cookie yet).
    t.advance(1100);
    const first = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip });
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    const firstAnswer = await answerOf({});
    expect(firstAnswer).toMatch(/^[A-Z0-9]{4,6}$/);
    // Another address holds no captcha, whatever it asks.
    expect(await answerOf({}, '198.51.100.26')).toBeNull();
    // The next image goes under the cookie, which is looked up first.
    t.advance(1100);
    await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip, headers: { cookie } });
    const answer = await answerOf({ cookie });
    expect(answer).toMatch(/^[A-Z0-9]{4,6}$/);
    expect(await answerOf({ cookie: 'ghcid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, '198.51.100.27')).toBeNull();
    const sent = await visitorFeedback(
      ip,
      { ...text, email: 'demo-visitor@example.com', captcha: answer ?? '' },
      { cookie },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    // Spent with the feedback: the answer is gone.
    expect(await answerOf({ cookie })).not.toBe(answer);
  });

  it("a member's feedback needs neither captcha nor e-mail, and stays theirs", async () => {
    const m = await member();
    const sent = await sendFeedback(m.token, text);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await call(t, 'GET', '/wps/feedback', m.token)).json().value.totalElements).toBe(1);
  });
});

describe('live push of broadcasts over /ws', () => {
  it('moves the badges of the connected members of the audience only, sent now or when due', async () => {
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const vip = await member();
    const plain = await member();
    await t.ctx.db.updateTable('members').set({ vip_level: 3 }).where('id', '=', vip.id).execute();
    const sockets = [vip, plain].map((m) => openTestSocket(`${base}/ws?token=${m.token}`));
    const [vipSocket, plainSocket] = sockets as [(typeof sockets)[0], (typeof sockets)[0]];
    await Promise.all(sockets.map((s) => s.next('ready')));
    const pushed = (socket: typeof vipSocket, id: number) => socket.next('message', (m) => m.data.broadcast === id);

    const level = (await broadcast({ audience: { type: 'vip_level', vipLevel: 3 } })).json().value.id as number;
    const listed = (await broadcast({ audience: { type: 'members', usernames: [plain.username] } })).json().value
      .id as number;
    await pushed(vipSocket, level);
    await pushed(plainSocket, listed);
    const at = new Date(t.ctx.now().getTime() + 60_000).toISOString();
    const later = (await broadcast({ audience: { type: 'everyone' }, sendAt: at })).json().value.id as number;
    t.advance(61_000);
    expect(await sendDueBroadcasts(t.ctx)).toBe(1);
    await Promise.all([pushed(vipSocket, later), pushed(plainSocket, later)]);
    // Notices arrive in commit order: by the last push, anything for the earlier ones has arrived.
    const seen = (socket: typeof vipSocket) => socket.messages.filter((m) => m.type === 'message');
    expect(seen(vipSocket)).toEqual([]);
    expect(seen(plainSocket)).toEqual([]);
    const ids = (await inbox(vip.token)).content.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([`b${level}`, `b${later}`]));
    expect(ids).not.toContain(`b${listed}`);
    for (const s of sockets) s.ws.close();
  });
});
