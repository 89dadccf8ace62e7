import { sql } from 'kysely';
import { z } from 'zod';
import type { Conn } from '../db/database';
import type { App } from './app-type';

/** One thing the node needs to serve: a name for the answer, and a check that throws when it cannot. */
export type ReadinessProbe = { name: string; check: () => Promise<unknown> };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What GET /readyz checks. A vendor mounted in the process (the house studio) adds its own
     * database's probe here when it is registered; the array is shared by every scope.
     */
    readinessProbes: ReadinessProbe[];
    /**
     * Takes the node out of rotation for good: /readyz answers 503 (`draining`) from now on, while
     * every other route still serves. The shutdown calls it first (main.ts), then waits DRAIN_SECONDS
     * for the load balancer to notice before it stops taking connections.
     */
    drain: () => void;
  }
}

/** A probe that waits longer than this counts as down: a load balancer must get its answer quickly. */
export const READINESS_TIMEOUT_MS = 2_000;

/** The probe of a database: one `SELECT 1`. */
export function databaseProbe(name: string, db: Conn): ReadinessProbe {
  return { name, check: () => sql`SELECT 1`.execute(db) };
}

/** `work`, or a rejection once READINESS_TIMEOUT_MS has passed without its answer. */
export function withinReadinessTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Whether a probe fails or takes longer than READINESS_TIMEOUT_MS. */
export async function probeDown(probe: ReadinessProbe): Promise<boolean> {
  try {
    await withinReadinessTime(probe.check());
    return false;
  } catch {
    return true;
  }
}

const Ready = z.object({ status: z.literal('ready') });
const NotReady = z.object({ status: z.literal('unavailable'), down: z.array(z.string()) });

/**
 * GET /readyz, for load balancers: 200 while every probe answers, 503 with the names of those that
 * do not (the database, the studio's database) while any cannot be reached. Each request checks
 * again, so the node is taken out of rotation while its database is down and back by itself once
 * it answers. /healthz stays the liveness answer (the process is up), which restarts nothing.
 */
export function registerReadiness(app: App, probes: ReadinessProbe[]): void {
  let draining = false;
  app.decorate('readinessProbes', probes);
  app.decorate('drain', () => {
    draining = true;
  });
  app.get(
    '/readyz',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary:
          "Readiness: 200 while the node's databases answer, 503 (and which) while one cannot be reached or the node drains",
        response: { 200: Ready, 503: NotReady },
      },
    },
    async (_request, reply) => {
      const results = await Promise.all(probes.map(async (p) => ((await probeDown(p)) ? p.name : null)));
      const failed = [...(draining ? ['draining'] : []), ...results.filter((name): name is string => name !== null)];
      if (failed.length > 0) return reply.code(503).send({ status: 'unavailable' as const, down: failed });
      return { status: 'ready' as const };
    },
  );
}
