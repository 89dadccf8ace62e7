import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export type Decryptor = (jwe: string) => Promise<unknown>;

/**
 * Routes marked `config.encrypted` (spec "E") take `{ value: <JWE compact> }` with the header
 * `Encryption: JWE`. The payload is decrypted here, before validation, so the route's schema
 * describes the plaintext. A plaintext body is refused with ENCRYPTION_REQUIRED.
 */
export function registerEncryptedPayloads(app: FastifyInstance, decrypt: Decryptor): void {
  const decryptBody = async (request: FastifyRequest) => {
    const body = request.body as { value?: unknown } | undefined;
    const marked = String(request.headers.encryption ?? '').toUpperCase() === 'JWE';
    if (!marked || !body || typeof body !== 'object' || typeof body.value !== 'string') {
      throw new AppError('ENCRYPTION_REQUIRED');
    }
    if (body.value.length > 64_000) throw new AppError('PAYLOAD_TOO_LARGE');
    request.body = await decrypt(body.value);
  };
  // A callback hook: the routes that are not encrypted (nearly all) pay no promise for it.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.routeOptions.config.encrypted) return done();
    decryptBody(request).then(() => done(), done);
  });
}
