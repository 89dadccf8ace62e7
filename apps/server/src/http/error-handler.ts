import { errorCatalogue } from '@gamehall/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isTransientConflict } from '../db/database-errors';
import { AppError } from './errors';

type IssueLike = {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
};

// zod issue -> the field reason the web app translates (REQUIRED, TOO_SHORT, ...).
function reasonOf(issue: IssueLike): string {
  const p = issue.params ?? {};
  if (typeof p.reason === 'string') return p.reason;
  // A refinement's own params ({ params: { reason } }) arrive nested under the issue's params.
  const own = p.params as { reason?: unknown } | undefined;
  if (typeof own?.reason === 'string') return own.reason;
  switch (issue.keyword) {
    case 'invalid_type':
      // zod 4 issues do not carry the input; its message ends with what was received.
      return /received (undefined|null)$/.test(issue.message ?? '') ? 'REQUIRED' : 'INVALID';
    case 'too_small':
      return p.origin === 'string' && p.minimum === 1 ? 'REQUIRED' : 'TOO_SHORT';
    case 'too_big':
      return 'TOO_LONG';
    case 'invalid_format':
      return 'PATTERN';
    case 'unrecognized_keys':
      return 'NOT_ALLOWED';
    default:
      return 'INVALID';
  }
}

function fieldsOf(issues: IssueLike[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const k of issue.params.keys as string[]) fields[k] ??= 'NOT_ALLOWED';
      continue;
    }
    fields[key] ??= reasonOf(issue);
  }
  return fields;
}

/**
 * Every failure leaves as the envelope of api-conventions.md; never a stack trace, never 500 for bad
 * input. Each carries the request's trace id (trace-context.ts), which its log lines carry too.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause !== undefined) request.log.warn({ err: error.cause, code: error.code }, 'request refused');
      return reply.status(error.status).send({
        success: false,
        code: error.code,
        message: error.message,
        ...(error.value ? { value: error.value } : {}),
        traceId: request.id,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation as IssueLike[]);
      return reply.status(400).send({
        success: false,
        code: 'VALIDATION_FAILED',
        message: errorCatalogue.VALIDATION_FAILED.message,
        value: { fields },
        traceId: request.id,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({
        success: false,
        code: 'INTERNAL_ERROR',
        message: errorCatalogue.INTERNAL_ERROR.message,
        traceId: request.id,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
        message: errorCatalogue.PAYLOAD_TOO_LARGE.message,
        traceId: request.id,
      });
    if (status === 415)
      return reply.status(415).send({
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: errorCatalogue.UNSUPPORTED_MEDIA_TYPE.message,
        traceId: request.id,
      });
    if (status === 429)
      return reply.status(429).send({
        success: false,
        code: 'RATE_LIMITED',
        message: errorCatalogue.RATE_LIMITED.message,
        traceId: request.id,
      });
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content length, a multipart limit and the like: the client's fault.
      return reply.status(400).send({
        success: false,
        code: 'BAD_REQUEST',
        message: errorCatalogue.BAD_REQUEST.message,
        traceId: request.id,
      });
    }
    // The database dropped the connection, is down, or kept rolling the transaction back: nothing was
    // kept, and the client may try again. The pool replaces dead connections by itself.
    if (isDatabaseUnavailable(error) || isTransientConflict(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({
        success: false,
        code: 'DATABASE_UNAVAILABLE',
        message: errorCatalogue.DATABASE_UNAVAILABLE.message,
        traceId: request.id,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      success: false,
      code: 'INTERNAL_ERROR',
      message: errorCatalogue.INTERNAL_ERROR.message,
      traceId: request.id,
    });
  });
  // The 404 envelope is sent by the not-found handler in web-static.ts, which first serves the
  // player site's files and history fallback.
}
