// A slot round as the benches play it at the platform's vendor wallet API (bench/players.ts,
// vendor.ts, workers.ts): a bet, then the win that closes the round, each one signed call.

/** One signed vendor wallet call (the bench's own transport); throws unless the answer is OK. */
export type VendorCall = (path: 'bet' | 'win', body: Record<string, unknown>) => Promise<void>;

/**
 * Round `n` of loop `worker` for player `p`: a bet of 100 to 999 (spread over loops and rounds), then
 * its closing win, twice the bet every third round and nothing otherwise. `ids` name the round and
 * its two transactions (each bench its own prefixes, so runs never repeat one).
 */
export async function playVendorRound(
  call: VendorCall,
  p: { id: number; token: string },
  game: { gameCode: string; currency: string },
  ids: { round: string; bet: string; win: string },
  worker: number,
  n: number,
): Promise<void> {
  const amount = 100 + ((worker * 7 + n) % 900);
  await call('bet', {
    token: p.token,
    player: String(p.id),
    gameCode: game.gameCode,
    roundId: ids.round,
    transactionId: ids.bet,
    amount,
    currency: game.currency,
  });
  await call('win', {
    player: String(p.id),
    gameCode: game.gameCode,
    roundId: ids.round,
    transactionId: ids.win,
    betTransactionId: ids.bet,
    amount: n % 3 === 0 ? amount * 2 : 0,
    currency: game.currency,
    roundClosed: true,
  });
}
