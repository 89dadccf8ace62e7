import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { testConfig } from '../config';
import type { AppContext } from '../context';
import type { App } from '../http/app-type';
import type { TestApp } from './harness';

// A second node for the realtime tests: on PostgreSQL another app on the test's database, so every
// notice a test waits for has to cross nodes (LISTEN/NOTIFY); on PGlite there is one process, and
// none. Each listens on loopback; `base` is its WebSocket address.

export type SecondNode = { app: App; ctx: AppContext; base: string };

/** The test app on loopback (its WebSocket base) and, on PostgreSQL, a second node beside it. */
export async function listenWithSecondNode(t: TestApp): Promise<{ base: string; other: SecondNode | undefined }> {
  const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  if (t.ctx.database.kind !== 'postgres') return { base, other: undefined };
  const ctx = await bootstrap(testConfig({ databaseUrl: t.ctx.config.databaseUrl }), { skipSeed: true });
  const app = await buildApp(ctx);
  return { base, other: { app, ctx, base: (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') } };
}

/** Closes the second node (if any), then the test app. */
export async function closeWithSecondNode(t: TestApp, other: SecondNode | undefined): Promise<void> {
  if (other) {
    await other.app.close();
    await other.ctx.database.close();
  }
  await t.close();
}
