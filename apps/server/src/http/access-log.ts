import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The access log: one line per logged request, written when the response is done, carrying the
 * request (through the logger's `req` serializer, so the URL is redacted like every other line),
 * the status and the response time.
 *
 * Fastify's own request logging writes two lines for every request (incoming, completed); on the
 * cheap routes (/healthz, the game list, balance) formatting and writing them cost about a sixth of
 * the server's CPU. So a successful request is logged with the probability `sample`
 * (ACCESS_LOG_SAMPLE, 1 in 100 by default), while the lines worth keeping always are:
 * - every 5xx and every request that failed with an error, at level error;
 * - every 4xx (bad input, refused credentials, forbidden, not found, region refused), at level info:
 *   they are rare in normal traffic and are what an operator looks for after a complaint or a probe;
 * - but not 429: a client hammering past its rate limit would otherwise turn its flood into a flood
 *   of log lines; those are sampled like successes.
 */
export class AccessLog extends LogController {
  constructor(private readonly sample: number) {
    // Each line of a request carries its id, which is its W3C trace id (trace-context.ts).
    super({ requestIdLogLabel: 'traceId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    if (status >= 500) {
      reply.log.error({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      return;
    }
    if (status >= 400 && status !== 429) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      return;
    }
    if (this.sample >= 1 || (this.sample > 0 && Math.random() < this.sample))
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
