import type { Game } from '@gamehall/shared/api/games';
import { publishedFigures } from '../../../../studio/src/catalogue';

/** Where the house studio's games launch (seed/vendor-integrations-seed.ts). */
export const HOUSE_STUDIO_PATH = '/studio/';

/**
 * The RTP and volatility of a game, where the platform knows them: a game the house studio serves
 * (its launch URL is the studio's) and publishes figures for in its catalogue. Every other game, at a
 * vendor that publishes no figures to the platform or of a kind without one volatility, has neither.
 */
export function houseFigures(
  launchUrl: string | null,
  vendor: string,
  gameCode: string,
): Pick<Game, 'rtp' | 'volatility'> {
  const figures = launchUrl?.startsWith(HOUSE_STUDIO_PATH) ? publishedFigures({ vendor, gameCode }) : null;
  return figures ?? { rtp: null, volatility: null };
}
