import {
  GAME_MENU_CATEGORY_ORDER as SHARED_ORDER,
  vendorIconUrl as sharedIconUrl,
} from '@gamehall/shared/api/catalogue';
import { describe, expect, it } from 'vitest';
import { GAME_MENU_CATEGORY_ORDER, vendorIconUrl } from './art';
import { navigationCategories } from './game-menus';
import { pickLanguage } from './language';

const vendor = (vassalage: string, name = vassalage) => ({
  vassalage,
  name,
  lagerIcon: '',
  accountTypeName: '',
  isGame: null,
  gameCount: 1,
});

describe('navigation categories (spec §2, §4)', () => {
  const menus = [
    { gameCategory: 'SPORTS', vendors: [vendor('BTI', 'BTi Sports')] },
    { gameCategory: 'FISH', vendors: [] },
    { gameCategory: 'LOTT', vendors: [vendor('TCG_LOTTO_VN', 'TCG Lotto')] },
    { gameCategory: 'RNG', vendors: [vendor('JL', 'JILI')] },
  ];

  it('keeps the categories that have vendors, in menu order', () => {
    expect(navigationCategories(menus, 'EN').map((c) => c.gameCategory)).toEqual(['RNG', 'SPORTS', 'LOTT']);
  });

  it('applies the TY rules: TCG names blanked, BTI as 123BET, LOTT as ELOTT', () => {
    const ty = navigationCategories(menus, 'TY');
    expect(ty.map((c) => c.gameCategory)).toEqual(['RNG', 'SPORTS', 'ELOTT']);
    expect(ty.find((c) => c.gameCategory === 'SPORTS')?.vendors[0]?.name).toBe('123BET');
    expect(ty.find((c) => c.gameCategory === 'ELOTT')?.vendors[0]?.name).toBe('');
    expect(navigationCategories(menus, 'EN').find((c) => c.gameCategory === 'SPORTS')?.vendors[0]?.name).toBe(
      'BTi Sports',
    );
  });

  it('mirrors the shared catalogue constants (kept apart so zod stays out of the first chunk)', () => {
    expect(GAME_MENU_CATEGORY_ORDER).toEqual(SHARED_ORDER);
    expect(vendorIconUrl('A B')).toBe(sharedIconUrl('A B'));
  });
});

describe('language choice (spec §4)', () => {
  it('keeps a supported stored language in any case, else EN', () => {
    expect(pickLanguage('ty', ['EN', 'TY'])).toBe('TY');
    expect(pickLanguage('TY', ['EN'])).toBe('EN');
    expect(pickLanguage(null, ['EN', 'TY'])).toBe('EN');
    expect(pickLanguage('', ['EN', 'TY'])).toBe('EN');
  });
});
