import type { Game } from '@gamehall/shared/api/games';
import { slotConfigFor } from '../../../../studio/src/engines/slot/slot-config';

/** Where the house studio's games launch (seed/vendor-integrations-seed.ts). */
export const HOUSE_STUDIO_PATH = '/studio/';

// The studio's slots (its game map plays SLOT and JL codes with the slot engine): each code's
// configuration is a pure function of the code, so the platform reads the same figures the studio's
// game page shows and its RTP tests prove (engines/rtp-scenarios.ts checks declaredRtp).
const SLOT_CODE = /^(SLOT|JL)-\d{1,6}$/;

/**
 * The RTP and volatility of a game, where the platform knows them: a slot of a vendor the house
 * studio serves (its launch URL is the studio's). Every other game, at a vendor that publishes no
 * figures to the platform or of a kind without one volatility, has neither.
 */
export function houseFigures(launchUrl: string | null, gameCode: string): Pick<Game, 'rtp' | 'volatility'> {
  if (!launchUrl?.startsWith(HOUSE_STUDIO_PATH) || !SLOT_CODE.test(gameCode)) return { rtp: null, volatility: null };
  const config = slotConfigFor(gameCode);
  return { rtp: config.declaredRtp, volatility: config.volatility };
}
