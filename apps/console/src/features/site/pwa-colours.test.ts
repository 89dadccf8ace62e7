import { describe, expect, it } from 'vitest';
import { coloursOf, contrastRatio, isHexColour, PwaColoursSchema, textOn } from './pwa-colours';

describe('app colours', () => {
  it('takes #rrggbb only', () => {
    expect(isHexColour('#0f1320')).toBe(true);
    expect(isHexColour('#ABCDEF')).toBe(true);
    for (const bad of ['0f1320', '#0f132', '#0f13200', '#0g1320', 'red', '']) expect(isHexColour(bad)).toBe(false);
    const parsed = PwaColoursSchema.safeParse({ themeColor: '#000000', backgroundColor: 'blue', accentColor: '#fff' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0]).sort()).toEqual(['accentColor', 'backgroundColor']);
  });

  it("reads the brand's values, the default for a missing or malformed one", () => {
    expect(
      coloursOf([
        { key: 'themeColor', value: '#112233' },
        { key: 'accentColor', value: 'oops' },
        { key: 'siteName', value: 'x' },
      ]),
    ).toEqual({ themeColor: '#112233', backgroundColor: '#0f1320', accentColor: '#f2c14e' });
  });

  it('measures contrast as WCAG does and picks readable text', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(textOn('#0f1320')).toBe('#ffffff');
    expect(textOn('#f2c14e')).toBe('#000000');
  });
});
