import { describe, expect, it } from 'vitest';
import { roundSignalOf } from './round-signal';

describe('roundSignalOf', () => {
  it('reads only the round signal', () => {
    expect(roundSignalOf({ type: 'gamehall:round', presenting: true })).toBe(true);
    expect(roundSignalOf({ type: 'gamehall:round', presenting: false })).toBe(false);
    expect(roundSignalOf({ type: 'gamehall:round', presenting: 'yes' })).toBeUndefined();
    expect(roundSignalOf({ type: 'other', presenting: true })).toBeUndefined();
    expect(roundSignalOf('gamehall:round')).toBeUndefined();
    expect(roundSignalOf(null)).toBeUndefined();
  });
});
