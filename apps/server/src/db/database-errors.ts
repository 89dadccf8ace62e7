// What a failed query says about the database, for the error handlers and the retry of a request.

// SQLSTATE classes and codes of a connection that is gone or cannot be had: 08 connection
// exception; 57P01-57P03 the server shut down (fast or immediate) or is starting; 53300 no free
// connection slot.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// Socket errors of a server that is down or unreachable.
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
// node-postgres raises these as plain Errors, without a SQLSTATE.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
];

// 40001 serialization failure and 40P01 deadlock: the transaction was rolled back and may simply
// be run again.
const TRANSIENT_STATES = new Set(['40001', '40P01']);

function chain(error: unknown): { code?: unknown; message?: unknown }[] {
  const out: { code?: unknown; message?: unknown }[] = [];
  let e: unknown = error;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    out.push(e as { code?: unknown; message?: unknown });
    // An AggregateError (a connect that tried several addresses) carries the socket errors inside.
    const inner = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(inner)) out.push(...(inner.filter((x) => x && typeof x === 'object') as object[]));
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

/** True when the database could not be reached or dropped the connection: answer 503 and let the pool heal. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(({ code, message }) => {
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    }
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m));
  });
}

/** True when PostgreSQL rolled the transaction back for a serialization failure or a deadlock. */
export function isTransientConflict(error: unknown): boolean {
  return chain(error).some(({ code }) => typeof code === 'string' && TRANSIENT_STATES.has(code));
}
