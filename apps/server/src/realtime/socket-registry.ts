import type { AppContext } from '../context';
import { eventCounter, eventGauge } from '../event-metrics';
import { invalidationConcerns, invalidationWatch } from './event-bus';

/** Close code of a socket over a cap (as HTTP 429): the client should not reconnect at once. */
export const CLOSE_TOO_MANY_SOCKETS = 4029;

/** The part of a socket the registry needs: its close, and the event that releases its counts. */
type Counted = { close: (code?: number, reason?: string) => void; on: (event: 'close', l: () => void) => void };

/**
 * The sessions behind every open socket of a node, by member: a session's revocation (logout, sign
 * out other devices, a password change, an operator's lock) is notified to every node as an
 * invalidation of the member (the triggers of migration 0013, through LISTEN/NOTIFY on PostgreSQL,
 * in process on PGlite), and each socket of that member checks its own session again at once, so
 * whatever socket a revoked session holds (/ws, /ws/chat) closes on every node.
 *
 * It also caps the open sockets of the node: per client address at the upgrade
 * (`wsMaxPerAddress`, counted before any authentication) and per member once the session is known
 * (`wsMaxPerMember`). A socket over a cap is closed with 4029 and a reason naming the cap; a closed
 * socket frees its place.
 */
export type SocketRegistry = {
  /** Runs `check` on each invalidation of `memberId` (or of everyone); the answer stops it. */
  track: (memberId: number, check: () => void) => () => void;
  /** Counts a new socket of `address`; past the cap closes it (4029) and answers false. */
  admitAddress: (socket: Counted, address: string) => boolean;
  /** Counts an authenticated socket of `memberId`; past the cap closes it (4029) and answers false. */
  admitMember: (socket: Counted, memberId: number) => boolean;
};

// Every socket of the node passes admitAddress first (the member, chat, chat room and operator
// sockets), so its count is the node's open sockets.
const openSockets = eventGauge({
  name: 'gamehall_sockets_open',
  help: "Sockets open on the node (members' realtime, chat, chat room, operators)",
});
const refusedSockets = eventCounter({
  name: 'gamehall_sockets_refused_total',
  help: 'Sockets closed at once for a cap (4029), by cap: address or member',
  labelNames: ['cap'],
});

/** Counts per key, each released once when its socket closes. */
function counter(max: number, reason: string, cap: 'address' | 'member') {
  const open = new Map<string | number, number>();
  return (socket: Counted, key: string | number): boolean => {
    const now = open.get(key) ?? 0;
    if (now >= max) {
      refusedSockets.inc({ cap });
      socket.close(CLOSE_TOO_MANY_SOCKETS, reason);
      return false;
    }
    open.set(key, now + 1);
    if (cap === 'address') openSockets.inc();
    socket.on('close', () => {
      if (cap === 'address') openSockets.dec();
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
    return true;
  };
}

export function createSocketRegistry(ctx: AppContext): SocketRegistry {
  const checks = new Map<number, Set<() => void>>();
  const watch = invalidationWatch(ctx.events, (payload) => {
    // After the session cache has dropped what the notification names (it listens on the same bus).
    setImmediate(() => {
      const named = invalidationConcerns(payload);
      if (named === 'nobody') return;
      const targets = named === 'anyone' ? [...checks.values()] : [checks.get(named) ?? new Set()];
      for (const set of targets) for (const check of [...set]) check();
    });
  });
  const perAddress = counter(ctx.config.wsMaxPerAddress, 'too many sockets from this address', 'address');
  const perMember = counter(ctx.config.wsMaxPerMember, 'too many sockets for this member', 'member');
  return {
    admitAddress: perAddress,
    admitMember: perMember,
    track(memberId, check) {
      watch.ensure();
      const mine = checks.get(memberId) ?? new Set();
      checks.set(memberId, mine.add(check));
      return () => {
        mine.delete(check);
        if (mine.size === 0 && checks.get(memberId) === mine) checks.delete(memberId);
      };
    },
  };
}
