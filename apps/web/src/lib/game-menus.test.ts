import {
  GAME_MENU_CATEGORY_ORDER as SHARED_ORDER,
  vendorIconUrl as sharedIconUrl,
} from '@gamehall/shared/api/catalogue';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { GAME_MENU_CATEGORY_ORDER, vendorIconUrl } from './art';
import { brandSupportsTy, navigationCategories, vendorDisplayName, vendorNames } from './game-menus';
import { pickLanguage } from './language';

const vendor = (vassalage: string, name = vassalage) => ({
  vassalage,
  name,
  lagerIcon: '',
  accountTypeName: '',
  isGame: null,
  gameCount: 1,
  playableCount: 1,
  maintenance: false,
});

describe('navigation categories (spec §2, §4)', () => {
  const menus = [
    { gameCategory: 'SPORTS', vendors: [vendor('BTI', '123BET')] },
    { gameCategory: 'FISH', vendors: [] },
    { gameCategory: 'ELOTT', vendors: [vendor('ELOTT', 'E-Lottery')] },
    { gameCategory: 'RNG', vendors: [vendor('JILI', 'JILI')] },
    { gameCategory: 'ELOTT', vendors: [vendor('TCG_SEA', ''), vendor('ELOTT', 'E-Lottery')] },
  ];

  it("keeps the categories that have vendors, in the server's menu order, each once with its vendors once", () => {
    const nav = navigationCategories(menus);
    expect(nav.map((c) => c.gameCategory)).toEqual(['SPORTS', 'ELOTT', 'RNG']);
    expect(nav.find((c) => c.gameCategory === 'ELOTT')?.vendors.map((v) => v.vassalage)).toEqual(['ELOTT', 'TCG_SEA']);
  });

  it("leaves names and categories as the server gave them (no renaming by the reader's language)", () => {
    const lott = [{ gameCategory: 'LOTT', vendors: [vendor('TCG_SEA', 'TCG SEA Lotto')] }];
    expect(navigationCategories(lott)).toEqual(lott);
  });

  it("takes the TY rules from the brand's supported languages", () => {
    expect(brandSupportsTy(['EN', 'TY'])).toBe(true);
    expect(brandSupportsTy(['en', 'ty'])).toBe(true);
    expect(brandSupportsTy(['EN'])).toBe(false);
    expect(brandSupportsTy(undefined)).toBe(false);
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

describe('vendor names for players (spec §4 TY blanks TCG names)', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const t = i18n.getFixedT('en');

  it('shows a blanked lottery vendor by a neutral label, never blank or its code', () => {
    expect(vendorDisplayName('TCG_LOTTO_VN', '', t)).toBe('Vietnam lottery');
    expect(vendorDisplayName('TCG_SEA', '', t)).toBe('SEA lottery');
    expect(vendorDisplayName('TCG_OTHER', ' ', t)).toBe('Provider');
    expect(vendorDisplayName('LOTT', 'Lantern Lotto', t)).toBe('Lantern Lotto');
  });

  it('maps the menu vendors to the names players read', () => {
    const names = vendorNames(
      [
        { gameCategory: 'ELOTT', vendors: [vendor('TCG_LOTTO_VN', ''), vendor('LOTT', 'Lantern Lotto')] },
        { gameCategory: 'LOTT', vendors: [vendor('TCG_SEA', '')] },
      ],
      t,
    );
    expect(Object.fromEntries(names)).toEqual({
      TCG_LOTTO_VN: 'Vietnam lottery',
      LOTT: 'Lantern Lotto',
      TCG_SEA: 'SEA lottery',
    });
  });
});
