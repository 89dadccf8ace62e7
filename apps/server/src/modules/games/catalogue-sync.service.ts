import { createHash } from 'node:crypto';
import type { CatalogueSyncGame, CatalogueSyncPreview, GamesApiSettings } from '@gamehall/shared/api/admin-games';
import type { GameType } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import * as q from './catalogue-sync.queries';

// The catalogue sync (docs/game-providers.md "The catalogue sync"): a provider's game list, read
// through its Games API, compared with the vendor's games and shown as a change (new games, changed
// names, images and RTPs, games to take out of play or put back) before the operator applies it; or
// applied by the schedule the integration sets. A game the provider switches off goes into
// maintenance and one it no longer lists is hidden, each marked as the sync's doing (provider_hold),
// so a later sync puts back only what a sync took, never what the operator hid.

/** A game of a provider's list, as its protocol's adapter reads it. */
export type ListedGame = {
  gameCode: string;
  name: string;
  category: string;
  enabled: boolean;
  /** An https address, or null. */
  imageUrl: string | null;
  /** Percent, where given. */
  rtp: number | null;
};

/**
 * A provider's list: its games, and how many of its entries were not games the platform can list;
 * `unread`: the codes of such entries that named a game, which the sync then leaves as they are (a
 * slip in one entry must not take its game out of play).
 */
export type ProviderList = { games: ListedGame[]; skipped: number; unread?: string[] };

export type CatalogueSource = (settings: GamesApiSettings, privateKey: string) => Promise<ProviderList>;

// The game lists of the protocols that have one (modules/providers registers them at start): games
// cannot import the providers module, which builds on this one.
const sources = new Map<string, CatalogueSource>();

export function registerCatalogueSource(protocol: string, source: CatalogueSource): void {
  sources.set(protocol, source);
}

/** Whether the protocol has a game list to sync from. */
export function hasCatalogueSource(protocol: string): boolean {
  return sources.has(protocol);
}

/**
 * The game type (the site's menu) a provider's category is filed under; a category the platform does
 * not recognise goes to the casino's games (RNG), which the preview shows before it applies.
 */
export function gameTypeOf(category: string): GameType {
  const c = category.toLowerCase();
  if (/live/.test(c)) return 'LIVE';
  if (/fish/.test(c)) return 'FISH';
  if (/virtual|sport/.test(c)) return 'SPORTS';
  if (/lotter|keno|bingo|lotto/.test(c)) return 'ELOTT';
  if (/poker|p2p|pvp/.test(c)) return 'PVP';
  if (/crash|instant|arcade|mini|scratch|casual/.test(c)) return 'MINI';
  return 'RNG';
}

type Plan = {
  add: CatalogueSyncGame[];
  update: {
    row: q.VendorGameRow;
    values: Parameters<typeof q.updateSyncedGame>[2];
    view: CatalogueSyncPreview['update'][number];
  }[];
  hold: { row: q.VendorGameRow; reason: 'disabled' | 'removed' }[];
  release: q.VendorGameRow[];
  unchanged: number;
};

const rtpHundredths = (rtp: number | null) => (rtp === null ? null : Math.round(rtp * 100));
const rtpText = (hundredths: number | null) => (hundredths === null ? null : String(hundredths / 100));

/** What bringing `games` in line with `list` changes (pure: the preview and the apply share it). */
export function planSync(list: ProviderList, games: q.VendorGameRow[]): Plan {
  const listed = new Map(list.games.map((g) => [g.gameCode, g]));
  const unread = new Set(list.unread ?? []);
  const known = new Set(games.map((g) => g.game_code));
  const plan: Plan = { add: [], update: [], hold: [], release: [], unchanged: 0 };
  // In code order: a provider that orders its list otherwise on each read still names one change.
  for (const g of [...list.games].sort((a, b) => (a.gameCode < b.gameCode ? -1 : a.gameCode > b.gameCode ? 1 : 0))) {
    if (known.has(g.gameCode)) continue;
    plan.add.push({ ...g, gameType: gameTypeOf(g.category) });
  }
  for (const row of games) {
    // A vendor's lobby entry is the operator's own way into the provider's lobby, not a listed game.
    if (row.lobby) continue;
    const entry = listed.get(row.game_code);
    if (!entry) {
      // Gone from the list: hidden, if it was in play or out by a sync's doing (an operator's
      // maintenance or hiding stays theirs); an entry the list named but could not be read, left.
      const inPlay = row.status === 'active' || row.provider_hold === 'disabled';
      if (inPlay && !unread.has(row.game_code)) plan.hold.push({ row, reason: 'removed' });
      else plan.unchanged++;
      continue;
    }
    const changes = fieldChanges(row, entry);
    if (changes.length > 0) {
      plan.update.push({
        row,
        values: Object.fromEntries(changes.map((c) => [c.column, c.value])),
        view: {
          nodeId: Number(row.node_id),
          gameCode: row.game_code,
          name: row.name,
          changes: changes.map(({ field, from, to }) => ({ field, from, to })),
        },
      });
    }
    const held = !entry.enabled && (row.status === 'active' || row.provider_hold === 'removed');
    if (held) plan.hold.push({ row, reason: 'disabled' });
    else if (entry.enabled && row.provider_hold !== null) plan.release.push(row);
    else if (changes.length === 0) plan.unchanged++;
  }
  return plan;
}

type FieldChange = {
  field: 'name' | 'imageUrl' | 'rtp';
  from: string | null;
  to: string | null;
  column: 'name' | 'image_url' | 'rtp_hundredths';
  value: string | number | null;
};

function fieldChanges(row: q.VendorGameRow, entry: ListedGame): FieldChange[] {
  const changes: FieldChange[] = [];
  if (row.name !== entry.name)
    changes.push({ field: 'name', from: row.name, to: entry.name, column: 'name', value: entry.name });
  if (row.image_url !== entry.imageUrl)
    changes.push({
      field: 'imageUrl',
      from: row.image_url,
      to: entry.imageUrl,
      column: 'image_url',
      value: entry.imageUrl,
    });
  const rtp = rtpHundredths(entry.rtp);
  if (row.rtp_hundredths !== rtp)
    changes.push({
      field: 'rtp',
      from: rtpText(row.rtp_hundredths),
      to: rtpText(rtp),
      column: 'rtp_hundredths',
      value: rtp,
    });
  return changes;
}

/** The preview of a plan, named by the digest of its changes (the apply refuses another). */
export function previewOf(code: string, list: ProviderList, plan: Plan): CatalogueSyncPreview {
  const changes = {
    add: plan.add,
    update: plan.update.map((u) => u.view),
    hold: plan.hold.map(({ row, reason }) => ({
      nodeId: Number(row.node_id),
      gameCode: row.game_code,
      name: row.name,
      reason,
    })),
    release: plan.release.map((row) => ({ nodeId: Number(row.node_id), gameCode: row.game_code, name: row.name })),
  };
  const digest = createHash('sha256').update(JSON.stringify(changes)).digest('hex');
  return { code, digest, listed: list.games.length, skipped: list.skipped, ...changes, unchanged: plan.unchanged };
}

/** Reads the provider's list through the vendor's Games API; refuses a vendor without one. */
async function fetchList(ctx: AppContext, code: string): Promise<ProviderList> {
  const source = await q.lockSyncSource(ctx.db, code, false);
  if (!source) throw new AppError('VENDOR_NOT_FOUND');
  const read = sources.get(source.protocol);
  if (!read || !source.games_api || !source.operator_private_key) throw new AppError('CATALOGUE_SYNC_NOT_SET_UP');
  try {
    return await read(source.games_api, source.operator_private_key);
  } catch (error) {
    throw new AppError('CATALOGUE_SYNC_UNAVAILABLE', { cause: error });
  }
}

export async function previewSync(ctx: AppContext, code: string): Promise<CatalogueSyncPreview> {
  const list = await fetchList(ctx, code);
  return previewOf(code, list, planSync(list, await q.vendorGames(ctx.db, code)));
}

/**
 * Applies the change the operator saw (`digest`), or, for the schedule (digest null), whatever the
 * list changes now. The list is read before the transaction (a provider's answer is not waited for
 * under a lock); the plan is made again under the integration's lock, so of two applies of one
 * preview the second finds the change made and is refused, and nothing is applied twice.
 */
export async function applySync(ctx: AppContext, code: string, digest: string | null, by: string | null) {
  const list = await fetchList(ctx, code);
  return ctx.db.transaction().execute(async (trx) => {
    const source = await q.lockSyncSource(trx, code, true);
    if (!source) throw new AppError('VENDOR_NOT_FOUND');
    const plan = planSync(list, await q.vendorGames(trx, code));
    if (digest !== null && previewOf(code, list, plan).digest !== digest) throw new AppError('CATALOGUE_SYNC_CHANGED');
    // An empty list would take every game out of play: the schedule does not do that unseen (an
    // operator who sees it in a preview may).
    if (digest === null && list.games.length === 0 && plan.hold.length > 0)
      throw new AppError('CATALOGUE_SYNC_UNAVAILABLE', { cause: new Error('the provider listed no games') });
    await applyPlan(trx, source, plan);
    return q.insertSyncRun(trx, {
      vendor_code: code,
      at: ctx.now(),
      by_username: by,
      added: plan.add.length,
      updated: plan.update.length,
      held: plan.hold.length,
      released: plan.release.length,
      error: null,
    });
  });
}

async function applyPlan(trx: Conn, source: q.SyncSource, plan: Plan): Promise<void> {
  const code = source.vendor_code;
  let sort = await q.nextGameSort(trx, code);
  await q.insertGames(
    trx,
    plan.add.map((g) => ({
      vendor_code: code,
      game_type: g.gameType,
      game_code: g.gameCode,
      name: g.name,
      status: g.enabled ? 'active' : 'maintenance',
      provider_hold: g.enabled ? null : 'disabled',
      image_url: g.imageUrl,
      rtp_hundredths: rtpHundredths(g.rtp),
      art_seed: artSeed(`${code}:${g.gameCode}`),
      sort: sort++,
    })),
  );
  await q.ensureVendorGameTypes(trx, code, source.vendor_name, [...new Set(plan.add.map((g) => g.gameType))]);
  for (const u of plan.update) await q.updateSyncedGame(trx, Number(u.row.node_id), u.values);
  for (const { row, reason } of plan.hold)
    await q.updateSyncedGame(trx, Number(row.node_id), {
      status: reason === 'disabled' ? 'maintenance' : 'hidden',
      provider_hold: reason,
    });
  for (const row of plan.release)
    await q.updateSyncedGame(trx, Number(row.node_id), { status: 'active', provider_hold: null });
}

/** The seed of a synced game's drawn art (shown where the provider gives no image): stable per game. */
function artSeed(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % 2_147_483_647;
}

export async function syncRuns(ctx: AppContext, code: string) {
  if (!(await q.lockSyncSource(ctx.db, code, false))) throw new AppError('VENDOR_NOT_FOUND');
  return q.listSyncRuns(ctx.db, code, 20);
}

export async function lastSyncRuns(db: Conn): Promise<Map<string, q.SyncRunRow>> {
  return new Map((await q.lastSyncRuns(db)).map((r) => [r.vendor_code, r]));
}

/**
 * The scheduled syncs that are due (job games.catalogue-sync): each applies what its list changes
 * now. A provider that does not answer is recorded as a run with its error, and tried again when the
 * schedule next comes round, so a provider that is down is not asked every minute.
 */
export async function runDueSyncs(ctx: AppContext): Promise<number> {
  let ran = 0;
  for (const { vendor_code: code } of await q.dueSyncs(ctx.db, ctx.now())) {
    try {
      await applySync(ctx, code, null, null);
    } catch (error) {
      await q.insertSyncRun(ctx.db, { ...emptyRun(code, ctx.now()), error: failureText(error) });
    }
    ran++;
  }
  return ran;
}

function emptyRun(code: string, at: Date) {
  return { vendor_code: code, at, by_username: null, added: 0, updated: 0, held: 0, released: 0 };
}

/** What the console shows of a scheduled sync's failure: the code, and the provider's answer where known. */
function failureText(error: unknown): string {
  if (!(error instanceof AppError)) return String(error).slice(0, 300);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.code}${cause}`.slice(0, 300);
}
