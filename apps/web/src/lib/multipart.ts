import { ApiError } from './api-client';
import { readToken } from './storage';

// apiRequest sends JSON, form or JWE bodies; uploads need multipart, with the same headers and
// envelope. A module of its own so only the pages that upload load it.
export async function sendMultipart<T>(method: 'POST' | 'PUT', path: string, data: FormData): Promise<T> {
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: { Device: 'WEB', ...(token ? { Authorization: token } : {}) },
      body: data,
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'Network link is abnormal, please try again', 0);
  }
  let envelope: { success: boolean; value?: unknown; code?: string; message?: string };
  try {
    envelope = await res.json();
  } catch {
    // A proxy or the multipart plugin may answer a too-large upload without the envelope.
    throw new ApiError(res.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'NETWORK_ERROR', res.statusText, res.status);
  }
  if (!envelope.success) {
    const value =
      envelope.value && typeof envelope.value === 'object' ? (envelope.value as Record<string, unknown>) : undefined;
    throw new ApiError(envelope.code ?? 'INTERNAL_ERROR', envelope.message ?? '', res.status, value);
  }
  return envelope.value as T;
}
