import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Brand, getBrand, setBrandSetting } from '../brand/brand.service';
import { cachedRegionVerdicts } from './region';

// The region verdict is cached per address (region.ts); a rule change, made here or by another
// node, applies to a cached address from the next request. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL (where the other node's change arrives through NOTIFY).

let t: TestApp;
let seeded: Brand;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await getBrand(t.ctx.db);
  // The site's watch starts with the first guarded request; once the bus listens (a watch of our
  // own resolves then), the start's clearing of every cache is behind us.
  await codeFor(VISITOR);
  (await t.ctx.events.watchInvalidations(() => undefined))();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await setBrandSetting(t.ctx.db, 'regionRestriction', seeded.regionRestriction);
});

const VISITOR = '8.8.8.8';
const rangeRules = (blockedCidrs: string[]) => ({
  enabled: true,
  blockedCountries: [],
  allowedCidrs: [],
  blockedCidrs,
});

// A guarded route: the region check runs before authentication, so a visitor who may enter is
// asked to log in (401) and a refused one is refused (403).
async function codeFor(remoteAddress: string) {
  const res = await t.app.inject({ method: 'GET', url: '/wps/member/info', remoteAddress });
  return (res.json() as { code?: string }).code;
}

describe('the cached region verdict', () => {
  it('serves a repeat visit from the cache and follows a rule change made on this node at once', async () => {
    await setBrandSetting(t.ctx.db, 'regionRestriction', rangeRules(['81.2.69.0/24']));
    expect(await codeFor(VISITOR)).toBe('AUTH_REQUIRED');
    expect(await codeFor('81.2.69.142')).toBe('REGION_RESTRICTED');
    const cached = cachedRegionVerdicts();
    expect(cached).toBeGreaterThanOrEqual(2);
    expect(await codeFor(VISITOR)).toBe('AUTH_REQUIRED');
    expect(cachedRegionVerdicts()).toBe(cached);

    await setBrandSetting(t.ctx.db, 'regionRestriction', rangeRules(['8.8.8.0/24']));
    expect(await codeFor(VISITOR)).toBe('REGION_RESTRICTED');
    expect(await codeFor('81.2.69.142')).toBe('AUTH_REQUIRED');

    await setBrandSetting(t.ctx.db, 'regionRestriction', { ...rangeRules(['8.8.8.0/24']), enabled: false });
    expect(await codeFor(VISITOR)).toBe('AUTH_REQUIRED');
  });

  it("follows another node's rule change at once, as soon as its notice arrives", { tags: ['postgres'] }, async () => {
    await setBrandSetting(t.ctx.db, 'regionRestriction', rangeRules(['81.2.69.0/24']));
    expect(await codeFor(VISITOR)).toBe('AUTH_REQUIRED');
    expect(await codeFor(VISITOR)).toBe('AUTH_REQUIRED');
    // This node's brand and verdict are cached now. Another node (or psql) writes the rule straight
    // into the database: nothing in this process is told but the invalidation channel.
    let heard!: () => void;
    const notice = new Promise<void>((resolve) => {
      heard = resolve;
    });
    // Registered after the site's own watch, so it is called after the caches were dropped.
    const stop = await t.ctx.events.watchInvalidations((payload) => {
      if (payload?.includes('"brand"')) heard();
    });
    try {
      const rules = JSON.stringify(rangeRules(['8.8.8.0/24']));
      await sql`UPDATE brand_settings SET value = ${rules}::jsonb WHERE key = 'regionRestriction'`.execute(t.ctx.db);
      await notice;
      expect(await codeFor(VISITOR)).toBe('REGION_RESTRICTED');
    } finally {
      stop();
    }
  });

  it('tells a whitelabel switch change to every node too', { tags: ['postgres'] }, async () => {
    let heard!: () => void;
    const notice = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const stop = await t.ctx.events.watchInvalidations((payload) => {
      if (payload?.includes('"brand"')) heard();
    });
    try {
      await sql`UPDATE whitelabel_switches SET enabled = enabled WHERE mod_id = (SELECT min(mod_id) FROM whitelabel_switches)`.execute(
        t.ctx.db,
      );
      await notice;
    } finally {
      stop();
    }
  });
});
