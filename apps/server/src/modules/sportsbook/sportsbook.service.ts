import type { AdminPlayerFactor, AdminTraderBets } from '@gamehall/shared/api/admin-sportsbook';
import {
  TRADER_ROUTES,
  TraderActionAnswer,
  TraderBetsAnswer,
  type TraderBetsQuery,
  TraderEventDetail,
  TraderEventsAnswer,
  type TraderEventsQuery,
  TraderFeedRejectsAnswer,
  type TraderFeedRejectsQuery,
  TraderMargins,
  type TraderMarginsBody,
  TraderPlayerFactor,
  type TraderPlayerFactorBody,
  TraderPlayerFactorList,
  TraderProfitAnswer,
  type TraderProfitQuery,
  type TraderResultBody,
  TraderSettings,
  type TraderSettingsBody,
  type TraderSuspendBody,
} from '@gamehall/shared/api/sportsbook-trader';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { playerByUsername, usernamesByIds } from '../accounts/member.service';
import { type TraderTarget, traderCall } from './sportsbook-client';
import { deriveTraderSecret } from './sportsbook-signature';

// The trader console's service: each operation is one call of the sportsbook's trader API
// (sportsbook-client.ts), with the platform's part around it: the base URL and the secret, and the
// players, whom the sportsbook knows by player id (the member id as a decimal string, as the
// vendor wallet API names them) and operators by username.

type Address = string | { address: string; port: number; family: string } | null;

/** http://<this server's loopback address>:<port> (a wildcard listener is reached on 127.0.0.1). */
function loopbackOf(address: Address): string | undefined {
  if (!address || typeof address === 'string') return undefined;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Where the trader API is: SPORTSBOOK_URL, else the house studio mounted in this process under
 * /studio, on the server's own loopback address (none before the server listens).
 */
export function traderTarget(
  ctx: AppContext,
  server: { address: () => Address },
  log: TraderTarget['log'],
): TraderTarget {
  const own = loopbackOf(server.address());
  return {
    baseUrl: ctx.config.sportsbookUrl ?? (own ? `${own}/studio` : undefined),
    secret: deriveTraderSecret(ctx.config.studioSecret),
    now: ctx.now,
    log,
  };
}

type Query = Record<string, string | number | boolean | undefined>;

export function events(target: TraderTarget, query: z.infer<typeof TraderEventsQuery>) {
  return traderCall(target, { method: 'GET', path: TRADER_ROUTES.events, query: query as Query }, TraderEventsAnswer);
}

export function event(target: TraderTarget, eventId: string) {
  return traderCall(target, { method: 'GET', path: TRADER_ROUTES.event(eventId) }, TraderEventDetail);
}

export function suspend(target: TraderTarget, eventId: string, body: z.infer<typeof TraderSuspendBody>) {
  return traderCall(target, { method: 'POST', path: TRADER_ROUTES.suspend(eventId), body }, TraderActionAnswer);
}

export function resume(target: TraderTarget, eventId: string, body: z.infer<typeof TraderSuspendBody>) {
  return traderCall(target, { method: 'POST', path: TRADER_ROUTES.resume(eventId), body }, TraderActionAnswer);
}

/** A result, or a correction of one: the event's result before it is read first, for the audit. */
export async function result(target: TraderTarget, eventId: string, body: z.infer<typeof TraderResultBody>) {
  const before = (await event(target, eventId)).result;
  const answer = await traderCall(
    target,
    { method: 'POST', path: TRADER_ROUTES.result(eventId), body },
    TraderActionAnswer,
  );
  return { before, answer };
}

export function abandon(target: TraderTarget, eventId: string, reason: string) {
  return traderCall(
    target,
    { method: 'POST', path: TRADER_ROUTES.abandon(eventId), body: { reason } },
    TraderActionAnswer,
  );
}

export function margins(target: TraderTarget) {
  return traderCall(target, { method: 'GET', path: TRADER_ROUTES.margins }, TraderMargins);
}

/** The margins as they were and as they are (the audit's before and after). */
export async function setMargins(target: TraderTarget, body: z.infer<typeof TraderMarginsBody>) {
  const before = await margins(target);
  const after = await traderCall(target, { method: 'PUT', path: TRADER_ROUTES.margins, body }, TraderMargins);
  return { before, after };
}

export function settings(target: TraderTarget) {
  return traderCall(target, { method: 'GET', path: TRADER_ROUTES.settings }, TraderSettings);
}

export async function setSettings(target: TraderTarget, body: z.infer<typeof TraderSettingsBody>) {
  const before = await settings(target);
  const after = await traderCall(target, { method: 'PUT', path: TRADER_ROUTES.settings, body }, TraderSettings);
  return { before, after };
}

/** The sportsbook's player id of a member: the member id, as the vendor wallet API sends it. */
const playerIdOf = (memberId: number) => String(memberId);

function memberIdOf(player: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(player) ? Number(player) : undefined;
}

async function withUsernames<T extends { player: string }>(
  ctx: AppContext,
  rows: T[],
): Promise<(T & { username: string | null })[]> {
  const ids = rows.flatMap((r) => {
    const id = memberIdOf(r.player);
    return id === undefined ? [] : [id];
  });
  const names = await usernamesByIds(ctx, ids);
  return rows.map((r) => ({ ...r, username: names.get(memberIdOf(r.player) ?? 0) ?? null }));
}

/** Players whose stake factor is not the default, with their usernames. */
export async function playerFactors(ctx: AppContext, target: TraderTarget) {
  const answer = await traderCall(target, { method: 'GET', path: TRADER_ROUTES.players }, TraderPlayerFactorList);
  return { list: await withUsernames(ctx, answer.list) };
}

export async function playerFactor(
  ctx: AppContext,
  target: TraderTarget,
  username: string,
): Promise<AdminPlayerFactor> {
  const member = await playerByUsername(ctx, username);
  const answer = await traderCall(
    target,
    { method: 'GET', path: TRADER_ROUTES.player(playerIdOf(member.id)) },
    TraderPlayerFactor,
  );
  return { ...answer, username: member.username };
}

export async function setPlayerFactor(
  ctx: AppContext,
  target: TraderTarget,
  username: string,
  body: z.infer<typeof TraderPlayerFactorBody>,
) {
  const before = await playerFactor(ctx, target, username);
  const answer = await traderCall(
    target,
    { method: 'PUT', path: TRADER_ROUTES.player(before.player), body },
    TraderPlayerFactor,
  );
  return { before, after: { ...answer, username: before.username } };
}

export async function bets(
  ctx: AppContext,
  target: TraderTarget,
  query: z.infer<typeof TraderBetsQuery>,
): Promise<AdminTraderBets> {
  const answer = await traderCall(
    target,
    { method: 'GET', path: TRADER_ROUTES.bets, query: query as Query },
    TraderBetsAnswer,
  );
  return { list: await withUsernames(ctx, answer.list), next: answer.next };
}

export function profit(target: TraderTarget, query: z.infer<typeof TraderProfitQuery>) {
  return traderCall(target, { method: 'GET', path: TRADER_ROUTES.profit, query }, TraderProfitAnswer);
}

/** What the sportsbook's feed sources rejected: the newest, with their reasons, and the counts per source. */
export function feedRejects(target: TraderTarget, query: z.infer<typeof TraderFeedRejectsQuery>) {
  return traderCall(target, { method: 'GET', path: TRADER_ROUTES.feedRejects, query }, TraderFeedRejectsAnswer);
}
