// Mirrors of packages/shared/src/api/catalogue.ts constants: that module builds zod schemas at
// load time, and importing it at run time would put zod in the home page's first chunk
// (ui-guide budget: 150 KiB gzip). lib/art.test.ts keeps the two in step.
export const GAME_MENU_CATEGORY_ORDER = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'JL',
] as const;

export function vendorIconUrl(code: string): string {
  return `/art/vendors/${encodeURIComponent(code)}.svg`;
}
