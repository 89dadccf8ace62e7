import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { getBrand } from '../brand/brand.service';

/** The language of the second configuration (spec §1) that switches on the TY rules of spec §4. */
const TY = 'TY';
/** Bingo, the slot sub-category offered only when TY is supported (spec §3). */
export const BINGO = 'BG';

/**
 * What a response needs to know about the caller's brand and language. `ty`: the brand lists TY
 * among its supported languages (spec §4 "When TY is supported"), whatever language the caller
 * reads. The vendor lists are the brand's SPORTS split (spec §3 "configured name lists").
 */
export type View = {
  language: string;
  ty: boolean;
  esportsVendors: readonly string[];
  cockfightVendors: readonly string[];
  /** The brand's time zone, that a vendor's announced maintenance end is shown in. */
  timeZone: string;
};

export async function viewFor(
  ctx: AppContext,
  language: string | undefined,
  principal: Principal | null,
): Promise<View> {
  const brand = await getBrand(ctx.db);
  const ty = brand.supportedLanguages.includes(TY);
  const wanted = (language || principal?.language || brand.defaultLanguage).toUpperCase();
  return {
    language: brand.supportedLanguages.includes(wanted) ? wanted : brand.defaultLanguage,
    ty,
    esportsVendors: brand.esportsVendors,
    cockfightVendors: brand.cockfightVendors,
    timeZone: brand.timeZone,
  };
}

/** spec §4 Language: with TY, TCG vendor names are blanked and BTI is shown as 123BET. */
export function displayVendorName(view: View, vendorCode: string, name: string): string {
  if (!view.ty) return name;
  if (vendorCode.startsWith('TCG')) return '';
  if (vendorCode === 'BTI') return '123BET';
  return name;
}

type CategoryRules = Pick<View, 'ty' | 'esportsVendors' | 'cockfightVendors'>;

/**
 * The category a vendor's games of one game type show under: SPORTS cards of the brand's ESPORTS
 * and COCKFIGHT lists move to those categories (spec §3 "Vendor card"), and with TY LOTT becomes
 * ELOTT (spec §4). The one rule behind the navigation menu, the vendor lanes, the game list filter
 * and the lobby lookup, so a category the menu shows always lists and opens the same games.
 */
export function displayCategory(rules: CategoryRules, gameType: string, vendorCode: string): string {
  let category = gameType;
  if (category === 'SPORTS' && rules.esportsVendors.includes(vendorCode)) category = 'ESPORTS';
  else if (category === 'SPORTS' && rules.cockfightVendors.includes(vendorCode)) category = 'COCKFIGHT';
  if (rules.ty && category === 'LOTT') category = 'ELOTT';
  return category;
}

/**
 * The category a request names, as the rules show it: with TY a request for LOTT (an old link, the
 * route table's /lott) lists ELOTT, where those games are, instead of an empty page. A vendor
 * moved by the SPORTS split is not renamed here: /sports lists the brand's sports vendors only.
 */
export function requestedCategory(rules: CategoryRules, gameType: string): string {
  return rules.ty && gameType === 'LOTT' ? 'ELOTT' : gameType;
}

/** A short key of the rules, for caches of results that depend on them. */
export function categoryRulesKey(rules: CategoryRules): string {
  return `${rules.ty}|${rules.esportsVendors.join(',')}|${rules.cockfightVendors.join(',')}`;
}
