import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBrandSetting } from '../modules/brand/brand.service';
import { createTestApp, type TestApp } from '../test/harness';
import { injectEncrypted } from '../test/jwe';
import { nextIp, uniqueUsername, useTestRules } from '../test/registration-setup';
import { seed } from './seed';

// On a first start the site takes registrations from its first second (no 403 FEATURE_DISABLED).
// The seed reads the brand (cached for two seconds) before its transaction writes the whitelabel
// switches, so a site up within those seconds would serve a brand with no registration switch on;
// the seed drops the cached brand once its writes are committed.

describe('the first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await useTestRules(t.ctx.db);
  });
  afterAll(() => t?.close());

  it('accepts a registration the moment the seed is done', async () => {
    // A database whose switches the seed has still to write, as on a first start.
    await sql`DELETE FROM whitelabel_switches WHERE mod_id = 'USERNAMEREG3'`.execute(t.ctx.db);
    // (setBrandSetting also empties the brand cache, so the seed reads the brand without the switch.)
    await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
    await seed(t.ctx, { demo: true, catalogueSlots: t.ctx.config.catalogueSlots });

    const username = uniqueUsername();
    const res = await injectEncrypted(t.app, {
      method: 'PUT',
      url: '/wps/member/register',
      remoteAddress: nextIp(),
      body: {
        username,
        password: 'Secret@123',
        confirmPassword: 'Secret@123',
        ageConfirmed: true,
        termsAccepted: true,
        privacyAccepted: true,
        login: true,
        registerMethod: 'WEB',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.ctx.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirst();
    expect(row).toBeDefined();
  });
});
