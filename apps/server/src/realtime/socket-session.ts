import type { Socket } from './realtime';

const CLOSE_UNAUTHORISED = 4001;
const OPEN = 1;
// As for members' sockets: a session's end is seen as soon as its invalidation arrives, and within
// this anyway should a notification be missed.
const RECHECK_MS = 60_000;

/** The part every authenticated socket shares: sending, refusing, clean-up and the session checks. */
export type SocketSession<E> = {
  send: (event: E) => void;
  /** Closes with 4001 (the client should sign in again), unless already closed. */
  refuse: (reason: string) => void;
  closed: () => boolean;
  /** Runs `undo` when the socket closes. */
  onClose: (undo: () => void) => void;
  /** Stops the wait for the first message's token. */
  authenticated: () => void;
  /** Runs `check` every RECHECK_MS while the socket is open. */
  keepChecking: (check: () => void) => void;
};

/** Wraps a socket whose client must authenticate within `authMs` (first message) or be refused. */
export function openSocketSession<E>(socket: Socket, authMs: number): SocketSession<E> {
  const cleanup: (() => void)[] = [];
  let closed = false;
  const refuse = (reason: string) => {
    if (!closed) socket.close(CLOSE_UNAUTHORISED, reason);
  };
  socket.on('close', () => {
    closed = true;
    for (const undo of cleanup.splice(0)) undo();
  });
  socket.on('error', () => undefined);
  const waiting = setTimeout(() => refuse('no token'), authMs);
  cleanup.push(() => clearTimeout(waiting));
  return {
    send: (event) => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(event));
    },
    refuse,
    closed: () => closed,
    onClose: (undo) => {
      if (closed) undo();
      else cleanup.push(undo);
    },
    authenticated: () => clearTimeout(waiting),
    keepChecking: (check) => {
      if (closed) return;
      const timer = setInterval(check, RECHECK_MS);
      timer.unref();
      cleanup.push(() => clearInterval(timer));
    },
  };
}
