import { CHAT_SOCKET_PATH } from '@gamehall/shared/api/chat';
import { CHATROOM_SOCKET_PATH } from '@gamehall/shared/api/chatroom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../modules/accounts/sessions.service';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { sampleOf, scrapeMetrics } from '../test/metrics-scrape';
import { openTestSocket } from '../test/socket-client';
import { CLOSE_TOO_MANY_SOCKETS } from './socket-registry';

// Small caps, so that the test reaches them with a handful of sockets; the defaults are in config.ts.
const PER_MEMBER = 3;
const PER_ADDRESS = 7;
const MEMBER_FULL = 'too many sockets for this member';
const ADDRESS_FULL = 'too many sockets from this address';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ wsMaxPerMember: PER_MEMBER, wsMaxPerAddress: PER_ADDRESS });
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
}, 300_000);
afterAll(async () => {
  await t.close();
});

async function memberToken() {
  const m = await createMember(t.ctx);
  return issueSession(t.ctx, t.ctx.db, { memberId: m.id, area: 'member', ip: '127.0.0.1', userAgent: null });
}

/** The node's open sockets and its refusals at the address cap, as GET /metrics reports them. */
async function figures() {
  const text = await scrapeMetrics(t.app);
  return {
    open: sampleOf(text, 'gamehall_sockets_open'),
    refusedAtAddress: sampleOf(text, 'gamehall_sockets_refused_total{cap="address"}'),
  };
}

type Opened = ReturnType<typeof openTestSocket>;
const realtime = (token: string) => openTestSocket(`${base}/ws?token=${token}`);
const chat = (token: string) =>
  openTestSocket(`${base}${CHAT_SOCKET_PATH}`, { onOpen: (ws) => ws.send(JSON.stringify({ type: 'auth', token })) });

const room = (token: string) =>
  openTestSocket(`${base}${CHATROOM_SOCKET_PATH}`, {
    onOpen: (ws) => ws.send(JSON.stringify({ type: 'auth', token })),
  });

/** Ready, or the close's code and reason. */
async function outcome(s: Opened): Promise<string> {
  return Promise.race([
    s.next('ready').then(
      () => 'ready',
      () => 'closed',
    ),
    s.closed.then(() => 'closed'),
  ]).then((o) => (o === 'ready' ? o : s.closed.then((code) => `${code} ${s.reason()}`)));
}

/**
 * Opens sockets until one ends as `want`: a socket the server has just closed frees its place when
 * the server sees it go, a moment after the client does, so a place is waited for, never assumed.
 */
async function until(open: () => Opened, want: string): Promise<Opened> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const s = open();
    const got = await outcome(s);
    if (got === want) return s;
    if (got === 'ready') s.ws.close();
  }
  throw new Error(`no socket ended as ${want}`);
}

describe('socket caps', () => {
  it('closes sockets past the per-address and per-member caps with 4029, and a closed one frees its place', async () => {
    const before = await figures();
    const first = await memberToken();
    // The member's sockets count together, whatever the route.
    const mine = [realtime(first), chat(first), realtime(first)];
    const second = await memberToken();
    const theirs = [realtime(second), chat(second), realtime(second)];
    const third = await memberToken();
    const last = realtime(third);
    for (const s of [...mine, ...theirs, last]) expect(await outcome(s)).toBe('ready');

    // Seven sockets from 127.0.0.1: one more is closed as soon as it opens, before any token.
    expect(await outcome(chat(third))).toBe(`${CLOSE_TOO_MANY_SOCKETS} ${ADDRESS_FULL}`);
    expect(await outcome(openTestSocket(`${base}/ws`))).toBe(`${CLOSE_TOO_MANY_SOCKETS} ${ADDRESS_FULL}`);
    // The node's metrics count the seven open sockets and the two refused at the address.
    const full = await figures();
    expect([full.open - before.open, full.refusedAtAddress - before.refusedAtAddress]).toEqual([7, 2]);

    // With a place free at the address, the first member's fourth socket is over the member's cap.
    last.ws.close();
    await last.closed;
    await until(() => chat(first), `${CLOSE_TOO_MANY_SOCKETS} ${MEMBER_FULL}`);
    await until(() => room(first), `${CLOSE_TOO_MANY_SOCKETS} ${MEMBER_FULL}`);
    await until(() => realtime(first), `${CLOSE_TOO_MANY_SOCKETS} ${MEMBER_FULL}`);

    // One of the member's own sockets closes: the member may open one again.
    const leaving = mine[0] as Opened;
    leaving.ws.close();
    await leaving.closed;
    const back = await until(() => realtime(first), 'ready');
    for (const s of [back, ...mine.slice(1), ...theirs]) s.ws.close();
  }, 180_000);
});
