import { PERMISSIONS } from '@gamehall/shared/api/permissions';
import { describe, expect, it } from 'vitest';
import operators from '../../locales/en/operators.json';

// The roles screen names every permission by its label (roles-page.tsx `permission.<name>`); a
// permission added to the shared list without one would show its raw key.
describe('permission labels', () => {
  it('name every permission the server knows', () => {
    const labels = operators.permission as Record<string, string>;
    expect(PERMISSIONS.filter((p) => !labels[p]?.trim())).toEqual([]);
  });
});
