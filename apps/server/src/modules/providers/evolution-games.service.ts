import { randomUUID } from 'node:crypto';
import type { EvolutionGamesApi, GamesApiSettings } from '@gamehall/shared/api/admin-games';
import { EvolutionUaAnswer } from '@gamehall/shared/api/evolution';
import { AppError } from '../../http/errors';
import type { ProviderLaunch } from '../games/launch.service';
import { GamesApiError, postToProvider, UNKNOWN_COUNTRY } from './caleta-games.service';

// Evolution's game launch (docs/game-providers.md "Connecting Evolution"): its User Authentication
// API, POST <host>/ua/v1/<casino key>/<API token>, names the player, their session (the sid its One
// Wallet calls then carry, the game session's token here) and the table, and answers the entry
// address on its host, where the player's browser goes.

function evolutionSettings(settings: GamesApiSettings): EvolutionGamesApi | undefined {
  return 'casinoKey' in settings ? settings : undefined;
}

/**
 * A launch through Evolution's User Authentication API. Evolution's tables are played for money
 * only: a free trial is refused as one (ACCOUNT_TRIAL_RESTRICTED), not as a provider that is down.
 */
export async function evolutionLaunch(launch: ProviderLaunch): Promise<string | undefined> {
  const api = evolutionSettings(launch.gamesApi);
  // Settings of another protocol's shape (kept from before a protocol change): launched by address.
  if (!api) return undefined;
  if (launch.token === null || launch.memberId === null) throw new AppError('ACCOUNT_TRIAL_RESTRICTED');
  const host = api.url.replace(/\/+$/, '');
  const url = `${host}/ua/v1/${encodeURIComponent(api.casinoKey)}/${encodeURIComponent(api.apiToken)}`;
  const answer = await postToProvider(
    url,
    '/ua/v1',
    JSON.stringify({
      uuid: randomUUID(),
      player: {
        id: String(launch.memberId),
        update: true,
        country: launch.country ?? UNKNOWN_COUNTRY,
        language: launch.language.toLowerCase(),
        currency: launch.currency,
        session: { id: launch.token, ip: launch.ip ?? '' },
      },
      config: {
        game: { table: { id: launch.gameCode } },
        channel: { wrapped: false },
        urls: { lobby: launch.lobbyUrl, cashier: launch.depositUrl },
      },
    }),
    {},
    EvolutionUaAnswer,
  );
  // The entry is a path on Evolution's host; an absolute one must be on that host too.
  const entry = new URL(answer.entry, `${host}/`);
  if (entry.origin !== new URL(host).origin) throw new GamesApiError('/ua/v1 answered an entry on another host');
  return entry.toString();
}
