import { clearToken, readToken } from './session-token';

// The envelope of api-conventions.md: { success, value } or { success: false, code, message, value }.
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** Field errors of a refused form ({ fields: { name: 'REASON' } }). */
  get fields(): Record<string, string> {
    const fields = this.value?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

type Envelope<T> = { success: true; value: T } | { success: false; code: string; message: string; value?: unknown };

export type Query = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
};

/** Codes after which the session is gone: the app goes back to the sign-in screen. */
const SESSION_ENDED = new Set(['AUTH_SESSION_EXPIRED', 'AUTH_REQUIRED']);

const enrolmentListeners = new Set<() => void>();
/** Called when the server answers OPERATOR_TWO_FACTOR_SETUP_REQUIRED (the app opens enrolment). */
export function onEnrolmentRequired(listener: () => void): () => void {
  enrolmentListeners.add(listener);
  return () => enrolmentListeners.delete(listener);
}

const passwordChangeListeners = new Set<() => void>();
/** Called when the server answers OPERATOR_PASSWORD_CHANGE_REQUIRED (the app opens the forced change). */
export function onPasswordChangeRequired(listener: () => void): () => void {
  passwordChangeListeners.add(listener);
  return () => passwordChangeListeners.delete(listener);
}

export function buildUrl(path: string, query?: Query): URL {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url;
}

export function authHeaders(): Record<string, string> {
  const token = readToken();
  return { Device: 'WEB', ...(token ? { Authorization: token } : {}) };
}

/** Sends a request to the admin API and unwraps the envelope; a failure throws ApiError with its code. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = authHeaders();
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), { method: options.method ?? 'GET', headers, body });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'The network is unreachable, please try again', 0);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.ok ? 'BAD_RESPONSE' : `HTTP_${res.status}`, `The server answered ${res.status}`, res.status);
  }
  if (!envelope.success) {
    if (res.status === 401 || SESSION_ENDED.has(envelope.code)) clearToken('expired');
    if (envelope.code === 'OPERATOR_TWO_FACTOR_SETUP_REQUIRED') for (const l of enrolmentListeners) l();
    if (envelope.code === 'OPERATOR_PASSWORD_CHANGE_REQUIRED') for (const l of passwordChangeListeners) l();
    const value =
      envelope.value && typeof envelope.value === 'object' ? (envelope.value as Record<string, unknown>) : undefined;
    throw new ApiError(envelope.code, envelope.message, res.status, value);
  }
  return envelope.value;
}

/** The bytes of an authenticated file (an uploaded proof) as an object URL; revoke it when done. */
export async function fetchObjectUrl(path: string): Promise<string> {
  const res = await fetch(buildUrl(path), { headers: authHeaders() });
  if (res.status === 401) clearToken('expired');
  if (!res.ok) throw new ApiError(`HTTP_${res.status}`, `The server answered ${res.status}`, res.status);
  return URL.createObjectURL(await res.blob());
}
