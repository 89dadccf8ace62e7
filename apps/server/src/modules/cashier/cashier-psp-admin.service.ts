import type { AdminPaymentProviderBody, PspMode } from '@gamehall/shared/api/admin-payment-providers';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { PspError } from './psp/provider';
import * as pq from './psp/psp.queries';
import { connectionFor, connectionOf, modeMovesMoney, pspCodes, pspDefaultApi, pspPlugin } from './psp/registry';

// The operator's side of payment providers: what is connected (secrets never read back), changing
// it, and testing a mode's keys with one call to the provider.

const WEBHOOKS_SHOWN = 20;

/** Every plugin, connected or not, with what the console may show of it. */
export async function providersView(ctx: AppContext) {
  const list = [];
  for (const code of pspCodes()) list.push(await providerView(ctx, code));
  return list;
}

export async function providerView(ctx: AppContext, code: string) {
  const plugin = pspPlugin(code);
  if (!plugin) throw new AppError('NOT_FOUND');
  const [row, methods, webhooks] = await Promise.all([
    pq.readProvider(ctx.db, code),
    pq.methodsOf(ctx.db, code),
    pq.recentWebhooks(ctx.db, code, WEBHOOKS_SHOWN),
  ]);
  return {
    plugin,
    row: row ?? null,
    defaultApi: pspDefaultApi(code),
    webhookUrl: `${ctx.config.publicUrl}/wps/cashier/webhooks/${code}`,
    methods,
    webhooks,
  };
}

export type ProviderView = Awaited<ReturnType<typeof providerView>>;

/**
 * Changes a connection. A mode's keys are checked against the mode (a live key is never saved as a
 * test key, nor the reverse); the provider is enabled, or switched to a mode, only with that mode's
 * keys; payouts only for a provider that offers them. Answers the view and what changed for the audit.
 */
export async function changeProvider(
  ctx: AppContext,
  operator: Principal,
  code: string,
  body: AdminPaymentProviderBody,
) {
  const plugin = pspPlugin(code);
  if (!plugin) throw new AppError('NOT_FOUND');
  const before = (await pq.readProvider(ctx.db, code)) ?? null;
  for (const mode of ['test', 'live'] as const) {
    const keys = body.keys?.[mode];
    if (keys && !plugin.keyMatchesMode(keys.secretKey, mode))
      throw fieldErrors({ [`keys.${mode}.secretKey`]: 'INVALID' });
  }
  if (body.payoutsEnabled && !plugin.payouts) throw fieldErrors({ payoutsEnabled: 'INVALID' });
  const patch: pq.ProviderPatch = {
    ...(body.mode !== undefined ? { mode: body.mode } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    ...(body.payoutsEnabled !== undefined ? { payouts_enabled: body.payoutsEnabled } : {}),
    ...(body.apiBaseUrl !== undefined ? { api_base_url: body.apiBaseUrl } : {}),
    ...(body.keys?.test
      ? { test_secret_key: body.keys.test.secretKey, test_webhook_token: body.keys.test.webhookToken }
      : {}),
    ...(body.keys?.live
      ? { live_secret_key: body.keys.live.secretKey, live_webhook_token: body.keys.live.webhookToken }
      : {}),
    updated_by: operator.memberId,
  };
  const after = {
    mode: patch.mode ?? before?.mode ?? 'test',
    enabled: patch.enabled ?? before?.enabled ?? false,
    test_secret_key: patch.test_secret_key ?? before?.test_secret_key ?? null,
    test_webhook_token: patch.test_webhook_token ?? before?.test_webhook_token ?? null,
    live_secret_key: patch.live_secret_key ?? before?.live_secret_key ?? null,
    live_webhook_token: patch.live_webhook_token ?? before?.live_webhook_token ?? null,
    api_base_url: patch.api_base_url !== undefined ? patch.api_base_url : (before?.api_base_url ?? null),
  };
  if (after.enabled && !connectionOf(code, after, after.mode)) throw fieldErrors({ enabled: 'KEYS_REQUIRED' });
  // Test mode simulates payments: it takes members' deposits only on a demo site (modeMovesMoney).
  if (after.enabled && !modeMovesMoney(after.mode, ctx.config.demo)) throw fieldErrors({ mode: 'TEST_ON_DEMO_ONLY' });
  // One token for both modes would make every live webhook look like a test one.
  if (body.keys && after.test_webhook_token !== null && after.test_webhook_token === after.live_webhook_token)
    throw fieldErrors({ [`keys.${body.keys?.live ? 'live' : 'test'}.webhookToken`]: 'SAME_AS_OTHER_MODE' });
  await pq.saveProvider(ctx.db, code, patch, ctx.now());
  return {
    view: await providerView(ctx, code),
    audit: {
      before: before ? auditOf(before) : null,
      after: { ...auditOf({ ...after, payouts_enabled: patch.payouts_enabled ?? before?.payouts_enabled ?? false }) },
      keysChanged: Object.keys(body.keys ?? {}),
    },
  };
}

/** What the audit keeps of a connection: never a secret. */
function auditOf(r: {
  mode: string;
  enabled: boolean;
  payouts_enabled: boolean;
  api_base_url: string | null;
  test_secret_key: string | null;
  live_secret_key: string | null;
}) {
  return {
    mode: r.mode,
    enabled: r.enabled,
    payoutsEnabled: r.payouts_enabled,
    apiBaseUrl: r.api_base_url,
    testKeyEnd: keyEnd(r.test_secret_key),
    liveKeyEnd: keyEnd(r.live_secret_key),
  };
}

/** The last four characters of a secret key: enough to tell keys apart, too few to use one. */
export function keyEnd(key: string | null): string | null {
  return key ? key.slice(-4) : null;
}

/** One authenticated call with a mode's keys; the answer says what the provider said. */
export async function testProvider(ctx: AppContext, code: string, mode: PspMode) {
  const plugin = pspPlugin(code);
  if (!plugin) throw new AppError('NOT_FOUND');
  const connected = await connectionFor(ctx.db, code, mode);
  if (!connected) return { ok: false, message: `No ${mode} keys are saved for ${plugin.name}` };
  try {
    await plugin.testConnection(connected.conn);
    return { ok: true, message: `${plugin.name} accepted the ${mode} keys` };
  } catch (err) {
    if (!(err instanceof PspError)) throw err;
    return { ok: false, message: err.message };
  }
}
