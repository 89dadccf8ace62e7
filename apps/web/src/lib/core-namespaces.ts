/**
 * The English namespaces the first chunk carries: the site shell, the home page and the account
 * modals. Every other namespace (game tiles and pages, member-centre pages, later areas) comes with
 * the full English file, loaded before any route other than home renders and before the home
 * page's game sections (the only tiles on home) render (ui-guide budget: the
 * home page's initial JavaScript stays under 150 KiB gzipped as the site grows). Top-level
 * message keys (`in_need_true_account`, ...) are always in the first chunk.
 */
export const CORE_NAMESPACES = [
  'common',
  'nav',
  'header',
  'languages',
  'categories',
  'auth',
  'validation',
  'register',
  'errors',
  'site',
  'side',
  'footer',
  'home',
  'member',
];

/** The part of a locale tree the first chunk ships (used by the build). */
export function coreStrings(tree: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).filter(([key, value]) => typeof value === 'string' || CORE_NAMESPACES.includes(key)),
  );
}
