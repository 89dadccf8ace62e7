import type { Conn } from '../../../db/database';
import type { PaymentProvider, PspConnection, PspMode } from './provider';
import * as pq from './psp.queries';
import { XENDIT_API, xendit } from './xendit';

// The payment provider plugins Gamehall has, and the brand's connection to each: which mode is in
// use, with which keys. Adding a provider is a plugin file and a line here (docs/cashier.md).

const PLUGINS: Record<string, { plugin: PaymentProvider; defaultApi: string }> = {
  xendit: { plugin: xendit, defaultApi: XENDIT_API },
};

export function pspPlugin(code: string): PaymentProvider | null {
  return PLUGINS[code]?.plugin ?? null;
}

export function pspCodes(): string[] {
  return Object.keys(PLUGINS);
}

export function pspDefaultApi(code: string): string {
  return PLUGINS[code]?.defaultApi ?? '';
}

type ProviderRow = NonNullable<Awaited<ReturnType<typeof pq.readProvider>>>;

type KeysRow = Pick<
  ProviderRow,
  'test_secret_key' | 'test_webhook_token' | 'live_secret_key' | 'live_webhook_token' | 'api_base_url'
>;

/**
 * The connection of one mode, when both its keys are set. The live keys go to the provider's own
 * API only: the brand's API address (a regional host, a local simulator) is the test mode's, so a
 * changed address can never receive a live key.
 */
export function connectionOf(code: string, row: KeysRow, mode: PspMode): PspConnection | null {
  const secretKey = mode === 'live' ? row.live_secret_key : row.test_secret_key;
  const webhookToken = mode === 'live' ? row.live_webhook_token : row.test_webhook_token;
  if (!secretKey || !webhookToken) return null;
  const ownApi = PLUGINS[code]?.defaultApi ?? '';
  return { mode, secretKey, webhookToken, baseUrl: mode === 'live' ? ownApi : (row.api_base_url ?? ownApi) };
}

export type Connected = { plugin: PaymentProvider; conn: PspConnection; row: ProviderRow };

/**
 * A provider's plugin and one mode's connection as its saved keys give it, enabled or not (orders
 * opened in a mode are settled in it); null without the plugin or that mode's keys.
 */
export async function connectionFor(db: Conn, code: string, mode: PspMode): Promise<Connected | null> {
  const plugin = pspPlugin(code);
  const row = plugin ? await pq.readProvider(db, code) : undefined;
  const conn = row ? connectionOf(code, row, mode) : null;
  return plugin && row && conn ? { plugin, conn, row } : null;
}

/** connectionFor, each provider and mode read once: for a job that asks about many orders. */
export function connectionsOnce(db: Conn): (code: string, mode: PspMode) => Promise<Connected | null> {
  const read = new Map<string, Promise<Connected | null>>();
  return (code, mode) => {
    const key = `${code}:${mode}`;
    const known = read.get(key) ?? connectionFor(db, code, mode);
    read.set(key, known);
    return known;
  };
}

/**
 * Whether a mode's payments may move members' money here. A provider's test mode pays nothing real
 * (its checkout lets anyone simulate a payment), so it credits and pays out only where the site is
 * a demo (config.demo, as the sandbox gateway): on a production brand test keys are for "Test
 * connection" alone.
 */
export function modeMovesMoney(mode: PspMode, demo: boolean): boolean {
  return mode === 'live' || demo;
}

/** The provider's connection in use: enabled, with keys for its mode, a mode that may move money. */
export async function activeConnection(db: Conn, code: string, demo: boolean): Promise<Connected | null> {
  const plugin = pspPlugin(code);
  const row = plugin ? await pq.readProvider(db, code) : undefined;
  if (!plugin || !row?.enabled || !modeMovesMoney(row.mode, demo)) return null;
  const conn = connectionOf(code, row, row.mode);
  return conn ? { plugin, conn, row } : null;
}

/** A method served by a provider is offered only while that provider is connected and enabled. */
export async function pspMethodReady(
  db: Conn,
  method: { psp: string | null; psp_channel: string | null },
  demo: boolean,
) {
  if (method.psp === null) return true;
  return method.psp_channel !== null && (await activeConnection(db, method.psp, demo)) !== null;
}
