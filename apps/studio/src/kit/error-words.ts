// What the studio's server tells a player in words: the message of every error code and of the
// refusals that say more than their code, and the page served when a launch fails. In the launch
// language (English and Filipino, the platform's TY, as the game pages: client/words.ts); the codes
// never change with it (the platform and scripts act on them), only the words a person reads.
import { inLanguage } from '../client/words';
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

const EN: ErrorWords = {
  codes: {
    STUDIO_BAD_REQUEST: 'The request is not valid',
    STUDIO_BAD_BET: 'The bet is not valid for this game',
    STUDIO_UNKNOWN_GAME: 'This game is not served by the house studio',
    STUDIO_SESSION_REQUIRED: 'The game session is missing: reopen the game from the lobby',
    STUDIO_SESSION_INVALID: 'The game session is not valid or has expired: reopen the game from the lobby',
    STUDIO_SESSION_ENDED: 'The site ended this game session (you signed out there): sign in and open the game again',
    STUDIO_INSUFFICIENT_FUNDS: 'Insufficient balance for this bet',
    STUDIO_PLAYER_DISABLED: 'Your account cannot play right now, please contact customer service',
    STUDIO_PLAYER_LIMIT: 'This bet would go over your wager or loss limit, or your session time is up',
    STUDIO_PLAYER_EXCLUDED: 'You are taking a break from play: betting is closed until it ends',
    STUDIO_BONUS_MAX_BET: 'This bet is above the maximum bet allowed while you wager your bonus',
    STUDIO_WALLET_REFUSED: 'The wallet refused the bet',
    STUDIO_WALLET_UNAVAILABLE: 'The wallet did not answer: the round was cancelled and any stake taken is returned',
    STUDIO_ROUND_IN_PROGRESS: 'Finish the round in progress first',
    STUDIO_ROUND_NOT_FOUND: 'No such round',
    STUDIO_NOT_SUPPORTED: 'This game does not support that action',
    STUDIO_NOT_FOUND: 'Not found',
    STUDIO_CRASH_BETTING_CLOSED: 'Betting on this round has closed, wait for the next round',
    STUDIO_CRASH_ALREADY_BET: 'You already have a bet on this round',
    STUDIO_CRASH_NO_BET: 'You have no bet running in this round',
    STUDIO_CRASH_NOT_RUNNING: 'The multiplier is not rising yet',
    STUDIO_CRASH_TOO_LATE: 'Too late: the round crashed before your cash-out',
    STUDIO_TABLE_BETTING_CLOSED: 'Bets are closed for this round: wait for the next betting phase',
    STUDIO_TABLE_LIMIT: 'This bet is over the table limit for one round',
    STUDIO_LIVE_TABLE_ONLY:
      'This game is played at its live table only: place the bet in the betting phase of the shared round',
    SB_SELECTION_UNAVAILABLE: 'This selection is not offered any more',
    SB_MARKET_SUSPENDED: 'This market is suspended for the moment: try again shortly',
    SB_MARKET_CLOSED: 'This market is closed',
    SB_EVENT_STARTED: 'This event has started or ended: its pre-match prices are closed',
    SB_LAST_CALL: 'Betting on this fight closed at the last call',
    SB_ODDS_CHANGED: 'The odds changed before the bet was accepted',
    SB_CORRELATED_LEGS: 'A multiple or system bet cannot hold two selections of the same event',
    SB_TOO_MANY_LEGS: 'Too many selections on the slip',
    SB_BAD_SLIP: 'The bet slip is not valid',
    SB_STAKE_TOO_LOW: 'The stake is below the minimum',
    SB_STAKE_TOO_HIGH: 'The stake is over the limit',
    SB_PAYOUT_TOO_HIGH: 'The potential payout is over the maximum',
    SB_LIABILITY: 'The book cannot take more on this market right now: try a smaller stake',
    SB_CASHOUT_UNAVAILABLE: 'Cash-out is not available for this bet right now',
    SB_CASHOUT_CHANGED: 'The cash-out value changed: check the new value',
    SB_BET_NOT_FOUND: 'No such bet',
    SB_EVENT_NOT_FOUND: 'No such event',
    SB_RESULT_EXISTS: 'This event already has a result: enter a correction instead',
    SB_EVENT_NOT_STARTED: 'This match has not started: a result before the start needs its reason (a walkover)',
    SB_TRADER_SIGNATURE: 'The trader request is not signed, or its signature is wrong or too old',
    STUDIO_PVP_TABLE_NOT_FOUND: 'No such card table',
    STUDIO_PVP_REFUSED: 'The table does not allow this move now',
    STUDIO_PVP_SAME_ADDRESS: 'Another player from your network address is already seated at this table',
    STUDIO_PVP_SAME_DEVICE: 'Another player from your device is already seated at this table',
    STUDIO_PVP_REAL_ONLY: 'Card tables are played with real balances only, not in a free trial',
    STUDIO_PVP_NOT_SEATED: 'You are not seated at this table',
    STUDIO_PVP_BAD_SEQ: 'The move needs a sequence number higher than your last one',
    STUDIO_PVP_SEAT_OFFERED: 'The free seats at this table are offered to players on its waiting list',
    STUDIO_PVP_NO_FREE_SEAT: 'No table with a free seat fits your choice right now',
    STUDIO_INTERNAL: 'Unexpected error, please try again',
  },
  badBet: (detail) => `The bet is not valid: ${detail}`,
  invalidFields: (fields) => `Invalid ${fields.join(', ')}`,
  walletRefused: (status) => `The wallet refused the bet (${status})`,
  walletRetry: 'The wallet did not answer, please try again',
  drawClosed: 'Betting on this draw has closed',
  clientSeedRule: 'The client seed must be 1 to 64 letters, digits or _ . : -',
  tableClientSeedRule: 'At a card table the client seed must be 1 to 64 letters, digits, _ or -',
  seedRotatedElsewhere: 'The seed was rotated by another request',
  noStepLeft: 'This round has no step left to play',
  belowFirstCashout: 'The multiplier has not reached 1.01x yet',
  notLottery: 'This game is not a lottery',
  notLiveTable: 'This game is not a live table',
  notCrashGame: 'This game is not a crash game',
  notRoundGame: 'This game is not played through rounds',
  webSocketOnly: 'This address is a WebSocket',
  notJson: 'The message is not JSON',
  tooManyAtOnce: 'Too many requests at once: wait for the answers',
  notSportsbook: 'This game is not the sportsbook',
  notPvpRoom: 'This game is not a card table',
  stakeTooHigh: (limit) => `The stake is over the limit of ${limit}`,
  stakeTooLow: (minimum) => `The stake is below the minimum of ${minimum}`,
  payoutTooHigh: (limit) => `The potential payout is over the maximum of ${limit}`,
  tooManyLegs: (max) => `A slip holds at most ${max} selections`,
  launch: {
    cannotOpen: 'Cannot open the game',
    badLink: 'This game link is not valid. Please open the game again from the lobby.',
    backToLobby: 'Back to lobby',
  },
};

const TY: ErrorWords = {
  codes: {
    STUDIO_BAD_REQUEST: 'Hindi tama ang kahilingan',
    STUDIO_BAD_BET: 'Hindi tanggap ang taya na ito sa larong ito',
    STUDIO_UNKNOWN_GAME: 'Hindi inihahain ng house studio ang larong ito',
    STUDIO_SESSION_REQUIRED: 'Walang session ng laro: buksan muli ang laro mula sa lobby',
    STUDIO_SESSION_INVALID: 'Hindi tama o nag-expire na ang session ng laro: buksan muli ang laro mula sa lobby',
    STUDIO_SESSION_ENDED:
      'Tinapos ng site ang session ng larong ito (nag-sign out ka roon): mag-sign in at buksan muli ang laro',
    STUDIO_INSUFFICIENT_FUNDS: 'Kulang ang balanse para sa taya na ito',
    STUDIO_PLAYER_DISABLED: 'Hindi makakapaglaro ang account mo ngayon, makipag-ugnayan sa customer service',
    STUDIO_PLAYER_LIMIT: 'Lalampas ang taya na ito sa limitasyon mo sa taya o talo, o tapos na ang oras ng session mo',
    STUDIO_PLAYER_EXCLUDED: 'Nagpapahinga ka sa paglalaro: sarado ang pagtaya hanggang matapos ito',
    STUDIO_BONUS_MAX_BET: 'Lampas ang taya na ito sa pinakamataas na taya habang tinutupad mo ang wagering ng bonus mo',
    STUDIO_WALLET_REFUSED: 'Tinanggihan ng wallet ang taya',
    STUDIO_WALLET_UNAVAILABLE: 'Hindi sumagot ang wallet: kinansela ang round at ibinabalik ang anumang taya na nakuha',
    STUDIO_ROUND_IN_PROGRESS: 'Tapusin muna ang kasalukuyang round',
    STUDIO_ROUND_NOT_FOUND: 'Walang ganitong round',
    STUDIO_NOT_SUPPORTED: 'Hindi ito magagawa sa larong ito',
    STUDIO_NOT_FOUND: 'Hindi nahanap',
    STUDIO_CRASH_BETTING_CLOSED: 'Sarado na ang pagtaya sa round na ito, hintayin ang susunod na round',
    STUDIO_CRASH_ALREADY_BET: 'May taya ka na sa round na ito',
    STUDIO_CRASH_NO_BET: 'Wala kang tumatakbong taya sa round na ito',
    STUDIO_CRASH_NOT_RUNNING: 'Hindi pa tumataas ang multiplier',
    STUDIO_CRASH_TOO_LATE: 'Huli na: nag-crash ang round bago ang cash-out mo',
    STUDIO_TABLE_BETTING_CLOSED: 'Sarado na ang pagtaya sa round na ito: hintayin ang susunod na pagtaya',
    STUDIO_TABLE_LIMIT: 'Lampas ang taya na ito sa limitasyon ng mesa para sa isang round',
    STUDIO_LIVE_TABLE_ONLY:
      'Sa live na mesa lang nilalaro ang larong ito: ilagay ang taya habang bukas ang pagtaya ng round ng mesa',
    SB_SELECTION_UNAVAILABLE: 'Hindi na inaalok ang pinili na ito',
    SB_MARKET_SUSPENDED: 'Pansamantalang nakasara ang market na ito: subukan ulit maya-maya',
    SB_MARKET_CLOSED: 'Sarado na ang market na ito',
    SB_EVENT_STARTED: 'Nagsimula o natapos na ang laban na ito: sarado na ang mga presyo bago ang laro',
    SB_LAST_CALL: 'Sarado na ang pustahan sa labang ito mula sa huling tawag',
    SB_ODDS_CHANGED: 'Nagbago ang odds bago natanggap ang taya',
    SB_CORRELATED_LEGS: 'Hindi puwedeng may dalawang pinili mula sa iisang laban ang multiple o system na taya',
    SB_TOO_MANY_LEGS: 'Masyadong marami ang pinili sa bet slip',
    SB_BAD_SLIP: 'Hindi tama ang bet slip',
    SB_STAKE_TOO_LOW: 'Mas mababa ang taya sa pinakamababang halaga',
    SB_STAKE_TOO_HIGH: 'Lampas sa limitasyon ang taya',
    SB_PAYOUT_TOO_HIGH: 'Lampas sa pinakamataas na puwedeng bayaran ang posibleng panalo',
    SB_LIABILITY: 'Hindi na makakatanggap ng dagdag na taya ang market na ito ngayon: subukan ang mas maliit na taya',
    SB_CASHOUT_UNAVAILABLE: 'Hindi puwede ang cash-out sa taya na ito ngayon',
    SB_CASHOUT_CHANGED: 'Nagbago ang halaga ng cash-out: tingnan ang bagong halaga',
    SB_BET_NOT_FOUND: 'Walang ganitong taya',
    SB_EVENT_NOT_FOUND: 'Walang ganitong laban',
    SB_RESULT_EXISTS: 'May resulta na ang laban na ito: maglagay ng pagtatama sa halip',
    SB_EVENT_NOT_STARTED:
      'Hindi pa nagsisimula ang laban na ito: kailangan ang dahilan ng resulta bago magsimula (walkover)',
    SB_TRADER_SIGNATURE: 'Walang pirma ang kahilingan ng trader, o mali o luma na ang pirma nito',
    STUDIO_PVP_TABLE_NOT_FOUND: 'Walang ganitong mesa ng baraha',
    STUDIO_PVP_REFUSED: 'Hindi pinapayagan ng mesa ang galaw na ito ngayon',
    STUDIO_PVP_SAME_ADDRESS: 'May ibang manlalaro mula sa network address mo na nakaupo na sa mesang ito',
    STUDIO_PVP_SAME_DEVICE: 'May ibang manlalaro mula sa device mo na nakaupo na sa mesang ito',
    STUDIO_PVP_REAL_ONLY: 'Totoong balanse lang ang gamit sa mga mesa ng baraha, hindi sa libreng pagsubok',
    STUDIO_PVP_NOT_SEATED: 'Hindi ka nakaupo sa mesang ito',
    STUDIO_PVP_BAD_SEQ: 'Kailangan ng galaw ang sequence number na mas mataas kaysa sa huli mo',
    STUDIO_PVP_SEAT_OFFERED: 'Ang mga bakanteng upuan sa mesang ito ay inaalok sa mga nasa listahan ng naghihintay',
    STUDIO_PVP_NO_FREE_SEAT: 'Walang mesang may bakanteng upuan na tugma sa pinili mo ngayon',
    STUDIO_INTERNAL: 'May hindi inaasahang mali, pakisubukan ulit',
  },
  badBet: () => 'Hindi tanggap ang taya: tingnan ang halaga at ang mga pinili mo',
  invalidFields: (fields) => `Hindi tama ang ${fields.join(', ')}`,
  walletRefused: () => 'Tinanggihan ng wallet ang taya',
  walletRetry: 'Hindi sumagot ang wallet, pakisubukan ulit',
  drawClosed: 'Sarado na ang pagtaya sa draw na ito',
  clientSeedRule: 'Ang client seed ay dapat 1 hanggang 64 na titik, numero o _ . : -',
  tableClientSeedRule: 'Sa mesa ng baraha, ang client seed ay dapat 1 hanggang 64 na titik, numero, _ o -',
  seedRotatedElsewhere: 'Napalitan na ang seed ng ibang kahilingan',
  noStepLeft: 'Wala nang natitirang hakbang na lalaruin sa round na ito',
  belowFirstCashout: 'Hindi pa umaabot sa 1.01x ang multiplier',
  notLottery: 'Hindi lottery ang larong ito',
  notLiveTable: 'Hindi live na mesa ang larong ito',
  notCrashGame: 'Hindi crash game ang larong ito',
  notRoundGame: 'Hindi nilalaro nang paisa-isang round ang larong ito',
  webSocketOnly: 'Para sa WebSocket ang address na ito',
  notJson: 'Hindi JSON ang mensahe',
  tooManyAtOnce: 'Masyadong maraming kahilingan nang sabay: hintayin ang mga sagot',
  notSportsbook: 'Hindi sportsbook ang larong ito',
  notPvpRoom: 'Hindi mesa ng baraha ang larong ito',
  stakeTooHigh: (limit) => `Lampas ang taya sa limitasyong ${limit}`,
  stakeTooLow: (minimum) => `Mas mababa ang taya sa pinakamababang ${minimum}`,
  payoutTooHigh: (limit) => `Lampas ang posibleng panalo sa pinakamataas na ${limit}`,
  tooManyLegs: (max) => `Hanggang ${max} na pinili lang ang puwede sa isang slip`,
  launch: {
    cannotOpen: 'Hindi mabuksan ang laro',
    badLink: 'Hindi tama ang link ng larong ito. Pakibuksan muli ang laro mula sa lobby.',
    backToLobby: 'Bumalik sa lobby',
  },
};

/** The words for the launch language `language` (Filipino for TY, English for anything else). */
export function errorWords(language: unknown): ErrorWords {
  return inLanguage({ EN, TY }, language);
}
