// The pages a licensed site shows, as the footer links them: /legal/<slug>. Mirrors LEGAL_SLUGS of
// packages/shared/src/api/legal.ts (importing it would put zod in the home page's first chunk);
// legal-links.test.ts keeps the two in step.
export const LEGAL_LINKS = [
  { slug: 'terms', key: 'legal.links.terms' },
  { slug: 'privacy', key: 'legal.links.privacy' },
  { slug: 'responsible-gaming', key: 'legal.links.responsible' },
  { slug: 'bonus-terms', key: 'legal.links.bonus' },
  { slug: 'cookies', key: 'legal.links.cookies' },
  { slug: 'about', key: 'legal.links.about' },
  { slug: 'licence', key: 'legal.links.licence' },
] as const;

export type LegalSlug = (typeof LEGAL_LINKS)[number]['slug'];

export function legalPath(slug: LegalSlug): string {
  return `/legal/${slug}`;
}
