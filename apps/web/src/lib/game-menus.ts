import type { GameMenus } from '@gamehall/shared/api/catalogue';
import type { TFunction } from 'i18next';

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
 * spec §2 navigation: categories that have vendors, in the menu order the server gives (the
 * operators set it in the back office's game menus). The server's menu already
 * applies the brand's rules (TY: LOTT merged into ELOTT, TCG names blanked, BTI as 123BET; the
 * SPORTS split), so the site never renames a category by the reader's language. A category listed
 * twice is merged (one key, one menu entry), a vendor kept once in it.
 */
export function navigationCategories(menus: GameMenus): GameMenus {
  const merged = new Map<string, GameMenus[number]['vendors']>();
  for (const c of menus) {
    const vendors = merged.get(c.gameCategory) ?? [];
    for (const v of c.vendors) if (!vendors.some((x) => x.vassalage === v.vassalage)) vendors.push(v);
    merged.set(c.gameCategory, vendors);
  }
  return [...merged]
    .filter(([, vendors]) => vendors.length > 0)
    .map(([gameCategory, vendors]) => ({ gameCategory, vendors }));
}

/**
 * A vendor's name for players. spec §4 TY rules blank TCG vendor names (the server does); a menu
 * entry, filter or record still needs words, so a neutral label stands in: games.vendorLabel.<code>
 * ("Vietnam lottery"), else the word for a provider. Never the code.
 */
export function vendorDisplayName(vassalage: string, name: string | null | undefined, t: TFunction): string {
  if (name?.trim()) return name;
  return t(`games.vendorLabel.${vassalage}`, { defaultValue: t('games.vendor') });
}

/** Vendor code -> display name, from the navigation menus (TY rules already applied by the server). */
export function vendorNames(menus: GameMenus | undefined, t: TFunction): Map<string, string> {
  const names = new Map<string, string>();
  for (const category of menus ?? [])
    for (const v of category.vendors)
      if (!names.has(v.vassalage)) names.set(v.vassalage, vendorDisplayName(v.vassalage, v.name, t));
  return names;
}
