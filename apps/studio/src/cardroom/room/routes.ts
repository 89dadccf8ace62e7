import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorWords } from '../../kit/error-words';
import { internalErrorBody, StudioError, type StudioErrorBody, studioErrorBody } from '../../kit/errors';
import type { StudioSession } from '../../kit/sessions';
import { attachSocketRoute, readRequest, WS_OPEN, type WsSocket } from '../../kit/socket-route';
import type { Sub } from './table-feed';

// The card room's player interface (docs/pvp.md "Protocol"): HTTP under /studio/api/pvp (header
// X-Game-Token) and the table's WebSocket /studio/ws/pvp?token=&table=&lang=. Both run the same
// PvpRoom calls with the same checks and error codes.

const TableParams = z.object({ tableId: z.string().min(1).max(64) });
const HandParams = z.object({ handId: z.coerce.number().int().min(1) });
const HistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const SitBody = z.object({ seat: z.unknown(), buyIn: z.unknown(), clientSeed: z.unknown().optional() });
const ActBody = z.object({ seq: z.unknown(), action: z.unknown() });
const TopUpBody = z.object({ amount: z.unknown() });
const ClientSeedBody = z.object({ clientSeed: z.unknown() });
const EntropyBody = z.object({ hash: z.unknown(), value: z.unknown() });

/** A page's request id: echoed in the answer so the page matches it to its request. */
const RequestId = z.string().min(1).max(64);
export const PvpRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resume') }),
  z.object({ type: z.literal('act'), seq: z.number().int().min(1), action: z.unknown() }),
  z.object({
    type: z.literal('sit'),
    id: RequestId,
    seat: z.unknown(),
    buyIn: z.unknown(),
    clientSeed: z.unknown().optional(),
  }),
  z.object({ type: z.literal('top-up'), id: RequestId, amount: z.unknown() }),
  z.object({ type: z.literal('leave'), id: RequestId }),
  z.object({ type: z.literal('sit-out'), id: RequestId }),
  z.object({ type: z.literal('come-back'), id: RequestId }),
  z.object({ type: z.literal('show'), id: RequestId }),
  z.object({ type: z.literal('client-seed'), id: RequestId, clientSeed: z.unknown() }),
  z.object({ type: z.literal('entropy'), id: RequestId, hash: z.unknown(), value: z.unknown() }),
]);
type PvpRequest = z.infer<typeof PvpRequest>;

/** Requests one socket may have under way at once (a page sends one at a time). */
const MAX_IN_FLIGHT = 4;

export type PvpRouteHelpers = {
  session: (request: FastifyRequest) => Promise<{ session: StudioSession; token: string }>;
  parse: <T>(schema: z.ZodType<T>, input: unknown) => T;
  /** The other games' tables, listed beside this room's (each entry carries its `game`). */
  moreTables?: () => Promise<object[]>;
  /**
   * Another game's hand by id, for a hand id this room does not know: the games' hands share one
   * table and one id sequence, so an id names one hand of one game and `GET .../hands/:id` answers either.
   */
  otherHand?: (handId: number, owner: string | null) => Promise<object>;
};

/** What the routes ask of a room: the Hold'em room (room.ts), or another game's with the same calls (tongits-room.ts). */
export interface PvpTableRoom {
  sessionOf(token: string | undefined): Promise<StudioSession>;
  listTables(): Promise<object[]>;
  view(tableId: string, owner: string | null): Promise<object>;
  seen(tableId: string, session: StudioSession): Promise<void>;
  sit(
    session: StudioSession,
    token: string,
    tableId: string,
    input: { seat: unknown; buyIn: unknown; clientSeed?: unknown },
    address: string | undefined,
  ): Promise<void>;
  act(session: StudioSession, tableId: string, input: { seq: unknown; action: unknown }): Promise<{ applied: boolean }>;
  topUp(session: StudioSession, token: string, tableId: string, amount: unknown): Promise<{ queued: boolean }>;
  leave(session: StudioSession, tableId: string): Promise<{ queued: boolean }>;
  sitOut(session: StudioSession, tableId: string): Promise<void>;
  comeBack(session: StudioSession, tableId: string): Promise<void>;
  show(session: StudioSession, tableId: string): Promise<void>;
  setClientSeed(session: StudioSession, tableId: string, clientSeed: unknown): Promise<void>;
  addEntropy(session: StudioSession, tableId: string, hash: unknown, value: unknown): Promise<void>;
  hand(handId: number, owner: string | null): Promise<object>;
  myHands(session: StudioSession, limit: number): Promise<object[]>;
  sendView(tableId: string, sub: Sub): Promise<void>;
  subscribe(tableId: string, owner: string | null, send: (message: string) => void): () => void;
}

/** A request's game session and token, refused unless the session is a PVP game's (the same check as the socket's). */
export function pvpSessionOf(helpers: Pick<PvpRouteHelpers, 'session'>, room: Pick<PvpTableRoom, 'sessionOf'>) {
  return async (request: FastifyRequest) => {
    const found = await helpers.session(request);
    await room.sessionOf(found.token);
    return found;
  };
}

/** Where a room's calls are served: Hold'em at /api/pvp and /ws/pvp, Tongits below /api/pvp/tongits. */
export type PvpPaths = { api: string; ws: string };

export function registerPvpRoutes(
  app: FastifyInstance,
  room: PvpTableRoom,
  helpers: PvpRouteHelpers,
  paths: PvpPaths = { api: '/api/pvp', ws: '/ws/pvp' },
): void {
  const config = { auth: 'public' } as const;
  const { parse } = helpers;
  const pvpSession = pvpSessionOf(helpers, room);
  const tableOf = (request: FastifyRequest) => parse(TableParams, request.params).tableId;

  app.get(`${paths.api}/tables`, { config }, async (request) => {
    await pvpSession(request);
    return { tables: [...(await room.listTables()), ...((await helpers.moreTables?.()) ?? [])] };
  });
  app.get(`${paths.api}/tables/:tableId`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    const tableId = tableOf(request);
    await room.seen(tableId, session);
    return room.view(tableId, session.owner);
  });
  app.post(`${paths.api}/tables/:tableId/sit`, { config }, async (request) => {
    const { session, token } = await pvpSession(request);
    const tableId = tableOf(request);
    await room.sit(session, token, tableId, parse(SitBody, request.body), request.ip);
    return room.view(tableId, session.owner);
  });
  app.post(`${paths.api}/tables/:tableId/act`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    const tableId = tableOf(request);
    const done = await room.act(session, tableId, parse(ActBody, request.body));
    return { ...done, view: await room.view(tableId, session.owner) };
  });
  app.post(`${paths.api}/tables/:tableId/top-up`, { config }, async (request) => {
    const { session, token } = await pvpSession(request);
    const tableId = tableOf(request);
    const done = await room.topUp(session, token, tableId, parse(TopUpBody, request.body).amount);
    return { ...done, view: await room.view(tableId, session.owner) };
  });
  app.post(`${paths.api}/tables/:tableId/leave`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    const tableId = tableOf(request);
    const done = await room.leave(session, tableId);
    return { ...done, view: await room.view(tableId, session.owner) };
  });
  app.post(`${paths.api}/tables/:tableId/sit-out`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    const tableId = tableOf(request);
    await room.sitOut(session, tableId);
    return room.view(tableId, session.owner);
  });
  app.post(`${paths.api}/tables/:tableId/come-back`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    const tableId = tableOf(request);
    await room.comeBack(session, tableId);
    return room.view(tableId, session.owner);
  });
  app.post(`${paths.api}/tables/:tableId/show`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    const tableId = tableOf(request);
    await room.show(session, tableId);
    return room.view(tableId, session.owner);
  });
  app.put(`${paths.api}/tables/:tableId/client-seed`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    const tableId = tableOf(request);
    await room.setClientSeed(session, tableId, parse(ClientSeedBody, request.body).clientSeed);
    return room.view(tableId, session.owner);
  });
  app.put(`${paths.api}/tables/:tableId/entropy`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    const tableId = tableOf(request);
    const body = parse(EntropyBody, request.body);
    await room.addEntropy(session, tableId, body.hash, body.value);
    return room.view(tableId, session.owner);
  });
  app.get(`${paths.api}/hands/:handId`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    const { handId } = parse(HandParams, request.params);
    try {
      return await room.hand(handId, session.owner);
    } catch (err) {
      if (!helpers.otherHand || !(err instanceof StudioError) || err.code !== 'STUDIO_NOT_FOUND') throw err;
      return helpers.otherHand(handId, session.owner);
    }
  });
  app.get(`${paths.api}/history`, { config }, async (request) => {
    const { session } = await pvpSession(request);
    return { hands: await room.myHands(session, parse(HistoryQuery, request.query).limit) };
  });

  attachPvpSocket(app, room, paths.ws);
}

type Opened = { token: string; session: StudioSession; tableId: string; address: string | undefined };

function attachPvpSocket(app: FastifyInstance, room: PvpTableRoom, path: string): void {
  const inFlight = new WeakMap<WsSocket, number>();
  const send = (ws: WsSocket, message: object) => {
    if (ws.readyState === WS_OPEN) ws.send(JSON.stringify(message));
  };
  const errorOf = (err: unknown, language: string): StudioErrorBody => {
    if (err instanceof StudioError) return studioErrorBody(err, language);
    app.log.error({ err }, 'studio: unexpected error on the pvp socket');
    return internalErrorBody(language);
  };

  const run = async (ws: WsSocket, o: Opened, r: PvpRequest): Promise<object> => {
    // Every request checks the session again, as the HTTP API does with its header.
    const session = await room.sessionOf(o.token);
    switch (r.type) {
      case 'resume':
        await room.seen(o.tableId, session);
        await room.sendView(o.tableId, {
          owner: session.owner,
          send: (m) => {
            if (ws.readyState === WS_OPEN) ws.send(m);
          },
        });
        return {};
      case 'act': {
        const done = await room.act(session, o.tableId, { seq: r.seq, action: r.action });
        return { applied: done.applied };
      }
      case 'sit':
        await room.sit(session, o.token, o.tableId, r, o.address);
        return {};
      case 'top-up':
        return { queued: (await room.topUp(session, o.token, o.tableId, r.amount)).queued };
      case 'leave':
        return { queued: (await room.leave(session, o.tableId)).queued };
      case 'sit-out':
        await room.sitOut(session, o.tableId);
        return {};
      case 'come-back':
        await room.comeBack(session, o.tableId);
        return {};
      case 'show':
        await room.show(session, o.tableId);
        return {};
      case 'client-seed':
        await room.setClientSeed(session, o.tableId, r.clientSeed);
        return {};
      case 'entropy':
        await room.addEntropy(session, o.tableId, r.hash, r.value);
        return {};
    }
  };

  const onMessage = (ws: WsSocket, text: string, opened: Opened) => {
    const language = opened.session.language;
    const read = readRequest(text, PvpRequest, errorWords(language));
    if (!read.ok) {
      const { raw } = read;
      const r = (typeof raw === 'object' && raw !== null ? raw : {}) as { type?: unknown; id?: unknown; seq?: unknown };
      send(ws, {
        type: typeof r.type === 'string' && r.type.length <= 20 ? `${r.type}-result` : 'error',
        id: RequestId.safeParse(r.id).success ? r.id : null,
        seq: typeof r.seq === 'number' ? r.seq : null,
        ok: false,
        error: read.error,
      });
      return;
    }
    const request = read.request;
    const tag = {
      type: `${request.type}-result`,
      ...('id' in request ? { id: request.id } : {}),
      ...('seq' in request ? { seq: request.seq } : {}),
    };
    const busy = inFlight.get(ws) ?? 0;
    if (busy >= MAX_IN_FLIGHT) {
      const message = errorWords(language).tooManyAtOnce;
      send(ws, { ...tag, ok: false, error: { code: 'STUDIO_BAD_REQUEST', message, detail: null } });
      return;
    }
    inFlight.set(ws, busy + 1);
    run(ws, opened, request)
      .then(
        (body) => send(ws, { ...tag, ok: true, ...body }),
        (err: unknown) => send(ws, { ...tag, ok: false, error: errorOf(err, language) }),
      )
      .finally(() => inFlight.set(ws, (inFlight.get(ws) ?? 1) - 1));
  };

  attachSocketRoute<Opened>(
    app,
    path,
    {
      check: async (query, address) => {
        const token = query.get('token') ?? undefined;
        const session = await room.sessionOf(token);
        const tableId = query.get('table') ?? '';
        // Refuses an unknown table before the upgrade.
        await room.view(tableId, null);
        return { token: token ?? '', session, tableId, address };
      },
      onSocket: (ws, opened) =>
        room.subscribe(opened.tableId, opened.session.owner, (message) => {
          if (ws.readyState === WS_OPEN) ws.send(message);
        }),
      onMessage,
    },
    { maxPayload: 4096 },
  );
}
