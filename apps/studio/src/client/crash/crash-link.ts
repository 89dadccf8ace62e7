// The crash page's line to the studio: the WebSocket /studio/ws/crash (the shared round's states,
// and bets and cash-outs as { type, id } requests whose answers echo the id), reconnected when it
// drops, with the HTTP API as the way when the socket is not open. An answer that does not come in
// ANSWER_TIMEOUT_MS, or is lost with the socket, fails with TIMEOUT or NETWORK: the bet may stand,
// so the caller re-reads the state.
import type {
  CrashSocketMessage,
  CrashSocketRequest,
  RoundRequest,
  CrashSocketAnswer as SocketAnswer,
} from '../../api-types';
import type { CrashState } from '../../casino/crash';
import type { gameWords } from '../game-words';
import { sessionEndedBy, showSessionEnded } from '../session-ended';
import { ApiError } from '../ui';
import { pageLanguageOf } from '../words';

type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;
/** A socket request before its id is added (each kind of request without its id). */
type SocketRequest = CrashSocketRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** How long a bet or cash-out sent over the socket waits for its answer. */
const ANSWER_TIMEOUT_MS = 10_000;

export function createCrashLink(o: {
  /** The page's game token: the socket carries it to place bets. */
  token: string;
  language: unknown;
  words: ReturnType<typeof gameWords>['crash'];
  api: Api;
  onState: (state: CrashState) => void;
}) {
  const { words: w, api } = o;
  let socket: WebSocket | null = null;
  let nextId = 0;
  const pending = new Map<string, { settle: (answer: SocketAnswer | ApiError) => void }>();

  function connect() {
    const ws = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/studio/ws/crash?token=${encodeURIComponent(o.token)}&lang=${pageLanguageOf(o.language)}`,
    );
    ws.onopen = () => {
      socket = ws;
    };
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as CrashSocketMessage;
      if (msg.type === 'state') o.onState(msg.data);
      else if (msg.id !== null) pending.get(msg.id)?.settle(msg);
    };
    ws.onclose = (e) => {
      if (socket === ws) socket = null;
      // Answers still awaited are lost with the socket: the callers re-read the state over HTTP.
      for (const p of [...pending.values()]) p.settle(new ApiError('NETWORK', w.connectionLost, 0));
      if (sessionEndedBy(e)) showSessionEnded();
      else setTimeout(connect, 1500);
    };
  }

  /** A bet or cash-out: over the open socket (answer matched by id, with a timeout), else over HTTP. */
  function send<T>(request: SocketRequest, path: string, body?: RoundRequest): Promise<T> {
    const ws = socket;
    if (!ws || ws.readyState !== WebSocket.OPEN) return api<T>(path, { method: 'POST', body });
    const id = `${Date.now().toString(36)}-${++nextId}`;
    return new Promise<T>((resolve, reject) => {
      const timeout = setTimeout(() => settle(new ApiError('TIMEOUT', w.noAnswer, 0)), ANSWER_TIMEOUT_MS);
      const settle = (answer: SocketAnswer | ApiError) => {
        clearTimeout(timeout);
        pending.delete(id);
        if (answer instanceof ApiError) reject(answer);
        else if (answer.ok) resolve(answer as T);
        else reject(new ApiError(answer.error?.code ?? 'ERROR', answer.error?.message ?? w.requestFailed, 0));
      };
      pending.set(id, { settle });
      ws.send(JSON.stringify({ ...request, id }));
    });
  }

  return { connect, send };
}
