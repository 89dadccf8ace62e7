import { createHash } from 'node:crypto';

// How a player is named to other players at a shared table, a crash round or a card room.

/** Letters and digits that cannot be misread for each other in a name tag. */
const TAG_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A player as other players see them: a name tag ('Player K7QF') that tells players apart and
 * gives nothing of the account away. The platform's player ids are member numbers, so a mask of
 * their digits ('2***') would read as a code, not a name, and show part of the number.
 */
export function maskPlayer(player: string): string {
  const trial = player.startsWith('trial:');
  const digest = createHash('sha256').update(`gamehall-table-name:${player}`).digest();
  let tag = '';
  for (let i = 0; i < 4; i++) tag += TAG_ALPHABET[(digest[i] ?? 0) % TAG_ALPHABET.length];
  return `${trial ? 'Guest' : 'Player'} ${tag}`;
}
