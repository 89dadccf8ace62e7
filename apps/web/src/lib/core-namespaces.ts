/**
 * The English namespaces the first chunk carries: the site shell, the home page, the account
 * modals and the game tiles. Every other namespace (member-centre pages, later areas) comes with
 * the full English file, loaded before any route other than home renders (ui-guide budget: the
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
  'games',
  'member',
];

/** The part of a locale tree the first chunk ships (used by the build). */
export function coreStrings(tree: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).filter(([key, value]) => typeof value === 'string' || CORE_NAMESPACES.includes(key)),
  );
}
