import { describe, expect, it } from 'vitest';
import { rtpText } from './game-sheet';

describe('rtpText', () => {
  it("shows the studio's fraction as a percentage to two decimals at most, without trailing zeros", () => {
    expect(rtpText(0.9612)).toBe('96.12%');
    expect(rtpText(0.965)).toBe('96.5%');
    expect(rtpText(0.97)).toBe('97%');
    // 0.9402 * 100 is 94.02000000000001 in floating point: the text stays the declared figure.
    expect(rtpText(0.9402)).toBe('94.02%');
  });
});
