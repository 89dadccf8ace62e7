import { describe, expect, it } from 'vitest';
import { crashPoint, crashUniform, createHashChain } from '../casino/engines/crash/crash-engine';
import { createFairRng, hashServerSeed, outcomeBytes, STEP_CURSOR_STRIDE } from '../kit/fair';
import { verifyRound } from '../verify';
import { checkBlocks, crashRound, fairMessage, floatsOf, hmacWith, sha256Hex } from './fair-stream';

// The verifier page's own computation (WebCrypto, as in the browser) against the studio's stream
// (node:crypto): the page must reach the same bytes and floats from the seeds alone.

const serverSeed = '3f1c0b9e8d7a6f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6';

describe('fair stream in the browser', () => {
  it('computes the block, floats and seed hash the studio plays with', async () => {
    const sign = await hmacWith(serverSeed);
    for (const [clientSeed, nonce, cursor] of [
      ['client', 0, 0],
      ['Zx-9.a:b', 41, 1],
      ['c', 7, STEP_CURSOR_STRIDE * 3 + 2],
    ] as const) {
      const bytes = await sign(fairMessage(clientSeed, nonce, cursor));
      expect(Buffer.from(bytes).equals(outcomeBytes(serverSeed, clientSeed, nonce, cursor))).toBe(true);
    }
    // The first floats of a step are the first block's.
    const rng = createFairRng(serverSeed, 'client', 5, 2);
    const floats = floatsOf(await sign(fairMessage('client', 5, 2 * STEP_CURSOR_STRIDE)));
    expect(floats).toEqual(Array.from({ length: 8 }, () => rng.next()));
    expect(await sha256Hex(serverSeed)).toBe(hashServerSeed(serverSeed));
  });

  it("confirms the server's blocks of a verified round and flags a block that is not the stream", async () => {
    const input = { serverSeed, clientSeed: 'client', nonce: 12 };
    const v = verifyRound({ ...input, gameCode: 'SLOT-00001', vendor: 'AG', bet: undefined });
    expect(v.blocks.length).toBeGreaterThan(0);
    expect(v.blocks[0]).toMatchObject({ step: 0, cursor: 0, message: 'client:12:0' });
    const checks = await checkBlocks(input, v.blocks);
    expect(checks.map((c) => c.matches)).toEqual(v.blocks.map(() => true));
    // A server that replayed other floats, or another message form, is caught.
    const [first, ...rest] = v.blocks;
    if (!first) throw new Error('no block');
    const tampered = [{ ...first, floats: [0.5, ...first.floats.slice(1)] }, ...rest];
    expect((await checkBlocks(input, tampered))[0]?.matches).toBe(false);
    const otherForm = [{ ...first, message: 'client:12' }, ...rest];
    expect((await checkBlocks(input, otherForm))[0]?.matches).toBe(false);
    // Another client seed typed by the player gives other bytes than the server's.
    expect((await checkBlocks({ ...input, clientSeed: 'other' }, v.blocks)).every((c) => !c.matches)).toBe(true);
  });

  it('recomputes a crash round and its chain link as the studio does', async () => {
    const chain = createHashChain('browser crash seed', 200);
    for (let i = 0; i < chain.rounds.length; i++) {
      const hash = chain.rounds[i]!;
      const previous = i === 0 ? chain.terminatingHash : chain.rounds[i - 1]!;
      const r = await crashRound(hash, 'gamehall-crash-v1', previous);
      expect(r).toEqual({ x: crashUniform(hash), crashPoint: crashPoint(hash), linkMatches: true });
    }
    expect((await crashRound(chain.rounds[1]!, 'gamehall-crash-v1', chain.terminatingHash)).linkMatches).toBe(false);
    expect((await crashRound(chain.rounds[0]!, 'gamehall-crash-v1', null)).linkMatches).toBeNull();
  });
});
