import { randomBytes } from 'node:crypto';
import { AdminLegalDocuments, AdminLegalVersionDetail, LegalPage, TermsStatus } from '@gamehall/shared/api/legal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LICENCE_NUMBER } from '../../seed/legal-seed';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, expectFailure } from '../cashier/cashier.fixtures';

// The legal pages through HTTP: versions an operator drafts and publishes (a published one never
// changes and stays readable), the player pages by language, and the terms a member accepts at
// sign-in, recorded with the version and time, with the money routes refusing until then.

let t: TestApp;
let editor: string;
const { member, operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  editor = (await operator(['content.write'])).token;
});
afterAll(() => t.close());

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function value<T>(res: Awaited<ReturnType<typeof api>>, schema: { parse: (v: unknown) => T }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json().value);
}

const page = async (url: string) => value(await api('GET', url), LegalPage);
const status = async (token: string) => value(await api('GET', '/wps/member/terms', token), TermsStatus);

/** Drafts, fills and publishes the next version of a kind; returns its number. */
async function publish(
  kind: string,
  texts: { language: string; title: string; body: string }[],
  acceptanceRequired = kind === 'terms',
) {
  const draft = await value(await api('POST', `/admin/legal/${kind}/draft`, editor), AdminLegalVersionDetail);
  await value(
    await api('PUT', `/admin/legal/versions/${draft.id}`, editor, {
      summary: 'Test change',
      acceptanceRequired,
      texts,
    }),
    AdminLegalVersionDetail,
  );
  const published = await value(
    await api('POST', `/admin/legal/versions/${draft.id}/publish`, editor),
    AdminLegalVersionDetail,
  );
  expect(published.status).toBe('published');
  return published;
}

const englishTerms = (n: string) => [
  { language: 'EN', title: `Terms ${n}`, body: `The terms, version ${n}.\n\n## Part\n- one` },
];

function deposit(token: string) {
  return api('POST', '/wps/cashier/deposit', token, {
    methodCode: 'BANK_TRANSFER',
    amount: 100,
    requestId: `req-${randomBytes(6).toString('hex')}`,
  });
}

async function slotNode() {
  const row = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('game_type', '=', 'RNG')
    .where('status', '=', 'active')
    .orderBy('node_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return Number(row.node_id);
}

describe('the player pages', () => {
  it('serves every seeded page in the reader language, else the brand default, with an honest demo licence', async () => {
    for (const kind of ['terms', 'privacy', 'responsible', 'bonus', 'cookies', 'about', 'licence']) {
      const en = await page(`/wps/legal/${kind}?language=EN`);
      expect(en).toMatchObject({ kind, version: 1, language: 'EN', current: true });
      expect(en.body.length).toBeGreaterThan(200);
    }
    expect((await page('/wps/legal/terms?language=TY')).language).toBe('TY');
    // No French text: the brand's default language is shown, and says so.
    expect((await page('/wps/legal/terms?language=FR')).language).toBe('EN');
    const licence = await page('/wps/legal/licence');
    expect(licence.body).toContain(DEMO_LICENCE_NUMBER);
    expect(licence.body).toMatch(/no gaming licence/i);
    const cookies = await page('/wps/legal/cookies');
    expect(cookies.body).toMatch(/no analytics and no marketing cookies/i);
    expectFailure(await api('GET', '/wps/legal/nonsense'), 400, 'VALIDATION_FAILED');
    expectFailure(await api('GET', '/wps/legal/terms/versions/99'), 404, 'CONTENT_NOT_FOUND');
  });
});

describe('versions in the back office', () => {
  it('needs content.write', async () => {
    const other = (await operator(['games.read'])).token;
    const m = (await member()).token;
    expectFailure(await api('GET', '/admin/legal'), 401, 'AUTH_REQUIRED');
    expectFailure(await api('GET', '/admin/legal', m), 403, 'AUTH_FORBIDDEN');
    expectFailure(await api('GET', '/admin/legal', other), 403, 'AUTH_FORBIDDEN');
    expectFailure(await api('POST', '/admin/legal/about/draft', other), 403, 'AUTH_FORBIDDEN');
    const overview = await value(await api('GET', '/admin/legal', editor), AdminLegalDocuments);
    expect(overview.list.map((d) => d.kind)).toEqual([
      'terms',
      'privacy',
      'responsible',
      'bonus',
      'cookies',
      'about',
      'licence',
    ]);
    expect(overview.list.every((d) => d.published?.version === 1 && d.draft === null)).toBe(true);
    expect(overview.languages).toEqual(['EN', 'TY']);
  });

  it('keeps every published version: a new one is a draft copied from the last, published, and the old one stays readable', async () => {
    const draft = await value(await api('POST', '/admin/legal/about/draft', editor), AdminLegalVersionDetail);
    expect(draft).toMatchObject({ version: 2, status: 'draft', acceptanceRequired: false });
    // Copied from version 1, so the operator edits what players read now.
    expect(draft.texts.map((x) => x.language)).toEqual(['EN', 'TY']);
    // Opening a draft again answers the open one.
    expect((await value(await api('POST', '/admin/legal/about/draft', editor), AdminLegalVersionDetail)).id).toBe(
      draft.id,
    );
    // Players still read version 1 while the draft is open.
    expect((await page('/wps/legal/about')).version).toBe(1);

    // Only languages the brand offers; publishing needs the default language.
    expectFailure(
      await api('PUT', `/admin/legal/versions/${draft.id}`, editor, {
        texts: [{ language: 'FR', title: 'À propos', body: 'Texte' }],
      }),
      400,
      'VALIDATION_FAILED',
    );
    await value(
      await api('PUT', `/admin/legal/versions/${draft.id}`, editor, {
        summary: 'Only Filipino',
        texts: [{ language: 'TY', title: 'Tungkol', body: 'Bagong teksto' }],
      }),
      AdminLegalVersionDetail,
    );
    const refused = await api('POST', `/admin/legal/versions/${draft.id}/publish`, editor);
    expectFailure(refused, 400, 'VALIDATION_FAILED');
    expect(refused.json().value.fields).toEqual({ texts: 'REQUIRED' });

    const saved = await value(
      await api('PUT', `/admin/legal/versions/${draft.id}`, editor, {
        summary: 'New contact details',
        acceptanceRequired: true,
        texts: [
          { language: 'EN', title: 'About us, v2', body: 'The second version.' },
          { language: 'TY', title: 'Tungkol sa amin, v2', body: 'Ang ikalawang bersyon.' },
        ],
      }),
      AdminLegalVersionDetail,
    );
    // Only the terms are accepted by members.
    expect(saved.acceptanceRequired).toBe(false);
    const published = await value(
      await api('POST', `/admin/legal/versions/${draft.id}/publish`, editor),
      AdminLegalVersionDetail,
    );
    expect(published).toMatchObject({ version: 2, status: 'published', summary: 'New contact details' });
    expect(published.publishedAt).not.toBeNull();

    const current = await page('/wps/legal/about?language=EN');
    expect(current).toMatchObject({ version: 2, title: 'About us, v2', current: true });
    expect(current.versions.map((v) => v.version)).toEqual([2, 1]);
    const old = await page('/wps/legal/about/versions/1?language=EN');
    expect(old).toMatchObject({ version: 1, current: false, title: 'About us' });

    // A published version never changes and is never deleted, by the API or by anyone else.
    expectFailure(
      await api('PUT', `/admin/legal/versions/${draft.id}`, editor, { texts: englishTerms('x') }),
      409,
      'LEGAL_VERSION_PUBLISHED',
    );
    expectFailure(await api('DELETE', `/admin/legal/versions/${draft.id}`, editor), 409, 'LEGAL_VERSION_PUBLISHED');
    expectFailure(
      await api('POST', `/admin/legal/versions/${draft.id}/publish`, editor),
      409,
      'LEGAL_VERSION_PUBLISHED',
    );
    await expect(
      t.ctx.db.updateTable('legal_texts').set({ body: 'rewritten' }).where('version_id', '=', draft.id).execute(),
    ).rejects.toThrow();
    await expect(t.ctx.db.deleteFrom('legal_versions').where('id', '=', draft.id).execute()).rejects.toThrow();

    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success', 'detail'])
      .where('event', 'like', 'legal.%')
      .orderBy('id')
      .execute();
    expect(audited.map((r) => `${r.event}:${r.success}`)).toEqual([
      'legal.draft:true',
      'legal.draft:true',
      'legal.save:false',
      'legal.save:true',
      'legal.publish:false',
      'legal.save:true',
      'legal.publish:true',
      'legal.save:false',
      'legal.discard:false',
      'legal.publish:false',
    ]);
    const publishRow = audited[6]!;
    const detail = (typeof publishRow.detail === 'string' ? JSON.parse(publishRow.detail) : publishRow.detail) as {
      after: { version: number; status: string; texts: { language: string; sha256: string }[] };
    };
    expect(detail.after).toMatchObject({ version: 2, status: 'published' });
    expect(detail.after.texts[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('discards a draft it never published', async () => {
    const draft = await value(await api('POST', '/admin/legal/licence/draft', editor), AdminLegalVersionDetail);
    expect((await api('DELETE', `/admin/legal/versions/${draft.id}`, editor)).statusCode).toBe(200);
    expectFailure(await api('GET', `/admin/legal/versions/${draft.id}`, editor), 404, 'CONTENT_NOT_FOUND');
    // The next draft takes the number again: no published version was skipped.
    const again = await value(await api('POST', '/admin/legal/licence/draft', editor), AdminLegalVersionDetail);
    expect(again.version).toBe(2);
    await api('DELETE', `/admin/legal/versions/${again.id}`, editor);
  });
});

describe('accepting the terms', () => {
  it('asks members who registered before a new version, refuses money until they accept, and records the acceptance', async () => {
    const before = await member();
    const beforeAgent = await member({ type: 1 });
    const trial = await member({ type: 4 });
    expect(await status(before.token)).toEqual({ due: false, terms: null });
    const node = await slotNode();

    const v2 = await publish('terms', [
      ...englishTerms('2'),
      { language: 'TY', title: 'Mga tuntunin 2', body: 'Ang mga tuntunin, bersyon 2.' },
    ]);
    expect(v2.version).toBe(2);
    const after = await member();

    const asked = await status(before.token);
    expect(asked.due).toBe(true);
    expect(asked.terms).toMatchObject({ kind: 'terms', version: 2, title: 'Terms 2' });
    const askedTy = await value(await api('GET', '/wps/member/terms?language=TY', before.token), TermsStatus);
    expect(askedTy.terms?.title).toBe('Mga tuntunin 2');
    expect((await status(beforeAgent.token)).due).toBe(true);
    // A member who registered under version 2 accepted it then; a trial account plays no money.
    expect((await status(after.token)).due).toBe(false);
    expect((await status(trial.token)).due).toBe(false);

    // Money does not move until the member accepts: deposits, real-money launches.
    const refused = await deposit(before.token);
    expectFailure(refused, 403, 'TERMS_NOT_ACCEPTED');
    expect(refused.json().value).toEqual({ version: 2 });
    expectFailure(await api('POST', '/wps/game/launchGame', before.token, { nodeId: node }), 403, 'TERMS_NOT_ACCEPTED');
    // What does not move money goes on: the member's own pages, the game list.
    expect((await api('GET', '/wps/member/info', before.token)).statusCode).toBe(200);
    // The member who registered after is not held.
    expect((await api('POST', '/wps/game/launchGame', after.token, { nodeId: node })).statusCode).toBe(200);

    // Accepting an older version (a dialog left open over a newer publish) is refused.
    expectFailure(
      await api('POST', '/wps/member/terms/accept', before.token, { version: 1 }),
      400,
      'VALIDATION_FAILED',
    );
    const accepted = await api('POST', '/wps/member/terms/accept', before.token, { version: 2 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().value.version).toBe(2);
    const row = await t.ctx.db
      .selectFrom('legal_acceptances as a')
      .innerJoin('legal_versions as v', 'v.id', 'a.version_id')
      .select(['v.kind', 'v.version', 'a.accepted_at', 'a.ip'])
      .where('a.member_id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'terms', version: 2, ip: '127.0.0.1' });
    expect(new Date(row.accepted_at).toISOString()).toBe(accepted.json().value.acceptedAt);
    // Accepting again keeps the first record.
    await api('POST', '/wps/member/terms/accept', before.token, { version: 2 });
    const rows = await t.ctx.db
      .selectFrom('legal_acceptances')
      .select('member_id')
      .where('member_id', '=', before.id)
      .execute();
    expect(rows).toHaveLength(1);
    const auditRow = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'member_id'])
      .where('event', '=', 'terms.accept')
      .executeTakeFirstOrThrow();
    expect(auditRow.member_id).toBe(before.id);

    expect(await status(before.token)).toEqual({ due: false, terms: null });
    expect((await deposit(before.token)).statusCode).toBe(200);
    expect((await api('POST', '/wps/game/launchGame', before.token, { nodeId: node })).statusCode).toBe(200);
    expectFailure(await deposit(beforeAgent.token), 403, 'TERMS_NOT_ACCEPTED');

    // The back office counts the acceptances of each terms version.
    const versions = await value(await api('GET', '/admin/legal/terms/versions', editor), {
      parse: (v: unknown) => v as { list: { version: number; acceptances: number }[] },
    });
    expect(versions.list.find((v) => v.version === 2)?.acceptances).toBe(1);
  });

  it('a minor version asks nothing of members who accepted, and shows the newest to those still due', async () => {
    const accepted = await member();
    const due = await member();
    await publish('terms', englishTerms('3'));
    await api('POST', '/wps/member/terms/accept', accepted.token, { version: 3 });
    await publish('terms', englishTerms('4'), false);
    expect((await status(accepted.token)).due).toBe(false);
    expect((await deposit(accepted.token)).statusCode).toBe(200);
    const asked = await status(due.token);
    // Version 3 is the one that needs acceptance; the dialog shows version 4, which includes it.
    expect(asked.terms?.version).toBe(4);
    expectFailure(await deposit(due.token), 403, 'TERMS_NOT_ACCEPTED');
    expect((await api('POST', '/wps/member/terms/accept', due.token, { version: 4 })).statusCode).toBe(200);
    expect((await status(due.token)).due).toBe(false);
    expect((await deposit(due.token)).statusCode).toBe(200);
  });

  it('declares the gate on every route that moves money, and on none that does not', () => {
    const gated = t.app.declaredRoutes
      .filter((r) => r.movesMoney)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(gated).toEqual(
      [
        'POST /wps/cashier/deposit',
        'POST /wps/cashier/withdraw',
        'POST /wps/relay/GCS_walletTransfer',
        'POST /wps/member/transfer/upline',
        'POST /wps/agent/transfer/downline',
        'POST /wps/game/launchGame',
        'GET /wps/game/launchGame',
        'POST /wps/relay/GCS_gameLaunchFB',
        'POST /wps/relay/passwordCheck/MCS2_redeemPointReward',
        'POST /wps/relay/passwordCheck/MCS2_convertPoint',
        'POST /wps/relay/MCSFE_signUpRequestReward',
        'POST /wps/relay/MCS2_claimRafflePromotion',
        'POST /wps/rebate/claim',
        'POST /wps/relay/MCSFE_claimMissionReward',
        'POST /wps/tickets/:id/open',
      ].sort(),
    );
    // Only routes a member calls: the gate has no meaning for visitors or operators.
    for (const r of t.app.declaredRoutes.filter((d) => d.movesMoney)) expect(['member', 'agent']).toContain(r.auth);
  });
});
