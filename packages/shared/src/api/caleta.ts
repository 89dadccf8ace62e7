import { z } from 'zod';

// The Caleta Gaming System's Wallet API as the platform serves it to a Caleta-protocol aggregator
// (Operator's Guide 1.5; docs/game-providers.md). Field names are the provider's own. Amounts are
// integers in 1/100,000 of the currency unit. Only the fields the wallet reads are checked; the
// provider may send more (its metadata), which are ignored.

/** The guide's statuses: RS_OK, or why nothing (more) changed. */
export const CALETA_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_TIMEOUT',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_BET_LIMIT_EXCEEDED',
] as const;
export type CaletaStatus = (typeof CALETA_STATUSES)[number];

/** How many of the guide's amount units make one currency unit. */
export const CALETA_AMOUNT_SCALE = 100_000;

const Text = (max: number) => z.string().min(1).max(max);
const Token = Text(512);
const Id = Text(128);
/** An amount as the guide writes it; its sign and its fit to the currency's minor unit are checked apart. */
const Amount = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const Optional = (max: number) => z.string().max(max).nullish();

export const CaletaCheckBody = z.object({ token: Token });

export const CaletaBalanceBody = z.object({
  token: Token,
  request_uuid: Id,
  supplier_user: Optional(128),
  game_id: z.number().int().optional(),
  game_code: Text(128),
});

const money = {
  token: Token,
  request_uuid: Id,
  transaction_uuid: Id,
  supplier_user: Optional(128),
  round: Id,
  round_closed: z.boolean(),
  is_free: z.boolean(),
  game_id: z.number().int().optional(),
  game_code: Text(128),
  currency: Text(16),
  amount: Amount,
  /** The game's note on the bet ("Extra balls n1"); not read. */
  bet: Optional(1000),
  campaign_uuid: Optional(128),
  reward_uuid: Optional(128),
};

export const CaletaBetBody = z.object(money);

export const CaletaWinBody = z.object({
  ...money,
  /** The bet this win pays. */
  reference_transaction_uuid: Id,
  /** The part of the amount a jackpot paid; part of the amount, not added to it. */
  jackpot_win: Amount.optional(),
});

export const CaletaRollbackBody = z.object({
  token: Token,
  request_uuid: Id,
  transaction_uuid: Id,
  round: Id,
  round_closed: z.boolean(),
  /** The bet to reverse. */
  reference_transaction_uuid: Id,
  is_free: z.boolean().optional(),
  game_id: z.number().int().optional(),
  game_code: Text(128),
  user: Optional(128),
});

/** Every wallet call's answer: on RS_OK the player, currency and balance; otherwise only the status. */
export const CaletaBalanceResponse = z.object({
  status: z.enum(CALETA_STATUSES),
  request_uuid: z.string(),
  user: z.string().optional(),
  currency: z.string().optional(),
  balance: z.number().int().optional(),
});

/** /wallet/check's answer: the token the provider uses from now on (the launch token no longer stakes). */
export const CaletaCheckResponse = z.object({
  token: z.string().optional(),
  status: z.enum(CALETA_STATUSES).optional(),
});

export type CaletaCheckBody = z.infer<typeof CaletaCheckBody>;
export type CaletaBalanceBody = z.infer<typeof CaletaBalanceBody>;
export type CaletaBetBody = z.infer<typeof CaletaBetBody>;
export type CaletaWinBody = z.infer<typeof CaletaWinBody>;
export type CaletaRollbackBody = z.infer<typeof CaletaRollbackBody>;
export type CaletaBalanceResponse = z.infer<typeof CaletaBalanceResponse>;
export type CaletaCheckResponse = z.infer<typeof CaletaCheckResponse>;

// ---- the Games API, which the operator calls (signed with its own key)

/** /api/game/url's answer: the address to send the player to. */
export const CaletaGameUrlAnswer = z.object({ url: z.url({ protocol: /^https?$/ }).max(2000) });

/** A game of /api/game/list, as the guide describes it (fields the catalogue does not read are ignored). */
export const CaletaListedGame = z.object({
  game_id: z.number().int(),
  game_code: z.string().min(1).max(128).optional(),
  name: z.string().min(1).max(200),
  category: z.string().transform((c) => c.slice(0, 100)),
  product: z.string().max(100).optional(),
  enabled: z.boolean(),
  // The optional fields the catalogue reads: one that is not as the guide says is read as absent,
  // so a slip in a picture or an RTP does not drop the game.
  url_thumb: z.string().max(2000).optional().catch(undefined),
  url_background: z.string().max(2000).optional().catch(undefined),
  platforms: z.array(z.string()).optional().catch(undefined),
  blocked_countries: z.array(z.string()).optional().catch(undefined),
  /** Given by some aggregators: the game's return to player, in percent. */
  rtp: z.number().min(0).max(100).optional().catch(undefined),
});
export const CaletaGameList = z.array(CaletaListedGame);

/** /api/game/round's answer: the address of the round's details at the provider. */
export const CaletaRoundAnswer = z.object({ url: z.url({ protocol: /^https?$/ }).max(2000) });

export type CaletaListedGame = z.infer<typeof CaletaListedGame>;
