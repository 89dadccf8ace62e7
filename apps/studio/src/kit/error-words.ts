// What the studio's server tells a player in words: the message of every error code and of the
// refusals that say more than their code, and the page served when a launch fails. In the launch
// language: error-words/<code>.json per platform language (the game pages' codes: ty for Filipino,
// zh-hant, ...), whole phrases with {name} placeholders, counted ones by the language's plural rules;
// English under every other language for a phrase it lacks. The codes never change with the
// language (the platform and scripts act on them), only the words a person reads.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Counted, counted, fill, launchLanguage, mergeWords } from '../client/i18n';
import en from './error-words/en.json';
import type { StudioErrorCode } from './errors';

export type ErrorWords = {
  /** The message of each code when nothing more specific is said. */
  codes: Record<StudioErrorCode | 'STUDIO_INTERNAL', string>;
  /** A bet the game refused: `detail` is the engine's reason, kept in English in the error's detail. */
  badBet: (detail: string) => string;
  /** The request's fields that are missing or malformed (their names as the API spells them). */
  invalidFields: (fields: string[]) => string;
  /** A refusal by the wallet with a status the studio has no code of its own for. */
  walletRefused: (status: string) => string;
  walletRetry: string;
  drawClosed: string;
  clientSeedRule: string;
  /** A card table's client seed: no '.' or ':', as the table's seeds are joined into one text. */
  tableClientSeedRule: string;
  seedRotatedElsewhere: string;
  noStepLeft: string;
  belowFirstCashout: string;
  notLottery: string;
  notLiveTable: string;
  notCrashGame: string;
  notRoundGame: string;
  webSocketOnly: string;
  notJson: string;
  tooManyAtOnce: string;
  notSportsbook: string;
  notPvpRoom: string;
  /** Sportsbook limits, with the limit in the currency's major units. */
  stakeTooHigh: (limit: string) => string;
  stakeTooLow: (minimum: string) => string;
  payoutTooHigh: (limit: string) => string;
  tooManyLegs: (max: number) => string;
  /** The page a failed launch shows instead of the game. */
  launch: { cannotOpen: string; badLink: string; backToLobby: string };
};

type Phrases = typeof en;

const DIR = fileURLToPath(new URL('./error-words/', import.meta.url));

function wordsFrom(p: Phrases, locale: string): ErrorWords {
  return {
    ...p,
    codes: p.codes as ErrorWords['codes'],
    badBet: (detail) => fill(p.badBet, { detail }),
    invalidFields: (fields) => fill(p.invalidFields, { fields: fields.join(', ') }),
    walletRefused: (status) => fill(p.walletRefused, { status }),
    stakeTooHigh: (limit) => fill(p.stakeTooHigh, { limit }),
    stakeTooLow: (minimum) => fill(p.stakeTooLow, { minimum }),
    payoutTooHigh: (limit) => fill(p.payoutTooHigh, { limit }),
    tooManyLegs: (max) => counted(p.tooManyLegs as Counted, max, locale),
  };
}

const english = wordsFrom(en, 'en');
/** Each language's words by its platform code, read once from its file; English for a code without one. */
const byCode = new Map<string, ErrorWords>([['EN', english]]);
const files = new Set(readdirSync(DIR).filter((f) => f.endsWith('.json')));

/** The words for the launch language `language` (the platform's code: TY, TH, ZH-HANT, ...), English otherwise. */
export function errorWords(language: unknown): ErrorWords {
  const { code, locale } = launchLanguage(language);
  let words = byCode.get(code);
  if (!words) {
    const file = `${code.toLowerCase()}.json`;
    words = files.has(file)
      ? wordsFrom(mergeWords(en, JSON.parse(readFileSync(`${DIR}${file}`, 'utf8'))), locale)
      : english;
    byCode.set(code, words);
  }
  return words;
}
