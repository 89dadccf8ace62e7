import { CompactEncrypt, importJWK, type JWK } from 'jose';
import type { App } from '../http/app-type';

/**
 * Encrypts a payload the way the web app does: fetch the public key from /wps/system/publicKey and
 * make a compact JWE (RSA-OAEP-256 + A256GCM) with `jose`. Returns the body and headers of an E call.
 */
export async function encryptedRequest(app: App, payload: unknown) {
  const res = await app.inject({ method: 'GET', url: '/wps/system/publicKey' });
  const key = (res.json() as { value: { keys: JWK[] } }).value.keys[0];
  if (!key) throw new Error('no public key served');
  const publicKey = await importJWK(key, 'RSA-OAEP-256');
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(publicKey);
  return { payload: { value: jwe }, headers: { encryption: 'JWE', 'content-type': 'application/json' } };
}

/** inject() an encrypted call. */
export async function injectEncrypted(
  app: App,
  options: {
    method: 'POST' | 'PUT';
    url: string;
    body: unknown;
    token?: string;
    remoteAddress?: string;
    headers?: Record<string, string>;
  },
) {
  const { payload, headers } = await encryptedRequest(app, options.body);
  return app.inject({
    method: options.method,
    url: options.url,
    payload,
    remoteAddress: options.remoteAddress,
    headers: { ...headers, ...(options.token ? { authorization: options.token } : {}), ...options.headers },
  });
}
