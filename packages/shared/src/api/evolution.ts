import { z } from 'zod';

// Evolution's One Wallet API as the platform serves it to Evolution (docs/game-providers.md,
// "Evolution"). Field names are the provider's own. Amounts are decimal numbers in the currency's
// unit (10.5 is ten and a half). Only the fields the wallet reads are checked; Evolution may send
// more, which are ignored.

/** The statuses the wallet answers with: OK, or why nothing (more) changed. */
export const EVOLUTION_STATUSES = [
  'OK',
  'TEMPORARY_ERROR',
  'UNKNOWN_ERROR',
  'INVALID_SID',
  'INVALID_TOKEN_ID',
  'INVALID_PARAMETER',
  'INSUFFICIENT_FUNDS',
  'BET_ALREADY_SETTLED',
  'BET_DOES_NOT_EXIST',
  'BET_ALREADY_EXIST',
] as const;
export type EvolutionStatus = (typeof EVOLUTION_STATUSES)[number];

const Text = (max: number) => z.string().min(1).max(max);
/** An amount as Evolution writes it; its sign and its fit to the currency's cents are checked apart. */
const Amount = z.number().finite().min(-1e12).max(1e12);

const base = {
  sid: Text(512),
  userId: Text(64),
  uuid: z.string().max(128).optional(),
};

/** The table the call is about; its id is the game's code in the catalogue. */
const EvolutionGame = z.object({
  /** Evolution's game round. */
  id: Text(64),
  type: z.string().max(64).optional(),
  details: z.object({ table: z.object({ id: Text(128), vid: z.string().max(128).nullish() }) }),
});

const EvolutionTransaction = z.object({
  /** This transaction's own id (a debit's; a cancel names the debit it reverses). */
  id: Text(64),
  /** The bet: a debit and the credit or cancel that settles it share it. */
  refId: Text(64),
  amount: Amount,
});

export const EvolutionCheckBody = z.object({ ...base, channel: z.object({ type: z.string().max(16) }).optional() });

export const EvolutionBalanceBody = z.object({ ...base, currency: Text(16), game: z.unknown().optional() });

export const EvolutionMoneyBody = z.object({
  ...base,
  currency: Text(16),
  game: EvolutionGame,
  transaction: EvolutionTransaction,
});

export const EvolutionPromoBody = z.object({
  ...base,
  currency: Text(16),
  game: EvolutionGame,
  promoTransaction: z.object({
    type: z.string().max(64).optional(),
    id: Text(64),
    amount: Amount,
    voucherId: z.string().max(128).nullish(),
    remainingRounds: z.number().int().nullish(),
  }),
});

/** Every money and balance call's answer; the balance is the player's, also with a refusal. */
export const EvolutionStandardResponse = z.object({
  status: z.enum(EVOLUTION_STATUSES),
  balance: z.number(),
  /** Always 0: the balance is what the player can stake, bonus money included (the docs say why). */
  bonus: z.number(),
  uuid: z.string().optional(),
  /** Set on a status Evolution should send again (TEMPORARY_ERROR). */
  retransmission: z.boolean().optional(),
});

/** /check's answer: the sid Evolution uses from now on (the launch sid no longer stakes). */
export const EvolutionCheckResponse = z.object({
  status: z.enum(EVOLUTION_STATUSES),
  sid: z.string().optional(),
  uuid: z.string().optional(),
});

export type EvolutionCheckBody = z.infer<typeof EvolutionCheckBody>;
export type EvolutionBalanceBody = z.infer<typeof EvolutionBalanceBody>;
export type EvolutionMoneyBody = z.infer<typeof EvolutionMoneyBody>;
export type EvolutionPromoBody = z.infer<typeof EvolutionPromoBody>;
export type EvolutionStandardResponse = z.infer<typeof EvolutionStandardResponse>;
export type EvolutionCheckResponse = z.infer<typeof EvolutionCheckResponse>;

/** Evolution's User Authentication API's answer: the entry address on its host (path or absolute). */
export const EvolutionUaAnswer = z.object({
  entry: z.string().min(1).max(4000),
  entryEmbedded: z.string().max(4000).optional(),
});
