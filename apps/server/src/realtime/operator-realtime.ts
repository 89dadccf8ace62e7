import {
  type CashierChange,
  CashierQueue,
  OPERATOR_SOCKET_AUTH_MS,
  OPERATOR_SOCKET_PATH,
  type OperatorRealtimeEvent,
  OperatorSocketAuth,
} from '@gamehall/shared/api/admin-realtime';
import { holdsPermission, type Permission } from '@gamehall/shared/api/permissions';
import { type WorkChange, WorkSourceName, workSource, worksOn } from '@gamehall/shared/api/work-queue';
import type { AppContext } from '../context';
import { type Principal, tokenFrom, usablePermissions } from '../http/auth';
import { invalidationConcerns, invalidationWatch, type OperatorNotice } from './event-bus';
import type { RealtimeScope, Socket, SocketSessions } from './realtime';
import type { SocketRegistry } from './socket-registry';
import { openSocketSession } from './socket-session';

// Who sees a queue's events: the permission its list routes declare (cashier/cashier.admin.routes.ts
// declares 'admin:cashier.read' for the three queues).
const QUEUE_PERMISSION: Record<CashierQueue, Permission> = {
  deposits: 'cashier.read',
  withdrawals: 'cashier.read',
  bankAccounts: 'cashier.read',
};

const CHANGE = { insert: 'created', update: 'updated', delete: 'removed' } as const;

/** The event of a notice of migration 0032's trigger, or null for anything else. */
export function cashierChangeOf(notice: OperatorNotice): CashierChange | null {
  const queue = CashierQueue.safeParse(notice.q);
  const change = typeof notice.op === 'string' ? CHANGE[notice.op as keyof typeof CHANGE] : undefined;
  const { id, r, s, m } = notice;
  if (!queue.success || !change || typeof id !== 'number' || typeof m !== 'number') return null;
  return {
    queue: queue.data,
    change,
    id,
    reference: typeof r === 'string' ? r : null,
    status: typeof s === 'string' ? s : null,
    memberId: m,
  };
}

/**
 * The event of a notice of migration 0098's trigger (a source of the work panel changed), or null.
 * The cashier queues are announced by their own notices (cashierChangeOf), not here.
 */
export function workChangeOf(notice: OperatorNotice): WorkChange | null {
  if (notice.q !== 'work') return null;
  const source = WorkSourceName.safeParse(notice.src);
  return source.success ? { source: source.data } : null;
}

/** What an operator's socket may carry: nothing until the password change and a required enrolment are done. */
function grantsOf(principal: Principal): string[] {
  return usablePermissions(principal);
}

function isOperatorSession(principal: Principal | null): principal is Principal {
  return principal?.isOperator === true && principal.area === 'admin';
}

/**
 * GET /ws/operator: the back office's socket. The client sends `{ type: 'auth', token }` first (or
 * an Authorization header); a missing, bad or non-operator token, or none within 5 s, closes the
 * socket with 4001, and so does the session's end (sign-out, revocation, idle timeout, the
 * operator disabled). Events come from the event bus, so a change committed on any node reaches
 * every node's operators.
 */
export function registerOperatorRealtime(
  app: RealtimeScope,
  ctx: AppContext,
  sessions: SocketSessions,
  registry: SocketRegistry,
): void {
  // Open sockets by operator, each with its session check: an invalidation of the operator runs it;
  // a lost database listener (payload null) runs every check and asks every socket to resync.
  const checks = new Map<number, Set<() => void>>();
  const resyncs = new Set<() => void>();
  const watch = invalidationWatch(ctx.events, (payload) => {
    setImmediate(() => {
      const named = invalidationConcerns(payload);
      if (named === 'nobody') return;
      const targets = named === 'anyone' ? [...checks.values()] : [checks.get(named) ?? new Set()];
      for (const set of targets) for (const check of set) check();
      if (payload === null) for (const resync of resyncs) resync();
    });
  });

  app.get(
    OPERATOR_SOCKET_PATH,
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary:
          "Operators' WebSocket ({ type, data }: ready, cashier queue changes, work panel changes, resync); send { type: 'auth', token } first; closes with 4001 when the token is not an operator's live session",
      },
      config: { auth: 'public' },
    },
    (raw, request) => {
      const socket = raw as Socket;
      if (!registry.admitAddress(socket, request.ip)) return;
      const session = openSocketSession<OperatorRealtimeEvent>(socket, OPERATOR_SOCKET_AUTH_MS);
      const { send, refuse } = session;
      let started = false;

      const start = async (token: string) => {
        started = true;
        session.authenticated();
        const principal = await sessions.resolve(token);
        if (!isOperatorSession(principal)) return refuse('unauthorised');
        if (session.closed() || !registry.admitMember(socket, principal.memberId)) return;
        let grants = grantsOf(principal);
        const off = await ctx.events.subscribeOperators((notice) => {
          const change = cashierChangeOf(notice);
          if (change && holdsPermission(grants, QUEUE_PERMISSION[change.queue]))
            send({ type: 'cashier', data: change });
          const work = workChangeOf(notice);
          if (work && worksOn((p) => holdsPermission(grants, p), workSource(work.source)))
            send({ type: 'work', data: work });
        });
        if (session.closed()) return off();
        session.onClose(off);
        const check = () => {
          void sessions
            .operatorGrants(token)
            .then((granted) => {
              if (granted === null) refuse('session ended');
              // A role change (members.permissions, notified like a revocation) applies at once.
              else grants = granted;
            })
            .catch(() => undefined);
        };
        const resync = () => send({ type: 'resync', data: {} });
        watch.ensure();
        const mine = checks.get(principal.memberId) ?? new Set();
        checks.set(principal.memberId, mine.add(check));
        resyncs.add(resync);
        session.keepChecking(check);
        session.onClose(() => {
          resyncs.delete(resync);
          mine.delete(check);
          if (mine.size === 0 && checks.get(principal.memberId) === mine) checks.delete(principal.memberId);
        });
        send({ type: 'ready', data: { operatorId: principal.memberId } });
      };
      const begin = (token: string) => void start(token).catch(() => socket.close(1011, 'internal error'));

      // Only the first message counts (the token); anything after it is ignored.
      socket.on('message', (data) => {
        if (started || session.closed()) return;
        let message: unknown;
        try {
          message = JSON.parse(String(data));
        } catch {
          message = null;
        }
        const auth = OperatorSocketAuth.safeParse(message);
        if (!auth.success) {
          started = true;
          refuse('unauthorised');
          return;
        }
        begin(auth.data.token);
      });
      const header = tokenFrom(request);
      if (header) begin(header);
    },
  );
}
