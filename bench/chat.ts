// Live chat delivery (docs/chat.md): the time from a sender's POST to the message's arrival
// on the receiver's socket, across two server nodes on one PostgreSQL. CONVERSATIONS (default 200)
// members each hold a socket on node A; OPERATORS (default 10) support operators each hold one
// socket on node B watching their share of the conversations. Every conversation sends one message
// per PACE_MS (default 1,000 ms, random phase), alternately member to operator (POST on node A,
// received on B) and operator to member (POST on node B, received on A), for SECONDS (default 20).
// Every message is checked: it arrives once, in seq order, on the other node.
//
//   bash scripts/pg-cluster.sh start /tmp/benchpg
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/chat.ts
//
// The bench creates and drops its own database on that server. Both nodes run in this process
// (two Fastify apps, two pools, two LISTEN connections), so they share one event loop with the
// clients: the figures include that.
import { createRequire } from 'node:module';
import { CHAT_SOCKET_PATH } from '@gamehall/shared/api/chat';
import { buildApp } from '../apps/server/src/app';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import type { App } from '../apps/server/src/http/app-type';
import { issueSession } from '../apps/server/src/modules/accounts/sessions.service';
import { createMember } from '../apps/server/src/test/factories';
import { createBenchDatabase } from './support/database';
import { loadAverage, percentile } from './support/measure';

const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 200);
const OPERATORS = Number(process.env.OPERATORS ?? 10);
const SECONDS = Number(process.env.SECONDS ?? 20);
const PACE_MS = Number(process.env.PACE_MS ?? 1_000);

type WsClient = {
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'open' | 'close' | 'error', fn: (...args: unknown[]) => void): void;
  send(data: string): void;
  close(): void;
};
const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: new (url: string) => WsClient };

type Node = { app: App; ctx: AppContext; http: string; ws: string };

async function startNode(url: string, seed: boolean): Promise<Node> {
  const ctx = await bootstrap(testConfig({ databaseUrl: url, logLevel: 'silent', wsMaxPerAddress: 100_000 }), {
    skipSeed: !seed,
  });
  const app = await buildApp(ctx);
  const http = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, ctx, http, ws: http.replace('http', 'ws') };
}

/** A socket that authenticates, watches the given conversations from seq 0, and reports messages. */
function socket(
  base: string,
  token: string,
  conversations: number[],
  onMessage: (m: { conversationId: number; seq: number; text: string }) => void,
) {
  return new Promise<WsClient>((resolve, reject) => {
    const ws = new WebSocket(`${base}${CHAT_SOCKET_PATH}`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('error', reject);
    ws.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString()) as { type: string; data: Record<string, unknown> };
      if (event.type === 'ready') {
        for (const id of conversations) ws.send(JSON.stringify({ type: 'watch', conversationId: id, after: 0 }));
        resolve(ws);
      } else if (event.type === 'message')
        onMessage(event.data as { conversationId: number; seq: number; text: string });
    });
  });
}

async function post(url: string, token: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; code?: string };
  if (!json.success) throw new Error(`POST ${url}: ${json.code}`);
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
  const database = await createBenchDatabase(adminUrl);
  const a = await startNode(database.url, true);
  const b = await startNode(database.url, false);
  try {
    const ctx = a.ctx;
    const tokenOf = (memberId: number, area: 'member' | 'admin') =>
      issueSession(ctx, ctx.db, { memberId, area, ip: '127.0.0.1', userAgent: null });
    // Operators online first, then the members open their conversations: auto-assignment spreads
    // them over the least busy operators.
    const operators: { id: number; token: string }[] = [];
    for (let i = 0; i < OPERATORS; i++) {
      const op = await createMember(ctx, { type: 90, permissions: ['support.chat'] });
      const token = await tokenOf(op.id, 'admin');
      const res = await fetch(`${b.http}/admin/chat/status`, {
        method: 'PUT',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ online: true }),
      });
      if (!res.ok) throw new Error(`going online answered ${res.status}`);
      operators.push({ id: op.id, token });
    }
    type Conv = { id: number; memberToken: string; operatorToken: string; sent: Map<string, number>; seen: number };
    const convs: Conv[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const m = await createMember(ctx);
      const memberToken = await tokenOf(m.id, 'member');
      const res = await fetch(`${a.http}/wps/chat/conversation`, {
        method: 'POST',
        headers: { authorization: memberToken },
      });
      const c = ((await res.json()) as { value: { conversation: { id: number } } }).value.conversation;
      const row = await ctx.db
        .selectFrom('chat_conversations')
        .select('operator_id')
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      const operator = operators.find((o) => o.id === row.operator_id);
      if (!operator) throw new Error('conversation not assigned');
      convs.push({ id: c.id, memberToken, operatorToken: operator.token, sent: new Map(), seen: 0 });
    }
    const byId = new Map(convs.map((c) => [c.id, c]));
    const latencies: number[] = [];
    let doubled = 0;
    let outOfOrder = 0;
    const receive = (m: { conversationId: number; seq: number; text: string }) => {
      const c = byId.get(m.conversationId);
      if (!c) return;
      if (m.seq <= c.seen) doubled++;
      else if (m.seq !== c.seen + 1) outOfOrder++;
      c.seen = Math.max(c.seen, m.seq);
      const started = c.sent.get(m.text);
      if (started !== undefined) {
        latencies.push(performance.now() - started);
        c.sent.delete(m.text);
      }
    };
    // Members' sockets on A, operators' on B. A message is timed on the other side's socket only.
    const memberSockets = await Promise.all(
      convs.map((c) =>
        socket(a.ws, c.memberToken, [c.id], (m) => {
          if (m.text.startsWith('o')) receive(m);
        }),
      ),
    );
    const operatorSockets = await Promise.all(
      operators.map((o) =>
        socket(
          b.ws,
          o.token,
          convs.filter((c) => c.operatorToken === o.token).map((c) => c.id),
          (m) => {
            if (m.text.startsWith('m')) receive(m);
          },
        ),
      ),
    );
    await new Promise((r) => setTimeout(r, 500));
    console.log(`load average before: ${loadAverage()}`);
    const end = performance.now() + SECONDS * 1000;
    let sentCount = 0;
    let errors = 0;
    await Promise.all(
      convs.map(async (c, i) => {
        await new Promise((r) => setTimeout(r, Math.random() * PACE_MS));
        let n = 0;
        while (performance.now() < end) {
          const next = performance.now() + PACE_MS;
          n++;
          const fromMember = (n + i) % 2 === 0;
          const text = `${fromMember ? 'm' : 'o'}-${c.id}-${n}`;
          const clientMessageId = `bench-${c.id}-${n}`;
          c.sent.set(text, performance.now());
          sentCount++;
          try {
            if (fromMember)
              await post(`${a.http}/wps/chat/messages`, c.memberToken, { conversationId: c.id, clientMessageId, text });
            else
              await post(`${b.http}/admin/chat/conversations/${c.id}/messages`, c.operatorToken, {
                clientMessageId,
                text,
              });
          } catch {
            errors++;
            c.sent.delete(text);
          }
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const lost = convs.reduce((sum, c) => sum + c.sent.size, 0);
    console.log(`load average after: ${loadAverage()}`);
    latencies.sort((x, y) => x - y);
    const fmt = (v: number) => v.toFixed(2);
    console.log(
      `| conversations | messages | per second | p50 ms | p99 ms | max ms | lost | doubled | out of order | errors |`,
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${CONVERSATIONS} | ${latencies.length} | ${(sentCount / SECONDS).toFixed(0)} | ${fmt(percentile(latencies, 50))} | ${fmt(percentile(latencies, 99))} | ${fmt(latencies.at(-1) ?? 0)} | ${lost} | ${doubled} | ${outOfOrder} | ${errors} |`,
    );
    for (const s of [...memberSockets, ...operatorSockets]) s.close();
  } finally {
    await a.app.close();
    await b.app.close();
    await a.ctx.database.close();
    await b.ctx.database.close();
    await database.drop();
  }
}

await main();
