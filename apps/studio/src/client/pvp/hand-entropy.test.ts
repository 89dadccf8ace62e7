import { describe, expect, it } from 'vitest';
import { freshEntropy, HandEntropy } from './hand-entropy';

const view = (hash: string, seat: number | null, clientSeed: string | null = null) => ({
  nextServerSeedHash: hash,
  you: { seat, clientSeed },
});

describe("a card table page's part of each hand's deck", () => {
  it('is fresh random from the browser for every commitment, sent once each, only when seated', () => {
    const values = ['v1', 'v2', 'v3'];
    const e = new HandEntropy(() => values.shift()!);
    expect(e.due(view('h1', null))).toBeNull();
    expect(e.due(view('h1', 2))).toEqual({ hash: 'h1', value: 'v1' });
    expect(e.due(view('h1', 2))).toBeNull();
    expect(e.due(view('h2', 2))).toEqual({ hash: 'h2', value: 'v2' });
    // A failed send is sent again with the next view, with a new value.
    e.failed('h2');
    expect(e.due(view('h2', 2))).toEqual({ hash: 'h2', value: 'v3' });
  });

  it("is the player's own seed when they set one", () => {
    const e = new HandEntropy(() => 'random');
    expect(e.due(view('h1', 0, 'alice-seed'))).toEqual({ hash: 'h1', value: 'alice-seed' });
    e.reset();
    expect(e.due(view('h1', 0, 'bob'))).toEqual({ hash: 'h1', value: 'bob' });
  });

  it('makes 128 bits as 32 hex digits, from the generator it is given', () => {
    expect(freshEntropy((b) => b.fill(171))).toBe('ab'.repeat(16));
    expect(freshEntropy()).toMatch(/^[0-9a-f]{32}$/);
    expect(freshEntropy()).not.toBe(freshEntropy());
  });
});
