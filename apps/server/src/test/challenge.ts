import { type Challenge, solveChallenge as solve } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { App } from '../http/app-type';

/**
 * Fetches a proof-of-work challenge from GET /wps/verification/challenge and solves it the way the
 * browser does; returns the base64 ALTCHA payload a client sends as `challenge`.
 */
export async function solveChallenge(app: App): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/wps/verification/challenge' });
  if (res.statusCode !== 200) throw new Error(`challenge endpoint answered ${res.statusCode}: ${res.body}`);
  const challenge = (res.json() as { value: Challenge }).value;
  // Up to 50,000 hashes: seconds on a loaded machine, and the tests time the server, not this.
  const solution = await solve({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
