import { endSession } from './session';
import { deviceId, readToken } from './storage';

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
}

type Envelope<T> = { success: true; value: T } | { success: false; code: string; message: string; value?: unknown };

let currentLanguage = 'EN';
export function setApiLanguage(language: string): void {
  currentLanguage = language;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** spec "E" calls: the body goes as a compact JWE in { value }. */
  encrypted?: boolean;
  form?: boolean;
};

function headers(extra: Record<string, string>): Record<string, string> {
  const token = readToken();
  const device = deviceId();
  return {
    Language: currentLanguage,
    Device: 'WEB',
    ...(device ? { 'X-Device-Id': device } : {}),
    ...(token ? { Authorization: token } : {}),
    ...extra,
  };
}

/** spec §8: a request that has not answered after 120 s fails with "page load timeout". */
export const REQUEST_TIMEOUT_MS = 120_000;

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let url: URL;
  try {
    url = new URL(path, window.location.origin);
  } catch {
    throw new ApiError('INVALID_URL', 'Invalid URL, contact customer service', 0);
  }
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  let body: string | undefined;
  const extra: Record<string, string> = {};
  if (options.body !== undefined) {
    if (options.encrypted) {
      body = JSON.stringify({ value: await encrypt(options.body) });
      extra.Encryption = 'JWE';
      extra['Content-Type'] = 'application/json';
    } else if (options.form) {
      body = new URLSearchParams(options.body as Record<string, string>).toString();
      extra['Content-Type'] = 'application/x-www-form-urlencoded';
    } else {
      body = JSON.stringify(options.body);
      extra['Content-Type'] = 'application/json';
    }
  }
  // The time-out covers the answer's body too: a server that sends headers and then stalls is as slow.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const failure = (status: number) =>
    controller.signal.aborted
      ? new ApiError('REQUEST_TIMEOUT', 'Page load timeout, please check the network', status)
      : new ApiError('NETWORK_ERROR', 'Network link is abnormal, please try again', status);
  let res: Response;
  let envelope: Envelope<T>;
  try {
    try {
      res = await fetch(url, {
        method: options.method ?? 'GET',
        headers: headers(extra),
        body,
        signal: controller.signal,
      });
    } catch {
      throw failure(0);
    }
    try {
      envelope = (await res.json()) as Envelope<T>;
    } catch {
      throw failure(res.status);
    }
  } finally {
    clearTimeout(timer);
  }
  if (!envelope.success) {
    // A token the server no longer knows ends the session here too (spec §4: logged in = a token).
    if (envelope.code === 'AUTH_SESSION_EXPIRED' && readToken()) endSession();
    const value =
      envelope.value && typeof envelope.value === 'object' ? (envelope.value as Record<string, unknown>) : undefined;
    throw new ApiError(envelope.code, envelope.message, res.status, value);
  }
  return envelope.value;
}

type Jwk = { kty: string; kid: string; alg: string; n: string; e: string };
let keyPromise: Promise<{ kid: string; key: CryptoKey | Uint8Array }> | undefined;

async function publicKey() {
  keyPromise ??= apiRequest<{ keys: Jwk[] }>('/wps/system/publicKey').then(async ({ keys }) => {
    const jwk = keys[0];
    if (!jwk) throw new ApiError('ENCRYPTION_INVALID', 'No public key', 0);
    const { importJWK } = await import('jose');
    return { kid: jwk.kid, key: await importJWK(jwk, 'RSA-OAEP-256') };
  });
  return keyPromise.catch((err) => {
    keyPromise = undefined;
    throw err;
  });
}

/** api-conventions "Encrypted payloads": RSA-OAEP-256 + A256GCM with the server's kid; jose loads on first use. */
export async function encrypt(payload: unknown): Promise<string> {
  const [{ kid, key }, { CompactEncrypt }] = await Promise.all([publicKey(), import('jose')]);
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid })
    .encrypt(key);
}
