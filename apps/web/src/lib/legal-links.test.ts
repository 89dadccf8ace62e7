import { LEGAL_KINDS, LEGAL_SLUGS } from '@gamehall/shared/api/legal';
import { describe, expect, it } from 'vitest';
import { LEGAL_LINKS, legalPath } from './legal-links';

describe('legal links', () => {
  it('link every kind of legal page by the slug the shared API names, in its order', () => {
    expect(LEGAL_LINKS.map((l) => l.slug)).toEqual(LEGAL_KINDS.map((k) => LEGAL_SLUGS[k]));
    expect(LEGAL_LINKS.map((l) => l.key)).toEqual(LEGAL_KINDS.map((k) => `legal.links.${k}`));
  });

  it('are the routes registration links to', () => {
    expect(legalPath('terms')).toBe('/legal/terms');
    expect(legalPath('privacy')).toBe('/legal/privacy');
  });
});
