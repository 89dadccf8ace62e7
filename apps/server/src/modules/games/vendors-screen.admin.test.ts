import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { actors, expectFailure } from '../cashier/cashier.fixtures';
import { vendorMaintenanceEndJob } from './games.jobs';

// The Vendors screen: a maintenance with an announced end (players are told the end when a launch
// is refused, bad ends change nothing, the vendor is active again once the end has passed), and
// the provider fee the net revenue report deducts, kept in the brand setting it reads.

let t: TestApp;
let writer: string;
let vendor: string;
let vendorName: string;
let nodeId: number;
const { member, operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  await ensureVendorIntegrations(t.ctx);
  writer = (await operator(['games.read', 'games.write'])).token;
  const row = await t.ctx.db
    .selectFrom('games')
    .innerJoin('vendor_integrations as i', 'i.vendor_code', 'games.vendor_code')
    .innerJoin('vendors as v', 'v.code', 'games.vendor_code')
    .select(['games.vendor_code', 'games.node_id', 'v.name'])
    .where('games.game_type', '=', 'RNG')
    .where('games.status', '=', 'active')
    .orderBy('games.vendor_code')
    .orderBy('games.node_id')
    .executeTakeFirstOrThrow();
  vendor = row.vendor_code;
  vendorName = row.name;
  nodeId = Number(row.node_id);
});
afterAll(() => t.close());

function api(method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const put = (body: unknown) => api('PUT', `/admin/games/vendors/${vendor}`, writer, body);

async function stored() {
  return t.ctx.db
    .selectFrom('vendors')
    .select(['status', 'maintenance_until'])
    .where('code', '=', vendor)
    .executeTakeFirstOrThrow();
}

describe('vendor maintenance with an end time', () => {
  it('tells a player whose launch is refused the vendor and the end, in the brand time zone', async () => {
    const until = new Date(t.ctx.now().getTime() + 2 * 3_600_000);
    until.setMilliseconds(0);
    const res = await put({ status: 'maintenance', maintenanceUntil: until.toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'maintenance', maintenanceUntil: until.toISOString() });

    const player = await member();
    const launch = await api('POST', '/wps/game/launchGame', player.token, { nodeId });
    expectFailure(launch, 503, 'GAME_MAINTENANCE');
    expect(launch.json().value.vendorMaintenance).toEqual({
      name: vendorName,
      until: until.toISOString(),
      timeZone: (await getBrand(t.ctx.db)).timeZone,
    });

    // The lobby's tiles carry the end with the list itself: no request per tile.
    const timeZone = (await getBrand(t.ctx.db)).timeZone;
    const tiles = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/relay/GCSGAME_gameList?vassalage=${vendor}&pageSize=100`,
      });
      expect(res.statusCode).toBe(200);
      return res.json().value.games as { nodeId: number; maintenance: boolean; vendorMaintenance: unknown }[];
    };
    const listed = await tiles();
    expect(listed.length).toBeGreaterThan(0);
    for (const game of listed)
      expect(game).toMatchObject({ maintenance: true, vendorMaintenance: { until: until.toISOString(), timeZone } });

    // Until further notice: the player is told the vendor, without an end.
    expect((await put({ maintenanceUntil: null })).json().value.maintenanceUntil).toBeNull();
    const again = await api('POST', '/wps/game/launchGame', player.token, { nodeId });
    expect(again.json().value.vendorMaintenance).toMatchObject({ name: vendorName, until: null });
    expect((await tiles()).find((g) => g.nodeId === nodeId)?.vendorMaintenance).toEqual({ until: null, timeZone });

    // Leaving maintenance clears the end.
    await put({ maintenanceUntil: until.toISOString() });
    expect((await put({ status: 'active' })).json().value).toMatchObject({ status: 'active', maintenanceUntil: null });
    expect(await stored()).toEqual({ status: 'active', maintenance_until: null });
    expect((await tiles()).find((g) => g.nodeId === nodeId)).toMatchObject({
      maintenance: false,
      vendorMaintenance: null,
    });
  });

  it('refuses an end that has passed, an end beside another status, and a malformed one, changing nothing', async () => {
    const past = new Date(t.ctx.now().getTime() - 60_000).toISOString();
    const later = new Date(t.ctx.now().getTime() + 3_600_000).toISOString();
    const refused = await put({ status: 'maintenance', maintenanceUntil: past });
    expectFailure(refused, 400, 'VALIDATION_FAILED');
    expect(refused.json().value.fields).toEqual({ maintenanceUntil: 'NOT_IN_FUTURE' });
    const beside = await put({ status: 'hidden', maintenanceUntil: later });
    expectFailure(beside, 400, 'VALIDATION_FAILED');
    expect(beside.json().value.fields).toEqual({ maintenanceUntil: 'NOT_ALLOWED' });
    // An active vendor given only an end: not in maintenance, so not allowed.
    expect((await put({ maintenanceUntil: later })).json().value.fields).toEqual({ maintenanceUntil: 'NOT_ALLOWED' });
    for (const value of ['tomorrow', '2030-01-01', 5])
      expectFailure(await put({ status: 'maintenance', maintenanceUntil: value }), 400, 'VALIDATION_FAILED');
    expect(await stored()).toEqual({ status: 'active', maintenance_until: null });
  });

  it('puts the vendor back to active once the end has passed, and launches go through', async () => {
    const until = new Date(t.ctx.now().getTime() + 3_600_000);
    await put({ status: 'maintenance', maintenanceUntil: until.toISOString() });
    // The job leaves a maintenance whose end is still to come.
    await vendorMaintenanceEndJob.run(t.ctx);
    expect((await stored()).status).toBe('maintenance');

    await t.ctx.db
      .updateTable('vendors')
      .set({ maintenance_until: new Date(t.ctx.now().getTime() - 1_000) })
      .where('code', '=', vendor)
      .execute();
    await vendorMaintenanceEndJob.run(t.ctx);
    expect(await stored()).toEqual({ status: 'active', maintenance_until: null });
    const player = await member();
    const launch = await api('POST', '/wps/game/launchGame', player.token, { nodeId });
    expect(launch.json().code).not.toBe('GAME_MAINTENANCE');
  });
});

describe('provider fee', () => {
  async function lastAudit() {
    const row = await t.ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('event', '=', 'games.vendor')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as {
      before: { providerFeePpm: number };
      after: { providerFeePpm: number };
    };
  }

  it('is read and set per vendor in the brand setting the net revenue report reads, keeping the rest', async () => {
    const brand = await getBrand(t.ctx.db);
    await setBrandSetting(t.ctx.db, 'agentNgr', {
      ...brand.agentNgr,
      providerFeePpm: { OTHER: 70_000 },
      paymentFeePpm: 15_000,
    });
    const listed = async () =>
      (
        (await api('GET', '/admin/games/vendors', writer)).json().value.list as {
          code: string;
          providerFeePpm: number;
        }[]
      ).find((v) => v.code === vendor)?.providerFeePpm;
    expect(await listed()).toBe(0);

    const res = await put({ providerFeePpm: 25_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.providerFeePpm).toBe(25_000);
    expect(await listed()).toBe(25_000);
    const ngr = (await getBrand(t.ctx.db)).agentNgr;
    expect(ngr.providerFeePpm).toEqual({ OTHER: 70_000, [vendor]: 25_000 });
    expect(ngr.paymentFeePpm).toBe(15_000);
    const audit = await lastAudit();
    expect(audit.before.providerFeePpm).toBe(0);
    expect(audit.after.providerFeePpm).toBe(25_000);

    // 0 takes the vendor's entry out.
    expect((await put({ providerFeePpm: 0 })).json().value.providerFeePpm).toBe(0);
    expect((await getBrand(t.ctx.db)).agentNgr.providerFeePpm).toEqual({ OTHER: 70_000 });
  });

  it('refuses a rate out of range or not whole, and an operator without games.write, changing nothing', async () => {
    await put({ providerFeePpm: 30_000 });
    for (const value of [-1, 1_000_001, 2.5, '30000'])
      expectFailure(await put({ providerFeePpm: value }), 400, 'VALIDATION_FAILED');
    const reader = (await operator(['games.read'])).token;
    expectFailure(
      await api('PUT', `/admin/games/vendors/${vendor}`, reader, { providerFeePpm: 1 }),
      403,
      'AUTH_FORBIDDEN',
    );
    expect((await getBrand(t.ctx.db)).agentNgr.providerFeePpm[vendor]).toBe(30_000);
  });
});
