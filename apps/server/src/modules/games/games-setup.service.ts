import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import type {
  AdminGameBody,
  AdminGameMenusBody,
  AdminGameQuery,
  AdminGamesStatusBody,
  AdminReconciliationQuery,
  AdminReconciliationRow,
  AdminVendorBody,
  AdminVendorCreateBody,
} from '@gamehall/shared/api/admin-games';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError, fieldErrors } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { reconciliation } from '../vendor-gateway/vendor-gateway.service';
import { hasCatalogueSource, lastSyncRuns } from './catalogue-sync.service';
import * as q from './games-setup.queries';
import { HOUSE_STUDIO_PATH } from './house-figures';

// What operators set up in the games area: vendors with their wallet integration, the catalogue
// grid, the game menus; and the per-vendor daily reconciliation the gateway computes.

async function vendorOrFail(ctx: AppContext, code: string) {
  const vendor = await q.findVendor(ctx.db, code);
  if (!vendor) throw new AppError('VENDOR_NOT_FOUND');
  return vendor;
}

/** Vendor rows with their provider fee (brand setting agentNgr.providerFeePpm, read through `db`). */
async function withFees<R extends { code: string }>(
  db: Conn,
  rows: R[],
): Promise<(R & { provider_fee_ppm: number })[]> {
  const fees = (await getBrand(db)).agentNgr.providerFeePpm;
  return rows.map((r) => ({ ...r, provider_fee_ppm: fees[r.code] ?? 0 }));
}

export async function vendors(ctx: AppContext) {
  const [rows, syncs] = await Promise.all([q.listVendors(ctx.db), lastSyncRuns(ctx.db)]);
  return (await withFees(ctx.db, rows)).map((r) => ({ ...r, last_sync: syncs.get(r.code) ?? null }));
}

/**
 * A new vendor the operator connects (an outside provider on one of the protocols), listed last,
 * active, with no games until its catalogue is synced or filled; its integration gets a fresh secret
 * and the brand's currency, and is set up further as any vendor's is.
 */
export async function createVendor(ctx: AppContext, body: AdminVendorCreateBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const currency = (await getBrand(trx)).currency;
    const created = await q.insertVendor(
      trx,
      { code: body.code, name: body.name, sort: await q.nextVendorSort(trx) },
      { secret: randomBytes(32).toString('hex'), launch_url: body.launchUrl, currency, protocol: body.protocol },
      ctx.now(),
    );
    if (!created) throw new AppError('VENDOR_EXISTS');
    const row = await q.findVendor(trx, body.code);
    if (!row) throw new AppError('VENDOR_NOT_FOUND');
    const [vendor] = await withFees(trx, [row]);
    if (!vendor) throw new AppError('VENDOR_NOT_FOUND');
    return vendor;
  });
}

/**
 * Sets one vendor's provider fee in the brand setting the net revenue report reads
 * (agentNgr.providerFeePpm; 0 removes the vendor's entry), keeping the setting's other fields.
 */
async function setProviderFee(db: Conn, code: string, ppm: number): Promise<void> {
  const ngr = (await getBrand(db)).agentNgr;
  const { [code]: _, ...others } = ngr.providerFeePpm;
  await setBrandSetting(db, 'agentNgr', { ...ngr, providerFeePpm: ppm > 0 ? { ...others, [code]: ppm } : others });
}

/**
 * Changes what was sent, in one transaction. The integration fields need the vendor to have an
 * integration (field errors otherwise).
 */
export async function changeVendor(ctx: AppContext, code: string, body: AdminVendorBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const found = await q.findVendor(trx, code);
    if (!found) throw new AppError('VENDOR_NOT_FOUND');
    const [before] = await withFees(trx, [found]);
    if (!before) throw new AppError('VENDOR_NOT_FOUND');
    // The house studio calls in the platform's own protocol, signed with its derived secret.
    if (body.protocol !== undefined && body.protocol !== 'gamehall' && found.launch_url?.startsWith(HOUSE_STUDIO_PATH))
      throw fieldErrors({ protocol: 'NOT_ALLOWED' });
    if (body.providerFeePpm !== undefined) await setProviderFee(trx, code, body.providerFeePpm);
    await q.updateVendor(trx, code, {
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
      ...maintenanceEnd(body, before.status, ctx.now()),
    });
    const integration = {
      ...(body.integrationEnabled !== undefined ? { enabled: body.integrationEnabled } : {}),
      ...(body.walletMode !== undefined ? { wallet_mode: body.walletMode } : {}),
      // One entry per address: the gateway compares the list as it is.
      ...(body.allowedIps !== undefined ? { allowed_ips: [...new Set(body.allowedIps)] } : {}),
      // A new protocol comes with a new secret: every node's copy of the settings is compared on
      // its secret at the next call, so none keeps admitting the old protocol's signatures.
      ...(body.protocol !== undefined && body.protocol !== found.protocol
        ? { protocol: body.protocol, secret: randomBytes(32).toString('hex') }
        : {}),
      ...(body.providerPublicKey !== undefined ? { provider_public_key: publicKeyOrNull(body.providerPublicKey) } : {}),
      ...gamesApiChange(body, found.protocol ?? 'gamehall', found.games_api !== null),
    };
    if (Object.keys(integration).length > 0 && !(await q.updateIntegration(trx, code, integration, ctx.now()))) {
      const fields = Object.fromEntries(
        (
          [
            'integrationEnabled',
            'walletMode',
            'allowedIps',
            'protocol',
            'providerPublicKey',
            'gamesApi',
            'catalogueSyncHours',
          ] as const
        )
          .filter((f) => body[f] !== undefined)
          .map((f) => [f, 'NOT_ALLOWED']),
      );
      throw fieldErrors(fields);
    }
    const changed = await q.findVendor(trx, code);
    if (!changed) throw new AppError('VENDOR_NOT_FOUND');
    const [after] = await withFees(trx, [changed]);
    if (!after) throw new AppError('VENDOR_NOT_FOUND');
    return { before, after };
  });
}

/**
 * The Games API settings and sync schedule a change writes. The settings are in the protocol's shape
 * (the one sent, or the integration's); a new protocol without settings of its own drops the old
 * protocol's, which its provider would not understand.
 */
function gamesApiChange(
  body: AdminVendorBody,
  protocol: string,
  hadGamesApi: boolean,
): { games_api?: string | null; catalogue_sync_hours?: number | null } {
  const next = body.protocol ?? protocol;
  if (body.gamesApi) {
    const shape = 'operatorId' in body.gamesApi ? 'caleta' : 'evolution';
    if (shape !== next) throw fieldErrors({ gamesApi: 'INVALID' });
  }
  const changed = body.protocol !== undefined && body.protocol !== protocol;
  const dropped = body.gamesApi === undefined && changed && hadGamesApi;
  // The schedule reads a game list, which only some protocols have; a new protocol starts without one.
  if (body.catalogueSyncHours && !hasCatalogueSource(next)) throw fieldErrors({ catalogueSyncHours: 'NOT_ALLOWED' });
  const effective: AdminVendorBody = {
    ...body,
    ...(dropped ? { gamesApi: null } : {}),
    ...(changed && body.catalogueSyncHours === undefined ? { catalogueSyncHours: null } : {}),
  };
  return {
    ...(effective.gamesApi !== undefined
      ? { games_api: effective.gamesApi === null ? null : JSON.stringify(effective.gamesApi) }
      : {}),
    ...syncSchedule(effective, hadGamesApi),
  };
}

/**
 * The catalogue sync's schedule a change writes: the one sent, which needs a Games API (sent now or
 * the integration's already); none when the Games API is removed, since the list is read through it.
 */
function syncSchedule(body: AdminVendorBody, hadGamesApi: boolean): { catalogue_sync_hours?: number | null } {
  const hasGamesApi = body.gamesApi !== undefined ? body.gamesApi !== null : hadGamesApi;
  if (!hasGamesApi) {
    if (body.catalogueSyncHours) throw fieldErrors({ catalogueSyncHours: 'NOT_ALLOWED' });
    return body.gamesApi === null || body.catalogueSyncHours === null ? { catalogue_sync_hours: null } : {};
  }
  return body.catalogueSyncHours !== undefined ? { catalogue_sync_hours: body.catalogueSyncHours } : {};
}

/** A pasted public key, checked to be an RSA key Node can verify with; null removes it. */
function publicKeyOrNull(pem: string | null): string | null {
  if (pem === null) return null;
  try {
    if (createPublicKey(pem).asymmetricKeyType === 'rsa') return pem;
  } catch {}
  throw fieldErrors({ providerPublicKey: 'INVALID' });
}

/**
 * The maintenance end a vendor change writes: the one sent (with status maintenance, sent now or
 * the vendor's already, and in the future); none when the vendor enters or leaves maintenance
 * without one; else unchanged.
 */
function maintenanceEnd(body: AdminVendorBody, current: string, now: Date): { maintenance_until?: Date | null } {
  const status = body.status ?? current;
  if (status !== 'maintenance') {
    if (body.maintenanceUntil) throw fieldErrors({ maintenanceUntil: 'NOT_ALLOWED' });
    return { maintenance_until: null };
  }
  if (body.maintenanceUntil === undefined) return current === 'maintenance' ? {} : { maintenance_until: null };
  if (body.maintenanceUntil === null) return { maintenance_until: null };
  const until = new Date(body.maintenanceUntil);
  if (until.getTime() <= now.getTime()) throw fieldErrors({ maintenanceUntil: 'NOT_IN_FUTURE' });
  return { maintenance_until: until };
}

/** Puts back to active the vendors whose announced maintenance end has passed (job games.vendor-maintenance-end). */
export function endDueMaintenance(ctx: AppContext): Promise<string[]> {
  return q.endDueMaintenance(ctx.db, ctx.now());
}

/**
 * A new random 256-bit secret for the vendor's signatures. It is answered once and never shown
 * again (the audit log records only that it changed); the old secret is refused from the vendor's
 * next call. A vendor the house studio serves is refused: the studio works its secret out from the
 * house secret (STUDIO_SECRET) and could not be given another, so a rotation would stop its games.
 */
export async function rotateSecret(ctx: AppContext, code: string) {
  const vendor = await vendorOrFail(ctx, code);
  if (vendor.launch_url?.startsWith(HOUSE_STUDIO_PATH)) throw new AppError('VENDOR_SECRET_DERIVED');
  const secret = randomBytes(32).toString('hex');
  if (!(await q.updateIntegration(ctx.db, code, { secret }, ctx.now()))) throw new AppError('VENDOR_NOT_FOUND');
  return { code, secret, rotatedAt: ctx.now().toISOString() };
}

/**
 * A new RSA key pair for the operator's calls to the provider's Games API: the private half stays on
 * the server (it signs each call), the public half is answered and shown with the integration, for
 * the operator to send the provider. The provider refuses the old key's signatures from then on, so
 * the operator sends the new public key before the next launch. A key is used only by an integration
 * with a Games API (gamesApi, caleta).
 */
export async function generateOperatorKey(ctx: AppContext, code: string) {
  await vendorOrFail(ctx, code);
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString().trim();
  const privateKey = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const values = { operator_private_key: privateKey, operator_public_key: publicKey };
  if (!(await q.updateIntegration(ctx.db, code, values, ctx.now()))) throw new AppError('VENDOR_NOT_FOUND');
  return { code, publicKey };
}

/** Puts the listed vendors first, in that order; every code must exist, else nothing changes. */
export async function reorderVendors(ctx: AppContext, codes: string[]) {
  if (new Set(codes).size !== codes.length) throw fieldErrors({ codes: 'INVALID' });
  return ctx.db.transaction().execute(async (trx) => {
    if ((await q.countVendors(trx, codes)) !== codes.length) throw fieldErrors({ codes: 'INVALID' });
    await q.reorderVendors(trx, codes);
    return { codes };
  });
}

// ---- catalogue

const GAME_SORTS: Record<AdminGameQuery['sort'], string> = {
  sort: 'g.sort',
  name: 'g.name',
  nodeId: 'g.node_id',
  vendorCode: 'g.vendor_code',
  gameType: 'g.game_type',
  createdAt: 'g.created_at',
};

export function games(ctx: AppContext, query: AdminGameQuery) {
  return q.pageGames(ctx.db, query, { column: GAME_SORTS[query.sort], order: query.order }, pageWindow(query));
}

/**
 * Changes what was sent. hidden takes the game off every list and launch (404), maintenance keeps
 * it listed but refuses launches (GAME_MAINTENANCE), as the player API already treats them. HOT is
 * not among them: the job games.popularity gives it to what players play.
 */
export async function changeGame(ctx: AppContext, nodeId: number, body: AdminGameBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await q.findGame(trx, nodeId);
    if (!before) throw new AppError('GAME_NOT_FOUND');
    await q.updateGame(trx, nodeId, {
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
      ...(body.subCategory !== undefined ? { sub_category: body.subCategory } : {}),
    });
    const after = await q.findGame(trx, nodeId);
    if (!after) throw new AppError('GAME_NOT_FOUND');
    return { before, after };
  });
}

/**
 * Hides or shows many games at once (the catalogue's selection). One transaction: an id that
 * names no game refuses the whole change (GAME_NOT_FOUND with the unknown ids as field errors),
 * so a stale selection changes nothing. Games already in that status are left and counted.
 */
export async function changeGamesStatus(ctx: AppContext, body: AdminGamesStatusBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const found = await q.lockGameStatuses(trx, body.nodeIds);
    const known = new Set(found.map((r) => Number(r.node_id)));
    const unknown = body.nodeIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new AppError('GAME_NOT_FOUND', { value: { unknown } });
    const changed = await q.setGamesStatus(trx, body.nodeIds, body.status);
    return { status: body.status, changed, unchanged: body.nodeIds.length - changed.length };
  });
}

// ---- reconciliation

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * The gateway's reconciliation (vendor_transactions beside the ledger of vendor:<code>) for every
 * vendor with an integration on one brand day (the brand's time zone), or for one vendor over up to 31 days.
 */
export async function reconciliations(ctx: AppContext, query: AdminReconciliationQuery) {
  const codes = query.vendor ? [query.vendor] : (await q.listIntegrationVendors(ctx.db)).map((r) => r.vendor_code);
  const list: AdminReconciliationRow[] = [];
  for (const date of daysOf(query.from, query.to ?? query.from))
    for (const code of codes) {
      const r = await reconciliation(ctx, code, date);
      list.push({ ...r, difference: r.ledger.net - r.net });
    }
  return { list, mismatches: list.filter((r) => !r.matches).length, timeZone: (await getBrand(ctx.db)).timeZone };
}

// ---- game menus

export type MenuCategory = { gameType: string; enabled: boolean; vendors: q.MenuVendorRow[] };

/**
 * The menu as operators edit it: every category in menu order (one with no menu row yet, from a
 * vendor added since, after the placed ones by name, switched on, as the site shows it), each with
 * every vendor of the category in order, switched-off and inactive ones too.
 */
async function readMenus(db: Conn, lock = false): Promise<MenuCategory[]> {
  const [categories, vendors] = await Promise.all([q.listMenuCategories(db), q.listMenuVendors(db, lock)]);
  const byType = new Map<string, MenuCategory>(
    categories.map((c) => [c.game_type, { gameType: c.game_type, enabled: c.enabled, vendors: [] }]),
  );
  const unplaced = [...new Set(vendors.map((v) => v.game_type))].filter((t) => !byType.has(t)).sort();
  for (const gameType of unplaced) byType.set(gameType, { gameType, enabled: true, vendors: [] });
  for (const v of vendors) byType.get(v.game_type)?.vendors.push(v);
  return [...byType.values()];
}

export function menus(ctx: AppContext) {
  return readMenus(ctx.db);
}

/**
 * Saves the whole menu: category order and switches, and each category's vendor order and
 * switches. The body must name every category and, in each, exactly the vendors it has (field
 * errors name the first category that does not), else nothing changes.
 */
export async function saveMenus(ctx: AppContext, body: AdminGameMenusBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await readMenus(trx, true);
    const current = new Map(before.map((c) => [c.gameType, c]));
    const sent = body.categories.map((c) => c.gameType);
    if (new Set(sent).size !== sent.length || sent.length !== current.size || sent.some((t) => !current.has(t)))
      throw fieldErrors({ categories: 'INVALID' });
    for (const [i, category] of body.categories.entries()) {
      const has = new Set(current.get(category.gameType)?.vendors.map((v) => v.vendor_code));
      const codes = category.vendors.map((v) => v.code);
      if (new Set(codes).size !== codes.length || codes.length !== has.size || codes.some((c) => !has.has(c)))
        throw fieldErrors({ [`categories.${i}.vendors`]: 'INVALID' });
    }
    for (const [sort, category] of body.categories.entries()) {
      await q.upsertMenuCategory(trx, category.gameType, sort, category.enabled);
      for (const [vendorSort, vendor] of category.vendors.entries())
        await q.updateMenuVendor(trx, category.gameType, vendor.code, vendorSort, vendor.enabled);
    }
    return { before, after: await readMenus(trx) };
  });
}
