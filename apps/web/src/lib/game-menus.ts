import type { GameMenus } from '@gamehall/shared/api/catalogue';
import { GAME_MENU_CATEGORY_ORDER } from './art';

/** spec §9: the header drop menu shows at most 13 vendors, then a "more" tile. */
export const DROP_MENU_VENDORS = 13;

/**
 * spec §4 "When TY is supported": the brand's support (its configured supportedLanguages), never
 * the language the visitor reads, switches the TY rules on, as on the server (games/categories.ts).
 */
export function brandSupportsTy(supportedLanguages: readonly string[] | undefined): boolean {
  return (supportedLanguages ?? []).some((l) => l.toUpperCase() === 'TY');
}

/**
 * spec §2 navigation: categories that have vendors, in the menu order. The server's menu already
 * applies the brand's rules (TY: LOTT merged into ELOTT, TCG names blanked, BTI as 123BET; the
 * SPORTS split), so the site never renames a category by the reader's language. A category listed
 * twice is merged (one key, one menu entry), a vendor kept once in it.
 */
export function navigationCategories(menus: GameMenus): GameMenus {
  const rank = (c: string) => {
    const i = (GAME_MENU_CATEGORY_ORDER as readonly string[]).indexOf(c);
    return i === -1 ? GAME_MENU_CATEGORY_ORDER.length : i;
  };
  const merged = new Map<string, GameMenus[number]['vendors']>();
  for (const c of menus) {
    const vendors = merged.get(c.gameCategory) ?? [];
    for (const v of c.vendors) if (!vendors.some((x) => x.vassalage === v.vassalage)) vendors.push(v);
    merged.set(c.gameCategory, vendors);
  }
  return [...merged]
    .filter(([, vendors]) => vendors.length > 0)
    .map(([gameCategory, vendors]) => ({ gameCategory, vendors }))
    .sort((a, b) => rank(a.gameCategory) - rank(b.gameCategory));
}
