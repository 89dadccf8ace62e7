import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { GamesApiSettings } from '@gamehall/shared/api/admin-games';
import {
  GAME_SESSION_HOURS,
  type LaunchGameBody,
  type LaunchGameValue,
  type LaunchLobbyBody,
  type LottoLaunch,
  MAINTENANCE_SUGGESTIONS,
} from '@gamehall/shared/api/games';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import { getBrand, switchOn } from '../brand/brand.service';
import { displayCategory } from '../catalogue/categories';
import { admitLaunch } from '../responsible/responsible.service';
import { hit } from '../throttle/throttle.service';
import { localName, presentGame } from './games.presenter';
import { listGames } from './games.queries';
import { BINGO, type View, viewFor } from './games.service';
import {
  findLaunchGame,
  findLobbyGame,
  insertGameSession,
  insertReplacingSession,
  type LaunchGameRow,
  listLobbyTypes,
  markSessionReplaced,
  sessionByToken,
} from './launch.queries';
import { isLotteryGameType, prizeMode } from './lottery.service';

// Game launch (spec §4 "Guest and trial", §7 launchGame / GCS_gameLaunchFB). A launch
// makes one game session: a random 256-bit token the vendor presents on the wallet API;
// only its SHA-256 is stored. The launch URL is the contract with the house studio:
//   <launch host><integration launch_url>?token&game&vendor&lang&mode&lobby&name (the display name)
// The session row is also the member's recent-games record (GCS_recentGame).

export type LaunchMode = 'real' | 'trial';

/**
 * The caller as launch needs it: a real member; any signed-in account for a free trial; or a guest
 * (no account) for a free trial where the brand's FREEPLAY3 allows free play. A trial session
 * belongs to no member, so nothing it does can reach a wallet (the vendor gateway refuses it).
 */
export type Launcher =
  | { mode: 'real'; principal: Principal }
  | { mode: 'trial'; principal: Principal }
  | { mode: 'guest'; ip: string };

/** A guest's trial launches per address and hour: enough to try many games, not to farm sessions. */
export const GUEST_TRIALS_PER_IP = { max: 60, windowSeconds: 3600 } as const;

function principalOfLauncher(launcher: Launcher): Principal | null {
  return launcher.mode === 'guest' ? null : launcher.principal;
}

export type LaunchContext = {
  /** The site's own origin ('https://host'), for making a relative backUrl absolute on another launch host. */
  origin: string;
  /** The SHA-256 of the request's X-Device-Id (requestMetaOf), or null: kept on the game session. */
  device: string | null;
  /** The player's country by address (ISO), null when unknown: a provider's launch may ask for it. */
  country?: string | null;
  /** The player's address, for a provider's launch that asks for it. */
  ip?: string | null;
};

/** What a provider's own launch call needs (its Games API answers the game's address). */
export type ProviderLaunch = {
  vendor: string;
  gamesApi: GamesApiSettings;
  /** The operator's private key (PEM) the call is signed with, for a protocol that signs (caleta). */
  privateKey: string | null;
  /** The session's token, null for a free trial (the provider's demo mode). */
  token: string | null;
  memberId: number | null;
  gameCode: string;
  language: string;
  currency: string;
  lobbyUrl: string;
  depositUrl: string;
  country: string | null;
  /** The player's address, null when unknown. */
  ip: string | null;
};

/** The game's address from the provider; undefined when the integration cannot ask (no key to sign with). */
export type ProviderLauncher = (launch: ProviderLaunch) => Promise<string | undefined>;

// The launchers of the protocols whose provider answers the game's address itself (modules/providers
// registers them at start): games cannot import the providers module, which builds on this one.
const providerLaunchers = new Map<string, ProviderLauncher>();

export function registerProviderLauncher(protocol: string, launcher: ProviderLauncher): void {
  providerLaunchers.set(protocol, launcher);
}

export function hashGameToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** spec §4: launch hosts are picked at random from the brand's list; '' is this origin. */
export function pickHost(hosts: readonly string[], random: () => number = Math.random): string {
  if (hosts.length === 0) return '';
  const host = hosts[Math.floor(random() * hosts.length)] ?? '';
  return host.replace(/\/+$/, '');
}

/** spec §8 "Game maintenance (suggest other games)": up to 6 other games of the same type that launch now. */
async function maintenanceError(
  ctx: AppContext,
  view: View,
  gameType: string,
  nodeId?: number,
  vendor?: { name: string; until: Date | string | null },
): Promise<AppError> {
  const rows = await listGames(
    ctx.db,
    { gameType, excludeSubCategory: view.ty ? undefined : BINGO, playableOnly: true },
    { limit: MAINTENANCE_SUGGESTIONS + 1, offset: 0 },
  );
  const suggestions = rows
    .filter((r) => Number(r.node_id) !== nodeId)
    .slice(0, MAINTENANCE_SUGGESTIONS)
    .map((r) => presentGame(r, view));
  // A vendor's maintenance names the vendor and its announced end, with the brand's time zone the
  // player site shows it in (null: until further notice).
  const vendorMaintenance = vendor
    ? {
        name: vendor.name,
        until: vendor.until ? new Date(vendor.until).toISOString() : null,
        timeZone: (await getBrand(ctx.db)).timeZone,
      }
    : undefined;
  return new AppError('GAME_MAINTENANCE', {
    value: { suggestions, ...(vendorMaintenance ? { vendorMaintenance } : {}) },
  });
}

/** Hidden games do not exist for players; maintained ones suggest others; no integration, no launch. */
async function assertLaunchable(ctx: AppContext, view: View, game: LaunchGameRow | undefined): Promise<LaunchGameRow> {
  if (!game || game.status === 'hidden' || game.vendor_status === 'hidden') throw new AppError('NOT_FOUND');
  if (!view.ty && game.sub_category === BINGO) throw new AppError('NOT_FOUND');
  if (game.vendor_status === 'maintenance')
    throw await maintenanceError(ctx, view, game.game_type, Number(game.node_id), {
      name: game.vendor_name,
      until: game.vendor_maintenance_until,
    });
  if (game.status !== 'active' || game.vendor_status !== 'active')
    throw await maintenanceError(ctx, view, game.game_type, Number(game.node_id));
  if (!game.launch_url || !game.integration_enabled) throw new AppError('GAME_LAUNCH_UNAVAILABLE');
  return game;
}

async function openSession(
  ctx: AppContext,
  launcher: Launcher,
  view: View,
  game: LaunchGameRow,
  input: { backUrl?: string | undefined; device: LottoLaunch['device']; lottoView: LottoLaunch['lottoView'] },
  lc: LaunchContext,
): Promise<LaunchGameValue> {
  const brand = await getBrand(ctx.db);
  // No launch during a break or after the day's session time; a session limit ends the
  // game session when the day's session does.
  const principal = principalOfLauncher(launcher);
  const sessionEnd = principal ? await admitLaunch(ctx, principal.memberId, launcher.mode === 'real') : null;
  const token = randomBytes(32).toString('base64url');
  const createdAt = ctx.now();
  const hoursLater = createdAt.getTime() + GAME_SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(sessionEnd ? Math.min(hoursLater, sessionEnd.getTime()) : hoursLater);
  await insertGameSession(ctx.db, {
    tokenHash: hashGameToken(token),
    memberId: launcher.mode === 'real' ? launcher.principal.memberId : null,
    trial: launcher.mode !== 'real',
    vendor: game.vendor_code,
    nodeId: Number(game.node_id),
    gameCode: game.game_code,
    currency: brand.currency,
    language: view.language,
    createdAt,
    expiresAt,
    deviceHash: lc.device,
    sessionId: principal?.sessionId ?? null,
  });

  const host = pickHost(brand.launchGameCDNs);
  const backUrl = input.backUrl ?? '/';
  // On another host a path would point at that host: make it absolute on this site.
  const lobby = host && backUrl.startsWith('/') ? `${lc.origin}${backUrl}` : backUrl;
  const gameName = localName(game.names, view.language, game.name);
  const query = new URLSearchParams({
    token,
    game: game.game_code,
    vendor: game.vendor_code,
    lang: view.language,
    mode: launcher.mode === 'real' ? 'real' : 'trial',
    lobby,
    name: gameName,
  });
  const url = await providerUrl(game, {
    token: launcher.mode === 'real' ? token : null,
    memberId: launcher.mode === 'real' ? launcher.principal.memberId : null,
    language: view.language,
    currency: brand.currency,
    lobbyUrl: lobby.startsWith('/') ? `${lc.origin}${lobby}` : lobby,
    depositUrl: `${lc.origin}/deposit`,
    country: lc.country ?? null,
    ip: lc.ip ?? null,
  });
  const lotto: LottoLaunch | null = isLotteryGameType(game.game_type)
    ? {
        lottoArea: 'VN',
        launchMode: 'LOTT',
        lottoPrizeMode: await prizeMode(ctx, principal),
        lottoGameCode: game.game_code,
        lottoView: input.lottoView,
        device: input.device,
        backUrl: lobby,
        language: view.language,
      }
    : null;
  return {
    // The brand's launch hosts serve the platform's own game pages (a path); a vendor's own address
    // (absolute) is its provider's and stays as it is.
    url: url ?? `${game.launch_url?.startsWith('/') ? host : ''}${game.launch_url}?${query.toString()}`,
    mode: launcher.mode === 'real' ? 'real' : 'trial',
    expiresAt: expiresAt.toISOString(),
    nodeId: Number(game.node_id),
    vassalage: game.vendor_code,
    gameCode: game.game_code,
    gameName,
    gameType: game.game_type,
    lotto,
  };
}

/**
 * The game's address from its provider's Games API when the integration has one and a key to sign
 * with; undefined otherwise (the address is the integration's launch_url with the token). A provider
 * that does not answer refuses the launch (the session, never used, expires).
 */
async function providerUrl(
  game: LaunchGameRow,
  launch: Omit<ProviderLaunch, 'vendor' | 'gamesApi' | 'privateKey' | 'gameCode'>,
): Promise<string | undefined> {
  const launcher = providerLaunchers.get(game.protocol ?? 'gamehall');
  if (!launcher || !game.games_api) return undefined;
  try {
    return await launcher({
      ...launch,
      vendor: game.vendor_code,
      gamesApi: game.games_api,
      privateKey: game.operator_private_key ?? null,
      gameCode: game.game_code,
    });
  } catch (error) {
    // A refusal the launcher words itself (a free trial of money-only tables) is the player's answer.
    if (error instanceof AppError) throw error;
    throw new AppError('GAME_LAUNCH_UNAVAILABLE', { cause: error });
  }
}

export async function launchGame(
  ctx: AppContext,
  launcher: Launcher,
  body: LaunchGameBody,
  lc: LaunchContext,
): Promise<LaunchGameValue> {
  if (launcher.mode === 'guest') await admitGuest(ctx, launcher.ip);
  const view = await viewFor(ctx, body.language, principalOfLauncher(launcher));
  const by =
    body.nodeId !== undefined
      ? { nodeId: body.nodeId }
      : { vendor: body.vassalage as string, gameCode: body.gameCode as string };
  const game = await assertLaunchable(ctx, view, await findLaunchGame(ctx.db, by));
  // Both given: they must name the same game, or the caller is confused about what it launches.
  if (body.nodeId !== undefined && body.vassalage !== undefined && body.vassalage !== game.vendor_code)
    throw new AppError('NOT_FOUND');
  if (body.nodeId !== undefined && body.gameCode !== undefined && body.gameCode !== game.game_code)
    throw new AppError('NOT_FOUND');
  return openSession(ctx, launcher, view, game, body, lc);
}

/**
 * spec §4 "Free-play login exists if enabled": a guest tries a game only while the brand's FREEPLAY3
 * is on (else the site asks them to sign in, as before), a limited number of times per address.
 */
async function admitGuest(ctx: AppContext, ip: string): Promise<void> {
  const brand = await getBrand(ctx.db);
  if (!switchOn(brand, 'FREEPLAY3')) throw new AppError('AUTH_REQUIRED');
  await hit(ctx.db, `guest-trial:ip:${ip}`, GUEST_TRIALS_PER_IP, ctx.now());
}

/**
 * A vendor's own lobby (GCS_gameLaunchFB): vendors whose card is isGame VASSALAGE (sports books,
 * lotteries). The session is opened on the vendor's first active game of that category, which the
 * studio shows as the lobby.
 */
export async function launchLobby(
  ctx: AppContext,
  principal: Principal,
  body: LaunchLobbyBody,
  lc: LaunchContext,
): Promise<LaunchGameValue> {
  const view = await viewFor(ctx, body.language, principal);
  const types = await listLobbyTypes(ctx.db, body.vassalage);
  if (types.length === 0 || types[0]?.vendor_status === 'hidden') throw new AppError('NOT_FOUND');
  // The category as the menu shows it (categories.ts): an ELOTT lobby of a LOTT vendor with TY, an
  // ESPORTS lobby of a SPORTS vendor on the brand's e-sports list.
  const lobby = types.find(
    (t) =>
      t.is_game === 'VASSALAGE' &&
      (!body.gameType || displayCategory(view, t.game_type, body.vassalage) === body.gameType),
  );
  if (!lobby) throw new AppError('GAME_NO_LOBBY');
  const game = await findLobbyGame(ctx.db, body.vassalage, lobby.game_type);
  // No active game in the lobby (all in maintenance or hidden): suggest other games of the category.
  if (!game) throw await maintenanceError(ctx, view, lobby.game_type);
  const launchable = await assertLaunchable(ctx, view, game);
  return openSession(ctx, { mode: 'real', principal }, view, launchable, { ...body, lottoView: 'lobby' }, lc);
}

/** What a vendor's token stands for: its member and whether it may still stake (live, not replaced). */
export type TokenHolder = { memberId: number | null; trial: boolean; live: boolean; replaced: boolean };

/** The game session a vendor's token names, live or not; undefined when the vendor never got it. */
export async function tokenHolder(ctx: AppContext, vendor: string, token: string): Promise<TokenHolder | undefined> {
  const s = await sessionByToken(ctx.db, vendor, hashGameToken(token));
  if (!s) return undefined;
  const replaced = s.replaced_by !== null;
  const live = !replaced && s.ended_at === null && new Date(s.expires_at).getTime() > ctx.now().getTime();
  return { memberId: s.member_id === null ? null : Number(s.member_id), trial: s.trial, live, replaced };
}

/**
 * The token a swap of `token` gives: derived from it with the server's secret, so a repeat of the
 * swap (the provider never heard the answer) can answer the same token again; only its hash is kept.
 */
function swappedToken(ctx: AppContext, vendor: string, token: string): string {
  return createHmac('sha256', ctx.config.sessionSecret)
    .update(`game-token-swap:${vendor}\n${token}`)
    .digest('base64url');
}

/**
 * Swaps a live token for a new one (a protocol whose provider asks for its own session token, such as
 * Caleta's /wallet/check): the new session carries everything of the old and its end, and the old
 * one ends now, so only the new token stakes (wins and rollbacks of bets already placed still
 * settle, as for any session that ended). A repeat of the swap answers the same new token while that
 * token still stakes. Undefined when the token is neither live nor so swapped.
 */
export async function swapGameToken(ctx: AppContext, vendor: string, token: string): Promise<string | undefined> {
  const next = swappedToken(ctx, vendor, token);
  const swapped = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const old = await sessionByToken(trx, vendor, hashGameToken(token), true);
    if (!old || old.ended_at !== null) return false;
    if (old.replaced_by !== null) {
      const successor = await sessionByToken(trx, vendor, hashGameToken(next));
      return (
        successor !== undefined &&
        Number(successor.id) === Number(old.replaced_by) &&
        successor.replaced_by === null &&
        successor.ended_at === null &&
        new Date(successor.expires_at).getTime() > now.getTime()
      );
    }
    if (new Date(old.expires_at).getTime() <= now.getTime()) return false;
    const id = await insertReplacingSession(trx, old, {
      tokenHash: hashGameToken(next),
      trial: old.trial,
      language: old.language,
      createdAt: now,
      expiresAt: old.expires_at,
      deviceHash: old.device_hash,
      sessionId: old.session_id === null ? null : Number(old.session_id),
    });
    await markSessionReplaced(trx, Number(old.id), id, now);
    return true;
  });
  return swapped ? next : undefined;
}

/** Whether the vendor's catalogue has this game (any status: a round in play may outlive a listing). */
export async function vendorHasGame(ctx: AppContext, vendor: string, gameCode: string): Promise<boolean> {
  return (await findLaunchGame(ctx.db, { vendor, gameCode })) !== undefined;
}
