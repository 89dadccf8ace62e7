import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import type { CaletaGamesApi, GamesApiSettings } from '@gamehall/shared/api/admin-games';
import { CaletaGameUrlAnswer, CaletaListedGame, CaletaRoundAnswer } from '@gamehall/shared/api/caleta';
import { z } from 'zod';
import type { ListedGame, ProviderList } from '../games/catalogue-sync.service';
import type { ProviderLaunch } from '../games/launch.service';

// The Caleta Gaming System's Games API, which the operator calls (docs/game-providers.md, "Caleta"):
// every body is signed with the operator's private key (X-Auth-Signature, base64 RSA-SHA256 of the
// raw body), checked by the provider with the public key the operator sent it.

/** How long a provider has to answer: a player waits for the launch. */
const GAMES_API_TIMEOUT_MS = 10_000;

/** The guide's currency for its demo mode: the provider keeps a play balance, no wallet call is made. */
const DEMO_CURRENCY = 'FUN';

/** ISO 3166's code for an unknown country, when the player's address tells none (a private network). */
export const UNKNOWN_COUNTRY = 'ZZ';

// Parsed keys by their PEM text: a key is parsed once per node, not per call.
const keys = new Map<string, KeyObject>();

function privateKeyOf(pem: string): KeyObject {
  let key = keys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    if (keys.size > 100) keys.clear();
    keys.set(pem, key);
  }
  return key;
}

/** X-Auth-Signature of a Games API body: base64 RSA-SHA256 by the operator's private key. */
export function caletaOperatorSignature(privateKeyPem: string, raw: string): string {
  return sign('sha256', Buffer.from(raw), privateKeyOf(privateKeyPem)).toString('base64');
}

/** A Games API call that did not answer as the guide says. */
export class GamesApiError extends Error {}

/** The settings in Caleta's shape; another protocol's cannot reach its Games API. */
function caletaSettings(settings: GamesApiSettings): CaletaGamesApi {
  if (!('operatorId' in settings)) throw new GamesApiError("the integration's Games API settings are not Caleta's");
  return settings;
}

/**
 * Posts a JSON body to a provider's API and reads its answer with `schema`; `what` names the call in
 * the error (the path: never the address, which may carry a credential). A provider that does not
 * answer as its guide says is a GamesApiError.
 */
export async function postToProvider<T>(
  url: string,
  what: string,
  raw: string,
  headers: Record<string, string>,
  schema: z.ZodType<T>,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
    signal: AbortSignal.timeout(GAMES_API_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new GamesApiError(`${what} answered HTTP ${res.status}: ${text.slice(0, 200)}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GamesApiError(`${what} answered no JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new GamesApiError(`${what} answered an unexpected shape`);
  return parsed.data;
}

/** Posts a signed body to the provider's Games API and reads the answer with `schema`. */
export function caletaGamesCall<T>(
  settings: GamesApiSettings,
  privateKeyPem: string,
  path: string,
  body: object,
  schema: z.ZodType<T>,
): Promise<T> {
  const raw = JSON.stringify(body);
  const url = `${settings.url.replace(/\/+$/, '')}${path}`;
  return postToProvider(url, path, raw, { 'x-auth-signature': caletaOperatorSignature(privateKeyPem, raw) }, schema);
}

/**
 * A launch through /api/game/url: the provider answers the game's address. A real-money launch
 * passes the session's token (the provider presents it on the Wallet API) and the member as `user`;
 * a free trial asks for the guide's demo mode (currency FUN, no token, no user), in which the
 * provider keeps the balance and never calls the wallet.
 */
export async function caletaLaunch(launch: ProviderLaunch): Promise<string | undefined> {
  // No key to sign with, or settings of another protocol's shape: launched by address.
  if (launch.privateKey === null || !('operatorId' in launch.gamesApi)) return undefined;
  const gamesApi = launch.gamesApi;
  const real = launch.token !== null && launch.memberId !== null;
  const answer = await caletaGamesCall(
    gamesApi,
    launch.privateKey,
    '/api/game/url',
    {
      ...(real ? { user: String(launch.memberId), token: launch.token } : {}),
      operator_id: gamesApi.operatorId,
      ...(gamesApi.subPartnerId !== null ? { sub_partner_id: gamesApi.subPartnerId } : {}),
      game_code: launch.gameCode,
      // The guide's languages are ISO 639-1 codes in lower case; the site's are in upper case.
      lang: launch.language.toLowerCase(),
      currency: real ? launch.currency : DEMO_CURRENCY,
      country: launch.country ?? UNKNOWN_COUNTRY,
      lobby_url: launch.lobbyUrl,
      deposit_url: launch.depositUrl,
    },
    CaletaGameUrlAnswer,
  );
  return answer.url;
}

/**
 * The provider's game list through /api/game/list, for the catalogue sync. An entry that is not a
 * game the platform can list (no game_code, which the launch sends, or not the guide's shape) and a
 * second entry of one game_code are counted as skipped, not guessed at. Pictures are kept only on
 * https (a player's page cannot show another), and RTP where the list gives it.
 */
export async function caletaGameList(settings: GamesApiSettings, privateKeyPem: string): Promise<ProviderList> {
  const entries = await caletaGamesCall(
    settings,
    privateKeyPem,
    '/api/game/list',
    { operator_id: caletaSettings(settings).operatorId },
    z.array(z.unknown()),
  );
  const games: ListedGame[] = [];
  const unread: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const parsed = CaletaListedGame.safeParse(entry);
    const game = parsed.success ? parsed.data : null;
    if (!game?.game_code) {
      // Not readable as a game; its game, if it names one, is left as it is.
      const code = (entry as { game_code?: unknown } | null)?.game_code;
      if (typeof code === 'string') unread.push(code);
      continue;
    }
    if (seen.has(game.game_code)) continue;
    seen.add(game.game_code);
    games.push({
      gameCode: game.game_code,
      name: game.name,
      category: game.category,
      enabled: game.enabled,
      imageUrl: game.url_thumb?.startsWith('https://') ? game.url_thumb : null,
      rtp: game.rtp ?? null,
    });
  }
  return { games, skipped: entries.length - games.length, unread };
}

/**
 * The address of a round's details at the provider (/api/game/round): the round as the provider named
 * it on the wallet calls (the platform's round id for it) and the member as `user`.
 */
export async function caletaRoundDetails(
  settings: GamesApiSettings,
  privateKeyPem: string,
  round: { roundId: string; user: string },
): Promise<string> {
  const api = caletaSettings(settings);
  const answer = await caletaGamesCall(
    settings,
    privateKeyPem,
    '/api/game/round',
    {
      operator_id: api.operatorId,
      ...(api.subPartnerId !== null ? { sub_partner_id: api.subPartnerId } : {}),
      round: round.roundId,
      user: round.user,
    },
    CaletaRoundAnswer,
  );
  return answer.url;
}
