import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Challenge, solveChallenge } from './challenge';

// The solver against node's own SHA-256: the counter it answers is the first whose key, hashed
// `cost` times over salt || nonce || counter (uint32, big-endian), starts with the prefix.

function keyOf(salt: string, nonce: string, counter: number, cost: number): Buffer {
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  let key = createHash('sha256')
    .update(Buffer.concat([Buffer.from(salt, 'hex'), Buffer.from(nonce, 'hex'), counterBytes]))
    .digest();
  for (let i = 1; i < cost; i++) key = createHash('sha256').update(key).digest();
  return key;
}

function challengeFor(counter: number, prefixChars: number, cost = 1) {
  const salt = randomBytes(16).toString('hex');
  const nonce = randomBytes(16).toString('hex');
  const keyPrefix = keyOf(salt, nonce, counter, cost).toString('hex').slice(0, prefixChars);
  const challenge: Challenge = {
    parameters: { algorithm: 'SHA-256', nonce, salt, cost, keyLength: 32, keyPrefix },
    signature: 'signed by the server',
  };
  return { challenge, salt, nonce, keyPrefix };
}

function firstMatch(salt: string, nonce: string, prefix: string, cost: number): number {
  for (let counter = 0; ; counter++)
    if (keyOf(salt, nonce, counter, cost).toString('hex').startsWith(prefix)) return counter;
}

async function solved(challenge: Challenge) {
  const payload = JSON.parse(atob(await solveChallenge(challenge))) as {
    challenge: Challenge;
    solution: { counter: number; derivedKey: string; time: number };
  };
  expect(payload.challenge).toEqual(challenge);
  return payload.solution;
}

describe('solveChallenge', () => {
  it.each([
    { what: 'an even prefix', counter: 6_000, prefixChars: 4, cost: 1 },
    { what: 'an odd prefix', counter: 3_000, prefixChars: 3, cost: 1 },
    { what: 'a cost of two', counter: 2_000, prefixChars: 4, cost: 2 },
  ])('answers the first counter whose key has the prefix: $what', async ({ counter, prefixChars, cost }) => {
    const { challenge, salt, nonce, keyPrefix } = challengeFor(counter, prefixChars, cost);
    const solution = await solved(challenge);
    expect(solution.counter).toBe(firstMatch(salt, nonce, keyPrefix, cost));
    expect(solution.derivedKey).toBe(keyOf(salt, nonce, solution.counter, cost).toString('hex'));
    expect(solution.derivedKey.startsWith(keyPrefix)).toBe(true);
  });

  it('matches an upper-case prefix as the server compares it', async () => {
    const { challenge, salt, nonce, keyPrefix } = challengeFor(1_000, 4);
    challenge.parameters.keyPrefix = keyPrefix.toUpperCase();
    expect((await solved(challenge)).counter).toBe(firstMatch(salt, nonce, keyPrefix, 1));
  });

  it('lets other work run while it hashes', async () => {
    // A prefix of six characters whose first match is 100,000 counters or more in: many slices.
    let made = challengeFor(200_000, 6);
    while (firstMatch(made.salt, made.nonce, made.keyPrefix, 1) < 100_000) made = challengeFor(200_000, 6);
    const { challenge } = made;
    let ranMeanwhile = false;
    let done = false;
    setTimeout(() => {
      ranMeanwhile = !done;
    }, 0);
    await solved(challenge);
    done = true;
    expect(ranMeanwhile).toBe(true);
  });

  it('refuses an algorithm the server never issues', async () => {
    const { challenge } = challengeFor(10, 2);
    challenge.parameters.algorithm = 'SHA-512';
    await expect(solveChallenge(challenge)).rejects.toThrow('SHA-512');
  });
});
