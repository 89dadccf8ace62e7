import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorWords } from '../kit/error-words';
import { internalErrorBody, StudioError, type StudioErrorBody, studioErrorBody } from '../kit/errors';
import { attachSocketRoute, readRequest, WS_OPEN, type WsSocket } from '../kit/socket-route';
import type { CrashGame } from './crash';

/** POST /api/crash/bet (and the socket's bet-result). */
export type CrashBetAnswer = Awaited<ReturnType<CrashGame['placeBet']>>;
/** POST /api/crash/cashout (and the socket's cashout-result). */
export type CrashCashoutAnswer = Awaited<ReturnType<CrashGame['cashOut']>>;
/** The answer to a crash page's request: the HTTP body on success, the HTTP API's error otherwise. */
export type CrashSocketAnswer = { type: 'bet-result' | 'cashout-result' | 'error'; id: string | null } & (
  | ({ ok: true } & (CrashBetAnswer | CrashCashoutAnswer))
  | { ok: false; error: StudioErrorBody }
);

// GET /studio/ws/crash[?token=<game token>&lang=<launch language>]: a two-way WebSocket for the crash page.
// Refusals are worded in the session's launch language, or the page's `lang` before the session is known.
// - To every page: the game's state ({ type: 'state', data }) on every change and at least once a second.
// - From a page: { type: 'bet', id, amount, autoCashout? } and { type: 'cashout', id }, answered on the
//   same socket with { type: 'bet-result' | 'cashout-result', id, ok: true, ...the HTTP body } or
//   { ..., ok: false, error: { code, message, detail } } with the HTTP API's error codes.
// Each request runs exactly what POST /api/crash/bet and /api/crash/cashout run: the token is checked
// as a game session of a crash game (crash.sessionOf) at every request, as the HTTP API checks its
// header, so a session that expires while the socket is open stops playing; a socket without a token
// (or with a table's or a slot's) still gets the state. The cash-out is idempotent per bet (a settled
// bet answers again), so a repeated message never pays twice.

/** A page's request id: echoed in the answer so the page matches it to its request. */
const RequestId = z.string().min(1).max(64);
export const CrashRequest = z.discriminatedUnion('type', [
  // The bet's fields are checked by the game (parseCrashBet) as over HTTP: STUDIO_BAD_BET.
  z.object({ type: z.literal('bet'), id: RequestId, amount: z.unknown(), autoCashout: z.unknown().optional() }),
  z.object({ type: z.literal('cashout'), id: RequestId }),
]);

/** Requests one socket may have under way at once; more are refused (a page sends one at a time). */
const MAX_IN_FLIGHT = 4;

export function attachCrashSocket(app: FastifyInstance, crash: CrashGame): void {
  const inFlight = new WeakMap<WsSocket, number>();
  const send = (ws: WsSocket, message: CrashSocketAnswer) => {
    if (ws.readyState === WS_OPEN) ws.send(JSON.stringify(message));
  };

  const errorOf = (err: unknown, language: string): StudioErrorBody => {
    if (err instanceof StudioError) return studioErrorBody(err, language);
    app.log.error({ err }, 'studio: unexpected error on the crash socket');
    return internalErrorBody(language);
  };

  const answer = async (
    token: string | undefined,
    request: z.infer<typeof CrashRequest>,
    heard: { language: string },
  ) => {
    const session = await crash.sessionOf(token);
    heard.language = session.language;
    if (request.type === 'bet') {
      // sessionOf refused a missing token already; this only tells the type checker.
      if (!token) throw new StudioError('STUDIO_SESSION_REQUIRED');
      return crash.placeBet(session, token, { amount: request.amount, autoCashout: request.autoCashout });
    }
    return crash.cashOut(session);
  };

  const onMessage = (ws: WsSocket, text: string, opened: { token: string | undefined; language: string }) => {
    const { token } = opened;
    const words = errorWords(opened.language);
    const read = readRequest(text, CrashRequest, words);
    if (!read.ok) {
      // Answer with the request's id and type when they can be read, so the page still matches it.
      const { raw } = read;
      const r = (typeof raw === 'object' && raw !== null ? raw : {}) as { type?: unknown; id?: unknown };
      const id = RequestId.safeParse(r.id).success ? (r.id as string) : null;
      const type = r.type === 'bet' || r.type === 'cashout' ? (`${r.type}-result` as const) : 'error';
      send(ws, { type, id, ok: false, error: read.error });
      return;
    }
    const request = read.request;
    const type = `${request.type}-result` as const;
    const busy = inFlight.get(ws) ?? 0;
    if (busy >= MAX_IN_FLIGHT) {
      const message = words.tooManyAtOnce;
      send(ws, { type, id: request.id, ok: false, error: { code: 'STUDIO_BAD_REQUEST', message, detail: null } });
      return;
    }
    inFlight.set(ws, busy + 1);
    const heard = { language: opened.language };
    answer(token, request, heard)
      .then(
        (body) => send(ws, { type, id: request.id, ok: true, ...body }),
        (err: unknown) => send(ws, { type, id: request.id, ok: false, error: errorOf(err, heard.language) }),
      )
      .finally(() => inFlight.set(ws, (inFlight.get(ws) ?? 1) - 1));
  };

  attachSocketRoute(app, '/ws/crash', {
    check: async (query) => {
      const token = query.get('token') ?? undefined;
      // A watcher needs no token, and a token of another game hears its refusals per request; only
      // a session the site ended is refused at the door, as every studio socket does.
      if (token) {
        await crash.sessionOf(token).catch((error: unknown) => {
          if (error instanceof StudioError && error.code === 'STUDIO_SESSION_ENDED') throw error;
        });
      }
      return { token, language: query.get('lang') ?? 'EN' };
    },
    onSocket: (ws) =>
      crash.subscribe((message) => {
        if (ws.readyState === WS_OPEN) ws.send(message);
      }),
    onMessage,
  });
}
