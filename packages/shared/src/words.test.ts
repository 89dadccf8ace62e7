import { describe, expect, it } from 'vitest';
import { countWords } from './words';

describe('countWords', () => {
  it('counts words in spaced and unspaced scripts, not punctuation, spaces or emoji', () => {
    expect(countWords('Please add more card games.')).toBe(5);
    expect(countWords('Juan Dela-Cruz, 2 bets!! 🎲🎲')).toBe(5);
    expect(countWords('  ...  ')).toBe(0);
    expect(countWords('x'.repeat(40))).toBe(1);
    // No spaces between words: the dictionaries find them.
    expect(countWords('请添加更多的纸牌游戏')).toBeGreaterThan(3);
    expect(countWords('กรุณาเพิ่มเกมไพ่เพิ่มเติม')).toBeGreaterThan(3);
  });
});
