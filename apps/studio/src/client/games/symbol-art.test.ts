import { describe, expect, it } from 'vitest';
import { SLOT_THEMES } from '../../engines';
import { symbolLabels } from './symbol-art';

// The drawn slot symbols carry a two-letter label: within one game no two symbols may share one.
describe('slot symbol labels', () => {
  it('are distinct and at most two characters in every theme', () => {
    for (const theme of SLOT_THEMES) {
      const labels = symbolLabels(theme.regular.map((s) => s.name));
      expect(new Set(labels).size, theme.id).toBe(labels.length);
      for (const l of labels) expect(l, theme.id).toMatch(/^[A-Z0-9]{1,2}$/);
    }
    expect(symbolLabels(['Saturn', 'Satellite', 'Sax', 'Red Envelope'])).toEqual(['SA', 'ST', 'SX', 'RE']);
  });
});
