import { StudioError } from '../../kit/errors';
import { type BuilderLeg, type BuilderPrice, quoteBuilder } from '../model/builder';
import { type MarketType, type MatchState, marketKey, type Period } from '../types';
import { type Margins, marginIn } from './settings';
import { currentOdds, type MarketRow } from './views';

// The book's side of the bet builder (model/builder.ts prices it). A builder is kept as a multiple
// whose legs are all of one event: a plain multiple refuses two legs of one event, so the two never
// meet, and the platform's round detail, the trader's reports and the tables take it as the
// multiple it is to them. Its price is the bet's odds (the joint price), not the product of its
// legs' odds, which the legs keep for the player to read.

/** The market the builder reads the sides' strengths from. */
export const ONE_X_TWO_KEY = marketKey({ type: '1x2', period: 'ft' });

/** A leg as the builder's price needs it. */
export type PricedLeg = {
  eventId: string;
  sport: string;
  leagueId: string;
  market: Pick<MarketRow, 'type' | 'period' | 'line4'>;
  key: string;
  state: unknown;
};

function builderLeg(l: PricedLeg): BuilderLeg {
  return { type: l.market.type as MarketType, period: l.market.period as Period, line4: l.market.line4, key: l.key };
}

/**
 * A builder's joint price from its legs, the match's 1X2 market as the book holds it and the
 * book's margins: refused when its legs are not 2 to 6 of one football match.
 */
export function builderPrice(
  legs: readonly PricedLeg[],
  oneXTwo: Pick<MarketRow, 'odds' | 'status'> | undefined,
  margins: Margins,
): BuilderPrice {
  const first = legs[0];
  if (!first || legs.length < 2 || legs.length > 6) return { ok: false, code: 'SB_BUILDER_SIZE' };
  if (legs.some((l) => l.eventId !== first.eventId || l.sport !== 'football')) {
    return { ok: false, code: 'SB_BUILDER_UNSUPPORTED' };
  }
  const odds = (key: string) => (oneXTwo ? (currentOdds(oneXTwo, key) ?? undefined) : undefined);
  return quoteBuilder(
    (first.state ?? null) as MatchState | null,
    { home: odds('home'), draw: odds('draw'), away: odds('away') },
    legs.map(builderLeg),
    marginIn(margins, 'football', first.leagueId),
  );
}

/** The builder's price, or its refusal as the studio's error. */
export function builderOddsOrThrow(price: BuilderPrice, detail: unknown): number {
  if (!price.ok) throw new StudioError(price.code, detail);
  return price.odds1000;
}
