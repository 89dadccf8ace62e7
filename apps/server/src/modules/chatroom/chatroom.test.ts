// postgres: room messages, deletions and bans cross server nodes through LISTEN/NOTIFY (a second node on the same database).
import { CHATROOM_RATE, CHATROOM_SOCKET_PATH } from '@gamehall/shared/api/chatroom';
import { TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeWithSecondNode, listenWithSecondNode, type SecondNode } from '../../test/second-node';
import { openTestSocket } from '../../test/socket-client';
import { actors, call as callAs, expectFailure, sessionFor } from '../cashier/cashier.fixtures';

let t: TestApp;
let baseA: string;
// On PostgreSQL the second reader sits on a second node: every delivery crosses nodes.
let other: SecondNode | undefined;
let baseB: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ base: baseA, other } = await listenWithSecondNode(t));
  baseB = other?.base ?? baseA;
}, 60_000);
afterAll(() => closeWithSecondNode(t, other));

const { member, operator } = actors(() => t, createMember);
const moderator = () => operator(['chatroom.moderate']);
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  callAs(t, method, url, token, payload);

let counter = 0;
const clientId = () => `room-${Date.now().toString(36)}-${++counter}`;

function post(token: string, text: string, clientMessageId = clientId()) {
  return call('POST', '/wps/chatroom/messages', token, { clientMessageId, text });
}

async function posted(token: string, text: string) {
  const res = await post(token, text);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; seq: number; author: string; mine: boolean; text: string };
}

async function roomOf(token: string) {
  const res = await call('GET', '/wps/chatroom', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    messages: { id: number; seq: number; author: string; mine: boolean; text: string }[];
    restriction: { kind: string; until: string | null } | null;
    canPost: boolean;
  };
}

function connect(base: string, token: string) {
  return openTestSocket(`${base}${CHATROOM_SOCKET_PATH}`, {
    onOpen: (ws) => ws.send(JSON.stringify({ type: 'auth', token })),
  });
}

async function storedTexts(memberId: number) {
  const rows = await t.ctx.db
    .selectFrom('chatroom_messages')
    .select('body')
    .where('member_id', '=', memberId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => r.body);
}

describe('posting and reading', () => {
  it('stores a message once, shows it to every signed-in reader and live to every open room', {
    tags: ['postgres'],
  }, async () => {
    const ana = await member({ username: `ana${Date.now().toString(36)}` });
    const ben = await member();
    const watcher = connect(baseB, ben.token);
    expect((await watcher.next('ready')).data).toEqual({ role: 'member', restriction: null });

    const clientMessageId = clientId();
    const first = await post(ana.token, '  hello room 👋  ', clientMessageId);
    expect(first.statusCode, first.body).toBe(200);
    const message = first.json().value;
    // Trimmed; the author is the masked username, never the login name.
    expect(message).toMatchObject({ text: 'hello room 👋', mine: true });
    expect(message.author).toMatch(/^an\*\*\*.{2}$/);
    expect(message.author).not.toBe(ana.username);

    // Live on the other reader's socket (another node on PostgreSQL), not its own.
    const live = await watcher.next('message', (m) => m.data.id === message.id);
    expect(live.data).toMatchObject({ text: 'hello room 👋', mine: false, author: message.author });

    // A retry with the same client id is answered with the first message and stored once.
    const again = await post(ana.token, 'hello room 👋', clientMessageId);
    expect(again.json().value.id).toBe(message.id);
    expect(await storedTexts(ana.id)).toEqual(['hello room 👋']);

    const forBen = await roomOf(ben.token);
    expect(forBen.canPost).toBe(true);
    expect(forBen.messages.find((m) => m.id === message.id)).toMatchObject({ mine: false, text: 'hello room 👋' });
    expect((await roomOf(ana.token)).messages.find((m) => m.id === message.id)?.mine).toBe(true);

    // Messages come oldest first and the next one takes the next seq.
    const next = await posted(ben.token, 'hi ana');
    expect(next.seq).toBeGreaterThan(message.seq);
    const seqs = (await roomOf(ana.token)).messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    watcher.ws.close();
  });

  it('lets a trial account read but not post, and nobody without a session', async () => {
    const writer = await member();
    await posted(writer.token, 'a message for a trial reader');
    const trial = await member({ type: TRIAL_ACCOUNT_TYPE });
    const seen = await roomOf(trial.token);
    expect(seen.canPost).toBe(false);
    expect(seen.messages.some((m) => m.text === 'a message for a trial reader')).toBe(true);
    expectFailure(await post(trial.token, 'let me in'), 403, 'ACCOUNT_TRIAL_RESTRICTED');
    expect(await storedTexts(trial.id)).toEqual([]);
    expectFailure(await call('GET', '/wps/chatroom'), 401, 'AUTH_REQUIRED');
    expectFailure(await post('', 'anonymous'), 401, 'AUTH_REQUIRED');
    // Operators read the room in the back office, not as members.
    const op = await moderator();
    expectFailure(await call('GET', '/wps/chatroom', op.token), 403, 'ACCOUNT_NOT_MEMBER');
    const socket = connect(baseA, op.token);
    expect(await socket.closed).toBe(4001);
  });

  it('posts at once from one member get distinct seqs; the same post sent twice at once is stored once', {
    tags: ['postgres'],
  }, async () => {
    const ana = await member();
    const [a, b, c] = await Promise.all([post(ana.token, 'one'), post(ana.token, 'two'), post(ana.token, 'three')]);
    const seqs = [a, b, c].map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value.seq as number;
    });
    expect(new Set(seqs).size).toBe(3);
    expect((await storedTexts(ana.id)).sort()).toEqual(['one', 'three', 'two']);

    const ben = await member();
    const id = clientId();
    const [x, y] = await Promise.all([post(ben.token, 'twice', id), post(ben.token, 'twice', id)]);
    expect(x.statusCode, x.body).toBe(200);
    expect(y.statusCode, y.body).toBe(200);
    expect(x.json().value.id).toBe(y.json().value.id);
    expect(await storedTexts(ben.id)).toEqual(['twice']);
  });
});

describe('rules', () => {
  it('refuses bad text with its own code and stores nothing', async () => {
    const ana = await member();
    const cases: [string, string][] = [
      ['', 'CHATROOM_TEXT_LENGTH'],
      ['    ', 'CHATROOM_TEXT_LENGTH'],
      ['x'.repeat(301), 'CHATROOM_TEXT_LENGTH'],
      ['two\nlines', 'CHATROOM_TEXT_INVALID'],
      ['bell\u0007', 'CHATROOM_TEXT_INVALID'],
      ['abc\u202Edcb', 'CHATROOM_TEXT_INVALID'],
      ['go to https://bonus.example now', 'CHATROOM_LINK_NOT_ALLOWED'],
      ['www.free-chips', 'CHATROOM_LINK_NOT_ALLOWED'],
      ['try luckyspins.com for free', 'CHATROOM_LINK_NOT_ALLOWED'],
      ['join t.me/freechips', 'CHATROOM_LINK_NOT_ALLOWED'],
    ];
    for (const [text, code] of cases) {
      const res = await post(ana.token, text);
      expect(res.json().code, JSON.stringify(text)).toBe(code);
      expect(res.statusCode).toBe(400);
    }
    expect(await storedTexts(ana.id)).toEqual([]);
    // 300 characters counted as characters (an emoji is one), and ordinary dots pass.
    await posted(ana.token, '🎰'.repeat(300));
    await posted(ana.token, 'won 1.5x on slots... nice.');
    expect(await storedTexts(ana.id)).toHaveLength(2);
  });

  it(`allows ${CHATROOM_RATE.max} posts per ${CHATROOM_RATE.windowSeconds} s per member, then refuses with the wait`, async () => {
    const thaw = t.freeze();
    try {
      const ana = await member();
      const ben = await member();
      const ids: string[] = [];
      for (let i = 0; i < CHATROOM_RATE.max; i++) {
        ids.push(clientId());
        const res = await post(ana.token, `message ${i}`, ids[i]);
        expect(res.statusCode, res.body).toBe(200);
      }
      const over = await post(ana.token, 'one too many');
      expectFailure(over, 429, 'CHATROOM_RATE_LIMITED');
      expect(over.json().value.retryAfterSeconds).toBeGreaterThan(0);
      expect(over.json().value.retryAfterSeconds).toBeLessThanOrEqual(CHATROOM_RATE.windowSeconds);
      // A retry of a stored message is still answered (not counted); another member is not limited.
      expect((await post(ana.token, 'message 0', ids[0])).statusCode).toBe(200);
      await posted(ben.token, 'I am not limited');
      expect(await storedTexts(ana.id)).toHaveLength(CHATROOM_RATE.max);
      t.advance(CHATROOM_RATE.windowSeconds * 1000);
      await posted(ana.token, 'a new window');
    } finally {
      thaw();
    }
  });
});

describe('moderation', () => {
  it('deletes a message for everyone at once, audited; a second delete is refused', {
    tags: ['postgres'],
  }, async () => {
    const op = await moderator();
    const ana = await member();
    const ben = await member();
    const watcher = connect(baseB, ben.token);
    await watcher.next('ready');
    const message = await posted(ana.token, 'something rude');
    await watcher.next('message', (m) => m.data.id === message.id);

    const res = await call('DELETE', `/admin/chatroom/messages/${message.id}`, op.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await watcher.next('deleted')).data).toEqual({ id: message.id });
    expect((await roomOf(ben.token)).messages.some((m) => m.id === message.id)).toBe(false);

    const list = (await call('GET', '/admin/chatroom/messages', op.token)).json().value.list;
    expect(list.find((m: { id: number }) => m.id === message.id)).toMatchObject({
      username: ana.username,
      text: 'something rude',
      deletedBy: op.username,
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success', 'username', 'detail'])
      .where('event', '=', 'chatroom.delete')
      .execute();
    expect(audit).toContainEqual(
      expect.objectContaining({
        success: true,
        username: op.username,
        detail: expect.objectContaining({ target: `chatroom-message:${message.id}` }),
      }),
    );
    expectFailure(
      await call('DELETE', `/admin/chatroom/messages/${message.id}`, op.token),
      404,
      'CHATROOM_MESSAGE_NOT_FOUND',
    );
    watcher.ws.close();
  });

  it('mutes a member for a while: refused with the end time, told live, lifted early or by time', {
    tags: ['postgres'],
  }, async () => {
    const op = await moderator();
    const ana = await member();
    const socket = connect(baseB, ana.token);
    await socket.next('ready');

    // A mute needs a duration (refused before anything is done, so not audited).
    expectFailure(
      await call('POST', '/admin/chatroom/restrictions', op.token, { memberId: ana.id, kind: 'mute', reason: 'spam' }),
      400,
      'VALIDATION_FAILED',
    );
    const muted = await call('POST', '/admin/chatroom/restrictions', op.token, {
      memberId: ana.id,
      kind: 'mute',
      minutes: 10,
      reason: 'spam',
    });
    expect(muted.statusCode, muted.body).toBe(200);
    const until = muted.json().value.current.until as string;
    expect(new Date(until).getTime() - t.ctx.now().getTime()).toBeGreaterThan(9 * 60_000);
    expect((await socket.next('restriction')).data).toEqual({ kind: 'mute', until });

    const refused = await post(ana.token, 'can I talk?');
    expectFailure(refused, 403, 'CHATROOM_MUTED');
    expect(refused.json().value.until).toBe(until);
    const state = await roomOf(ana.token);
    expect(state).toMatchObject({ canPost: false, restriction: { kind: 'mute', until } });
    // A muted member still reads.
    expect(state.messages.length).toBeGreaterThan(0);

    const listed = (await call('GET', '/admin/chatroom/restrictions', op.token)).json().value.list;
    expect(listed).toContainEqual(
      expect.objectContaining({ memberId: ana.id, username: ana.username, kind: 'mute', until, reason: 'spam' }),
    );

    const lifted = await call('DELETE', `/admin/chatroom/restrictions/${ana.id}/mute`, op.token);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await socket.next('restriction')).data).toBeNull();
    await posted(ana.token, 'thanks');
    expectFailure(
      await call('DELETE', `/admin/chatroom/restrictions/${ana.id}/mute`, op.token),
      404,
      'CHATROOM_RESTRICTION_NOT_FOUND',
    );

    // A mute ends by itself at its end time.
    await call('POST', '/admin/chatroom/restrictions', op.token, {
      memberId: ana.id,
      kind: 'mute',
      minutes: 1,
      reason: 'calm down',
    });
    expectFailure(await post(ana.token, 'still muted'), 403, 'CHATROOM_MUTED');
    t.advance(61_000);
    await posted(ana.token, 'back again');
    expect((await roomOf(ana.token)).restriction).toBeNull();

    const events = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success'])
      .where('event', 'in', ['chatroom.mute', 'chatroom.lift'])
      .where('detail', '@>', JSON.stringify({ target: `member:${ana.id}` }) as never)
      .execute();
    expect(events.map((e) => `${e.event}:${e.success}`).sort()).toEqual([
      'chatroom.lift:false',
      'chatroom.lift:true',
      'chatroom.mute:true',
      'chatroom.mute:true',
    ]);
    socket.ws.close();
  });

  it("bans a member: their open room closes on every node, they read and post nothing until it's lifted", {
    tags: ['postgres'],
  }, async () => {
    const op = await moderator();
    const ana = await member();
    await posted(ana.token, 'before the ban');
    const socket = connect(baseB, ana.token);
    await socket.next('ready');

    const banned = await call('POST', '/admin/chatroom/restrictions', op.token, {
      memberId: ana.id,
      kind: 'ban',
      reason: 'scam links',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json().value.current).toEqual({ kind: 'ban', until: null });
    expect((await socket.next('restriction')).data).toEqual({ kind: 'ban', until: null });
    expect(await socket.closed).toBe(4003);

    const refused = await post(ana.token, 'let me back');
    expectFailure(refused, 403, 'CHATROOM_BANNED');
    expect(refused.json().value.until).toBeNull();
    expect(await roomOf(ana.token)).toMatchObject({ messages: [], canPost: false, restriction: { kind: 'ban' } });
    // A new socket is told and closed at once.
    const again = connect(baseA, ana.token);
    expect((await again.next('ready')).data.restriction).toEqual({ kind: 'ban', until: null });
    expect(await again.closed).toBe(4003);

    expect((await call('DELETE', `/admin/chatroom/restrictions/${ana.id}/ban`, op.token)).statusCode).toBe(200);
    await posted(ana.token, 'after the ban');
    expect((await roomOf(ana.token)).messages.length).toBeGreaterThan(0);
  });

  it('refuses operators as targets and unknown members', async () => {
    const op = await moderator();
    for (const memberId of [op.id, 2 ** 31]) {
      expectFailure(
        await call('POST', '/admin/chatroom/restrictions', op.token, { memberId, kind: 'ban', reason: 'x' }),
        404,
        'CHATROOM_MEMBER_NOT_FOUND',
      );
    }
  });

  it('needs chatroom.moderate on every back-office route', async () => {
    const ana = await member();
    const message = await posted(ana.token, 'moderate me');
    const outsider = await operator(['support.chat']);
    const routes: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', '/admin/chatroom/messages'],
      ['DELETE', `/admin/chatroom/messages/${message.id}`],
      ['GET', '/admin/chatroom/restrictions'],
      ['POST', '/admin/chatroom/restrictions', { memberId: ana.id, kind: 'ban', reason: 'x' }],
      ['DELETE', `/admin/chatroom/restrictions/${ana.id}/ban`],
    ];
    for (const [method, url, payload] of routes) {
      expectFailure(await call(method, url, outsider.token, payload), 403, 'AUTH_FORBIDDEN');
      expectFailure(await call(method, url, ana.token, payload), 403, 'AUTH_FORBIDDEN');
    }
    expect((await roomOf(ana.token)).messages.some((m) => m.id === message.id)).toBe(true);
    expect((await roomOf(ana.token)).restriction).toBeNull();
  });
});

describe('a revoked session', { tags: ['postgres'] }, () => {
  it("closes the member's room sockets on every node at once", async () => {
    const ana = await member();
    const phone = { token: await sessionFor(t, ana.id) };
    const first = connect(baseB, ana.token);
    await first.next('ready');
    const second = connect(baseA, phone.token);
    await second.next('ready');

    const revoked = await call('POST', '/wps/member/security/sessions/revokeOthers', phone.token);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await first.closed).toBe(4001);
    const message = await posted(phone.token, 'after revoke');
    await second.next('message', (m) => m.data.id === message.id);

    expect((await call('DELETE', '/wps/session/logout', phone.token)).statusCode).toBe(200);
    expect(await second.closed).toBe(4001);
  });
});
