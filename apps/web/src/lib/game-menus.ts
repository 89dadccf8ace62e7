import type { GameMenus } from '@gamehall/shared/api/catalogue';
import { GAME_MENU_CATEGORY_ORDER } from './art';

/** spec §9: the header drop menu shows at most 13 vendors, then a "more" tile. */
export const DROP_MENU_VENDORS = 13;

/**
 * spec §2 navigation: categories that have vendors, in the menu order; spec §4 TY rules: vendor
 * codes starting with TCG are blanked, BTI shows as 123BET and LOTT as ELOTT.
 */
export function navigationCategories(menus: GameMenus, language: string): GameMenus {
  const rank = (c: string) => {
    const i = (GAME_MENU_CATEGORY_ORDER as readonly string[]).indexOf(c);
    return i === -1 ? GAME_MENU_CATEGORY_ORDER.length : i;
  };
  const ty = language.toUpperCase() === 'TY';
  return menus
    .filter((c) => c.vendors.length > 0)
    .map((c) => ({
      gameCategory: ty && c.gameCategory === 'LOTT' ? 'ELOTT' : c.gameCategory,
      vendors: ty
        ? c.vendors.map((v) => ({
            ...v,
            name: v.vassalage.startsWith('TCG') ? '' : v.vassalage === 'BTI' ? '123BET' : v.name,
          }))
        : c.vendors,
    }))
    .sort((a, b) => rank(a.gameCategory) - rank(b.gameCategory));
}
