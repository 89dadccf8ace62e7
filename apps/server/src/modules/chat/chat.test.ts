// postgres: chat messages cross server nodes through LISTEN/NOTIFY (a second node on the same database).
import { CHAT_SOCKET_PATH, VISITOR_HEADER } from '@gamehall/shared/api/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeWithSecondNode, listenWithSecondNode, type SecondNode } from '../../test/second-node';
import { openTestSocket } from '../../test/socket-client';
import { setBrandSetting } from '../brand/brand.service';
import { actors, expectImage, fund, JPEG_BYTES, multipart, PNG_BYTES, sessionFor } from '../cashier/cashier.fixtures';
import { notifyUnseenAnswers, UNSEEN_ANSWER_MS } from './chat.service';

let t: TestApp;
let baseA: string;
// On PostgreSQL the operator works on a second node: every delivery crosses nodes.
let other: SecondNode | undefined;
let baseB: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ base: baseA, other } = await listenWithSecondNode(t));
  baseB = other?.base ?? baseA;
}, 60_000);
afterAll(() => closeWithSecondNode(t, other));

const { member: memberWithSession, operator: operatorWithSession } = actors(() => t, createMember);
const supportOperator = () => operatorWithSession(['support.chat']);

function connect(base: string, auth: { token?: string; visitorToken?: string }) {
  const socket = openTestSocket(`${base}${CHAT_SOCKET_PATH}`, {
    onOpen: (ws) => ws.send(JSON.stringify({ type: 'auth', ...auth })),
  });
  const { ws, next } = socket;
  /** The next `n` chat messages' texts, in arrival order. */
  async function texts(n: number) {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(String((await next('message')).data.text));
    return out;
  }
  const watch = (conversationId: number, after: number) =>
    ws.send(JSON.stringify({ type: 'watch', conversationId, after }));
  return { ...socket, texts, watch };
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: { token?: string; visitorToken?: string } = {},
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(who.token ? { authorization: who.token } : {}),
      ...(who.visitorToken ? { [VISITOR_HEADER]: who.visitorToken } : {}),
    },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

let clientCounter = 0;
const clientId = () => `client-${Date.now().toString(36)}-${++clientCounter}`;

async function online(op: { token: string }, value = true) {
  const res = await call('PUT', '/admin/chat/status', op, { online: value });
  expect(res.statusCode, res.body).toBe(200);
}

async function everyoneOffline() {
  await t.ctx.db.updateTable('chat_operators').set({ online: false }).execute();
}

async function open(who: { token?: string; visitorToken?: string }) {
  const res = await call('POST', '/wps/chat/conversation', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.conversation as { id: number; state: string; lastSeq: number };
}

describe('entry points', () => {
  it('answers the configured entry points and the chat window URL', async () => {
    await setBrandSetting(t.ctx.db, 'chatEntryPoints', [
      { code: 'WEB', name: 'Customer service' },
      { code: 'VIP', name: 'VIP desk' },
    ]);
    const list = await call('GET', '/wps/relay/CBS_modelList');
    expect(list.json().value.list).toEqual([
      { modelCode: 'WEB', modelName: 'Customer service', chatUrl: '/chat?model=WEB' },
      { modelCode: 'VIP', modelName: 'VIP desk', chatUrl: '/chat?model=VIP' },
    ]);
    const launch = await call('POST', '/wps/relay/CBS_launchChat', {}, { modelCode: 'VIP' });
    expect(launch.json().value).toEqual({ chatUrl: '/chat?model=VIP' });
    const unknown = await call('POST', '/wps/relay/CBS_launchChat', {}, { modelCode: 'NOPE' });
    expect(unknown.json().code).toBe('CHAT_MODEL_NOT_FOUND');
  });
});

describe('visitors', () => {
  it('needs a name, and refuses a forged token', async () => {
    expect((await call('POST', '/wps/chat/conversation')).json().code).toBe('CHAT_VISITOR_REQUIRED');
    expect((await call('POST', '/wps/chat/visitor', {}, { name: '' })).statusCode).toBe(400);
    const issued = (await call('POST', '/wps/chat/visitor', {}, { name: 'Ana' })).json().value;
    expect(issued.name).toBe('Ana');
    const [id, , sig] = String(issued.visitorToken).split('.');
    const forged = `${id}.${Buffer.from('Admin').toString('base64url')}.${sig}`;
    expect((await call('POST', '/wps/chat/conversation', { visitorToken: forged })).json().code).toBe(
      'CHAT_VISITOR_REQUIRED',
    );
    const conversation = await open({ visitorToken: issued.visitorToken });
    // The same visitor gets the same open conversation; another visitor cannot read it.
    expect((await open({ visitorToken: issued.visitorToken })).id).toBe(conversation.id);
    const stranger = (await call('POST', '/wps/chat/visitor', {}, { name: 'Eve' })).json().value;
    const peek = await call('GET', `/wps/chat/messages?conversationId=${conversation.id}`, stranger);
    expect(peek.json().code).toBe('CHAT_CONVERSATION_NOT_FOUND');
  });
});

describe('a member and an operator on two nodes', () => {
  it('exchange messages in order, none lost or doubled across a reconnect', { tags: ['postgres'] }, async () => {
    await everyoneOffline();
    const busy = await supportOperator();
    const idle = await supportOperator();
    await online(busy);
    // busy holds one conversation already, so the next goes to idle (the least busy).
    await open(await memberWithSession());
    await online(idle);
    const member = await memberWithSession();
    const conversation = await open(member);
    expect(conversation.state).toBe('active');
    const detail = (await call('GET', `/admin/chat/conversations/${conversation.id}`, idle)).json().value;
    expect(detail.conversation.operatorId).toBe(idle.id);

    const memberSocket = connect(baseA, { token: member.token });
    await memberSocket.next('ready');
    memberSocket.watch(conversation.id, 0);
    const operatorSocket = connect(baseB, { token: idle.token });
    await operatorSocket.next('ready');
    operatorSocket.watch(conversation.id, 0);

    const sent = ['one', 'two', 'three', 'four', 'five'];
    const ids: string[] = [];
    for (const text of sent) {
      const id = clientId();
      ids.push(id);
      const res = await call('POST', '/wps/chat/messages', member, {
        conversationId: conversation.id,
        clientMessageId: id,
        text,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A resend with the same client id is stored once.
    const again = await call('POST', '/wps/chat/messages', member, {
      conversationId: conversation.id,
      clientMessageId: ids[0],
      text: 'one',
    });
    expect(again.json().value.seq).toBe(1);
    expect(await operatorSocket.texts(5)).toEqual(sent);
    expect(await memberSocket.texts(5)).toEqual(sent);

    // Typing and read receipts reach the other side.
    operatorSocket.ws.send(JSON.stringify({ type: 'typing', conversationId: conversation.id }));
    expect((await memberSocket.next('typing')).data.by).toBe('operator');
    await call('POST', `/admin/chat/conversations/${conversation.id}/read`, idle, { seq: 5 });
    expect((await memberSocket.next('read')).data).toEqual({ conversationId: conversation.id, by: 'operator', seq: 5 });

    // The member drops off; the operator answers meanwhile; the member resumes after seq 5.
    memberSocket.ws.close();
    for (const text of ['six', 'seven', 'eight']) {
      const res = await call('POST', `/admin/chat/conversations/${conversation.id}/messages`, idle, {
        clientMessageId: clientId(),
        text,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const back = connect(baseA, { token: member.token });
    await back.next('ready');
    back.watch(conversation.id, 5);
    expect(await back.texts(3)).toEqual(['six', 'seven', 'eight']);
    await call('POST', '/wps/chat/messages', member, {
      conversationId: conversation.id,
      clientMessageId: clientId(),
      text: 'nine',
    });
    expect(await back.texts(1)).toEqual(['nine']);
    expect(await operatorSocket.texts(4)).toEqual(['six', 'seven', 'eight', 'nine']);
    // Nothing doubled: no further message arrived on either socket.
    expect(back.messages.filter((m) => m.type === 'message')).toEqual([]);
    expect(operatorSocket.messages.filter((m) => m.type === 'message')).toEqual([]);
    const history = (await call('GET', `/wps/chat/messages?conversationId=${conversation.id}`, member)).json().value
      .list;
    expect(history.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    back.ws.close();
    operatorSocket.ws.close();
  });

  it('answers the member key facts, transfers, refuses a second taker, closes', async () => {
    await everyoneOffline();
    const first = await supportOperator();
    const second = await supportOperator();
    await online(first);
    const member = await memberWithSession();
    await fund(t, member.id, 12_345);
    const conversation = await open(member);
    const detail = (await call('GET', `/admin/chat/conversations/${conversation.id}`, first)).json().value;
    expect(detail.facts).toMatchObject({ memberId: member.id, balance: 123.45, vipLevel: expect.any(Number) });
    // Deposits are cashier data: only an operator who also holds cashier.read reads them here.
    expect(detail.facts.lastDeposits).toBeNull();
    const cashierSupport = await operatorWithSession(['support.chat', 'cashier.read']);
    const withDeposits = (await call('GET', `/admin/chat/conversations/${conversation.id}`, cashierSupport)).json();
    expect(withDeposits.value.facts.lastDeposits).toEqual([]);

    expect((await call('POST', `/admin/chat/conversations/${conversation.id}/take`, second)).json().code).toBe(
      'CHAT_ALREADY_TAKEN',
    );
    // Not online: no transfer.
    const offline = await call('POST', `/admin/chat/conversations/${conversation.id}/transfer`, first, {
      operatorId: second.id,
    });
    expect(offline.json().code).toBe('CHAT_OPERATOR_UNAVAILABLE');
    await online(second);
    const moved = await call('POST', `/admin/chat/conversations/${conversation.id}/transfer`, first, {
      operatorId: second.id,
    });
    expect(moved.json().value.conversation.operatorId).toBe(second.id);
    const notMine = await call('POST', `/admin/chat/conversations/${conversation.id}/messages`, first, {
      clientMessageId: clientId(),
      text: 'hello',
    });
    expect(notMine.json().code).toBe('CHAT_NOT_ASSIGNED');
    const closed = await call('POST', `/admin/chat/conversations/${conversation.id}/close`, second);
    expect(closed.json().value.conversation.state).toBe('closed');
    const late = await call('POST', '/wps/chat/messages', member, {
      conversationId: conversation.id,
      clientMessageId: clientId(),
      text: 'anyone?',
    });
    expect(late.json().code).toBe('CHAT_CONVERSATION_CLOSED');
    // A new conversation after the close.
    expect((await open(member)).id).not.toBe(conversation.id);
  });

  it('refuses operators without support.chat', async () => {
    const cashier = await operatorWithSession(['cashier.read']);
    expect((await call('GET', '/admin/chat/conversations', cashier)).statusCode).toBe(403);
    const socket = connect(baseA, { token: cashier.token });
    await expect(socket.next('ready', undefined, 2_000)).rejects.toThrow(/closed with 4001/);
  });
});

describe('a revoked session', { tags: ['postgres'] }, () => {
  it("closes the member's chat sockets on every node at once: sign out other devices, then logout", async () => {
    await everyoneOffline();
    const op = await supportOperator();
    await online(op);
    const member = await memberWithSession();
    const conversation = await open(member);
    // The same member on a second device: its own session.
    const phone = { token: await sessionFor(t, member.id) };
    // The first device's sockets sit on the other node (PostgreSQL): the revocation crosses nodes.
    const first = connect(baseB, { token: member.token });
    await first.next('ready');
    first.watch(conversation.id, 0);
    const second = connect(baseA, { token: phone.token });
    await second.next('ready');
    second.watch(conversation.id, 0);

    // The phone signs out the other devices: the first device's chat socket closes at once (the
    // periodic check is a minute away), the phone's stays and still receives the answer.
    const revoked = await call('POST', '/wps/member/security/sessions/revokeOthers', phone);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await first.closed).toBe(4001);
    const reply = await call('POST', `/admin/chat/conversations/${conversation.id}/messages`, op, {
      clientMessageId: clientId(),
      text: 'answer after revoke',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await second.texts(1)).toEqual(['answer after revoke']);
    expect(first.messages.filter((m) => m.type === 'message')).toEqual([]);

    // Logging out closes the phone's socket too; a later answer reaches no socket of the member.
    const out = await call('DELETE', '/wps/session/logout', phone);
    expect(out.statusCode, out.body).toBe(200);
    expect(await second.closed).toBe(4001);
    const late = await call('POST', `/admin/chat/conversations/${conversation.id}/messages`, op, {
      clientMessageId: clientId(),
      text: 'answer after logout',
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(second.messages.filter((m) => m.type === 'message')).toEqual([]);
  }, 30_000);
});

describe('offline hours', () => {
  it('leaves a ticket that an operator answers later; the member finds the answer on return', async () => {
    await setBrandSetting(t.ctx.db, 'chatHours', { from: '00:00', to: '00:01' });
    try {
      const nowInZone = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Manila',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date());
      if (nowInZone === '00:00') return;
      const member = await memberWithSession();
      const ticket = await open(member);
      expect(ticket.state).toBe('ticket');
      await call('POST', '/wps/chat/messages', member, {
        conversationId: ticket.id,
        clientMessageId: clientId(),
        text: 'My deposit?',
      });
      const op = await supportOperator();
      const tickets = (await call('GET', '/admin/chat/conversations?state=ticket', op)).json().value.list;
      expect(tickets.map((c: { id: number }) => c.id)).toContain(ticket.id);
      expect((await call('POST', `/admin/chat/conversations/${ticket.id}/take`, op)).statusCode).toBe(200);
      await call('POST', `/admin/chat/conversations/${ticket.id}/messages`, op, {
        clientMessageId: clientId(),
        text: 'Credited.',
      });
      const current = (await call('GET', '/wps/chat/conversation', member)).json().value.conversation;
      expect(current.id).toBe(ticket.id);
      const list = (await call('GET', `/wps/chat/messages?conversationId=${ticket.id}`, member)).json().value.list;
      expect(list.map((m: { text: string; sender: string }) => [m.sender, m.text])).toEqual([
        ['customer', 'My deposit?'],
        ['operator', 'Credited.'],
      ]);
    } finally {
      await setBrandSetting(t.ctx.db, 'chatHours', null);
    }
  });
});

describe('answers the member did not see', () => {
  it('send one support_answered message a minute after an unread answer, none for a read one', async () => {
    const away = await memberWithSession();
    const present = await memberWithSession();
    const op = await supportOperator();
    await everyoneOffline();
    await online(op);
    const inbox = async (m: { token: string }) =>
      (await call('GET', '/wps/messages?pageNo=1&pageSize=20', m)).json().value.content as { kind: string }[];
    const answer = async (m: { token: string }) => {
      const c = await open(m);
      await call('POST', '/wps/chat/messages', m, { conversationId: c.id, clientMessageId: clientId(), text: 'Hi' });
      if (c.state !== 'active')
        expect((await call('POST', `/admin/chat/conversations/${c.id}/take`, op)).statusCode).toBe(200);
      const sent = await call('POST', `/admin/chat/conversations/${c.id}/messages`, op, {
        clientMessageId: clientId(),
        text: 'Answered.',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      return { id: c.id, seq: sent.json().value.seq as number };
    };
    await answer(away);
    const read = await answer(present);
    expect((await call('POST', '/wps/chat/read', present, { conversationId: read.id, seq: read.seq })).statusCode).toBe(
      200,
    );
    // Within the minute nothing is sent; after it the unread answer is, once.
    await notifyUnseenAnswers(t.ctx);
    expect((await inbox(away)).filter((m) => m.kind === 'support_answered')).toHaveLength(0);
    t.advance(UNSEEN_ANSWER_MS + 1_000);
    await notifyUnseenAnswers(t.ctx);
    await notifyUnseenAnswers(t.ctx);
    const messages = await inbox(away);
    expect(messages.filter((m) => m.kind === 'support_answered')).toHaveLength(1);
    expect(JSON.stringify(messages)).toContain('Open the chat');
    expect((await inbox(present)).filter((m) => m.kind === 'support_answered')).toHaveLength(0);
  });
});

describe('attachments', () => {
  async function upload(
    who: { token?: string; visitorToken?: string },
    conversationId: number,
    file: Buffer,
    name: string,
    type: string,
  ) {
    const body = multipart([
      { name: 'conversationId', value: String(conversationId) },
      { name: 'clientMessageId', value: clientId() },
      { name: 'image', filename: name, contentType: type, data: file },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/wps/chat/attachments',
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        ...(who.token ? { authorization: who.token } : {}),
        ...(who.visitorToken ? { [VISITOR_HEADER]: who.visitorToken } : {}),
      },
    });
  }

  it('keeps only the pixels of an image: HTML after a PNG never reaches the other side', async () => {
    const visitor = (await call('POST', '/wps/chat/visitor', {}, { name: 'Polyglot' })).json().value;
    const conversation = await open(visitor);
    const html = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([PNG_BYTES, Buffer.from(html)]);
    const sent = await upload(visitor, conversation.id, polyglot, 'x.png', 'image/png');
    expect(sent.statusCode, sent.body).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url: `/wps/chat/attachments/${sent.json().value.attachmentId}`,
      headers: { [VISITOR_HEADER]: visitor.visitorToken },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes('<script>')).toBe(false);
    // What is kept is the image, re-encoded: a PNG that decodes, the page gone.
    expect((await expectImage(served.rawPayload, 'png')).width).toBe(2);
    const row = await t.ctx.db
      .selectFrom('chat_attachments')
      .select('data')
      .where('id', '=', sent.json().value.attachmentId)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.data).includes('<script>')).toBe(false);
  });

  it('takes png and jpg by content and refuses other content and size, storing nothing', async () => {
    const visitor = (await call('POST', '/wps/chat/visitor', {}, { name: 'Pic' })).json().value;
    const conversation = await open(visitor);
    const png = await upload(visitor, conversation.id, PNG_BYTES, 'photo.bin', 'application/octet-stream');
    expect(png.statusCode, png.body).toBe(200);
    const attachmentId = png.json().value.attachmentId as number;
    const image = await t.app.inject({
      method: 'GET',
      url: `/wps/chat/attachments/${attachmentId}`,
      headers: { [VISITOR_HEADER]: visitor.visitorToken },
    });
    expect(image.headers['content-type']).toBe('image/png');
    expect((await expectImage(image.rawPayload, 'png')).width).toBe(2);
    expect((await upload(visitor, conversation.id, JPEG_BYTES, 'p.jpg', 'image/jpeg')).statusCode).toBe(200);

    const before = (await call('GET', `/wps/chat/messages?conversationId=${conversation.id}`, visitor)).json().value
      .list.length;
    const script = await upload(visitor, conversation.id, Buffer.from('<svg onload=alert(1)>'), 'x.png', 'image/png');
    expect(script.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const big = await upload(visitor, conversation.id, huge, 'big.png', 'image/png');
    expect(big.statusCode).toBe(413);
    // Bytes that only start like a PNG do not decode: refused, nothing kept.
    const fake = Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.alloc(64, 1)]);
    expect((await upload(visitor, conversation.id, fake, 'f.png', 'image/png')).json().code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const after = (await call('GET', `/wps/chat/messages?conversationId=${conversation.id}`, visitor)).json().value.list
      .length;
    expect(after).toBe(before);
  });
});

describe('canned replies', () => {
  it('are managed by operators', async () => {
    const op = await supportOperator();
    const added = await call('POST', '/admin/chat/canned', op, { title: 'Hello', text: 'How can I help?' });
    const id = added.json().value.id as number;
    expect(
      (await call('PUT', `/admin/chat/canned/${id}`, op, { title: 'Hi', text: 'Hi there' })).json().value.text,
    ).toBe('Hi there');
    expect((await call('GET', '/admin/chat/canned', op)).json().value.list).toContainEqual({
      id,
      title: 'Hi',
      text: 'Hi there',
    });
    expect((await call('DELETE', `/admin/chat/canned/${id}`, op)).statusCode).toBe(200);
    expect((await call('DELETE', `/admin/chat/canned/${id}`, op)).json().code).toBe('CHAT_CANNED_NOT_FOUND');
  });
});

describe("the operator's name players read", () => {
  it('is the display name, never the login name, in messages and the conversation', async () => {
    const m = await memberWithSession();
    const op = await supportOperator();
    await everyoneOffline();
    await online(op);
    const c = await open(m);
    await call('POST', '/wps/chat/messages', m, { conversationId: c.id, clientMessageId: clientId(), text: 'Hello?' });
    if (c.state !== 'active')
      expect((await call('POST', `/admin/chat/conversations/${c.id}/take`, op)).statusCode).toBe(200);
    const sent = await call('POST', `/admin/chat/conversations/${c.id}/messages`, op, {
      clientMessageId: clientId(),
      text: 'How can I help?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The stored row as the sockets deliver it carries the display name too.
    expect(sent.json().value.senderName).toBe('Support');
    const seen = async () => {
      const list = (await call('GET', `/wps/chat/messages?conversationId=${c.id}`, m)).json().value.list as {
        sender: string;
        senderName: string | null;
      }[];
      const conversation = (await call('GET', '/wps/chat/conversation', m)).json().value.conversation;
      return { names: list.map((x) => [x.sender, x.senderName]), operatorName: conversation.operatorName };
    };
    // No display name chosen yet: the neutral default.
    expect(await seen()).toEqual({
      names: [
        ['customer', null],
        ['operator', 'Support'],
      ],
      operatorName: 'Support',
    });
    const named = await call('PUT', '/admin/session/displayName', op, { displayName: 'Maria' });
    expect(named.statusCode, named.body).toBe(200);
    const after = await seen();
    expect(after).toEqual({
      names: [
        ['customer', null],
        ['operator', 'Maria'],
      ],
      operatorName: 'Maria',
    });
    expect(JSON.stringify(after)).not.toContain(op.username);
    // The back office still knows which colleague holds the conversation.
    const held = (await call('GET', `/admin/chat/conversations/${c.id}`, op)).json().value.conversation;
    expect(held.operatorName).toBe(op.username);
  });
});
