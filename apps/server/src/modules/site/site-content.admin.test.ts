import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  actors,
  expectFailure,
  expectImage,
  JPEG_BYTES,
  multipart,
  type Part,
  PNG_BYTES,
  WEBP_BYTES,
} from '../cashier/cashier.fixtures';

// The back office's content and site API: what an operator saves is what the player
// site's public calls answer, every write is audited with before and after, and a refused request
// changes nothing.

let t: TestApp;
let editor: string;
const { member, operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  editor = (await operator(['content.write', 'site.write'])).token;
});
afterAll(() => t.close());

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

function upload(token: string, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/admin/content/images',
    payload: body.payload,
    headers: { 'content-type': body.contentType, authorization: token },
  });
}

function auditRows(event: string) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['event', 'success', 'detail', 'username'])
    .where('event', '=', event)
    .orderBy('id')
    .execute();
}

function detailOf(row: { detail: unknown }): Record<string, unknown> {
  return (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>;
}

async function siteBanners(groupName: string, language = 'EN') {
  const res = await api('GET', `/wps/system/banners?groupName=${groupName}&language=${language}`, undefined);
  expect(res.statusCode).toBe(200);
  return res.json().value as { id: number; title: string; url: string }[];
}

describe('permissions', () => {
  it('content routes need content.write, site routes site.write; members and other operators are refused', async () => {
    const gamesOnly = (await operator(['games.read'])).token;
    const memberToken = (await member()).token;
    expectFailure(await api('GET', '/admin/content/banners', undefined), 401, 'AUTH_REQUIRED');
    expectFailure(await api('GET', '/admin/content/banners', memberToken), 403, 'AUTH_FORBIDDEN');
    expectFailure(await api('GET', '/admin/content/banners', gamesOnly), 403, 'AUTH_FORBIDDEN');
    expectFailure(await api('GET', '/admin/site/resources', gamesOnly), 403, 'AUTH_FORBIDDEN');
    const contentOnly = (await operator(['content.write'])).token;
    expect((await api('GET', '/admin/content/notices', contentOnly)).statusCode).toBe(200);
    expectFailure(await api('GET', '/admin/site/registrationFields', contentOnly), 403, 'AUTH_FORBIDDEN');
    const before = await t.ctx.db.selectFrom('notices').select('id').execute();
    expectFailure(
      await api('POST', '/admin/content/notices', gamesOnly, { title: 'Refused', content: 'x' }),
      403,
      'AUTH_FORBIDDEN',
    );
    expect(await t.ctx.db.selectFrom('notices').select('id').execute()).toHaveLength(before.length);
  });
});

describe('banners', () => {
  it('an uploaded image in a saved banner shows on the player site; disabling or scheduling hides it; audited', async () => {
    const up = await upload(editor, [{ name: 'image', filename: 'b.png', contentType: 'image/png', data: PNG_BYTES }]);
    expect(up.statusCode).toBe(200);
    const image = up.json().value;
    expect(image).toMatchObject({ contentType: 'image/png', size: expect.any(Number) });
    expect(image.url).toMatch(/^\/media\/content\/\d+\.png$/);

    const served = await api('GET', image.url, undefined);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await expectImage(served.rawPayload, 'png')).width).toBe(2);
    expect((await api('GET', image.url.replace('.png', '.jpg'), undefined)).statusCode).toBe(404);

    const created = await api('POST', '/admin/content/banners', editor, {
      groupName: 'w_activity',
      title: 'Operator banner',
      imageUrl: image.url,
      linkageType: 'ROUTE',
      linkUrl: '/rng',
    });
    expect(created.statusCode).toBe(200);
    const banner = created.json().value;
    expect(banner).toMatchObject({ groupName: 'w_activity', enabled: true, live: true, language: null });
    expect((await siteBanners('w_activity')).map((b) => b.title)).toContain('Operator banner');
    const shown = (await siteBanners('w_activity', 'TY')).find((b) => b.id === banner.id);
    expect(shown?.url).toBe(image.url);

    const off = await api('PUT', `/admin/content/banners/${banner.id}/enabled`, editor, { enabled: false });
    expect(off.json().value).toMatchObject({ enabled: false, live: false });
    expect((await siteBanners('w_activity')).map((b) => b.id)).not.toContain(banner.id);

    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await api('PUT', `/admin/content/banners/${banner.id}`, editor, {
      groupName: 'w_activity',
      title: 'Operator banner',
      imageUrl: image.url,
      language: 'EN',
      startsAt: later,
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().value).toMatchObject({ enabled: true, live: false, language: 'EN', startsAt: later });
    expect((await siteBanners('w_activity')).map((b) => b.id)).not.toContain(banner.id);
    t.advance(2 * 86_400_000);
    expect((await siteBanners('w_activity')).map((b) => b.id)).toContain(banner.id);
    // A banner in English only is not shown in Filipino.
    expect((await siteBanners('w_activity', 'TY')).map((b) => b.id)).not.toContain(banner.id);
    t.advance(-2 * 86_400_000);

    const updates = await auditRows('content.update');
    const last = detailOf(updates.at(-1) as { detail: unknown });
    expect(last.target).toBe(`banner:${banner.id}`);
    expect((last.before as { enabled: boolean }).enabled).toBe(false);
    expect((last.after as { startsAt: string }).startsAt).toBe(later);
    expect((await auditRows('content.create')).some((r) => detailOf(r).target === 'banner')).toBe(true);
    expect((await auditRows('content.image')).length).toBeGreaterThan(0);
  });

  it('accepts jpeg and webp; refuses a renamed file, an oversized one, other fields and non-multipart bodies', async () => {
    for (const [contentType, data] of [
      ['image/jpeg', JPEG_BYTES],
      ['image/webp', WEBP_BYTES],
    ] as const) {
      const res = await upload(editor, [{ name: 'image', filename: 'x', contentType, data }]);
      expect(res.statusCode).toBe(200);
      expect(res.json().value.contentType).toBe(contentType);
    }
    const count = async () => (await t.ctx.db.selectFrom('content_images').select('id').execute()).length;
    const before = await count();
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expectFailure(
      await upload(editor, [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: text }]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectFailure(
      await upload(editor, [{ name: 'image', filename: 'a.svg', contentType: 'image/svg+xml', data: text }]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    // A jpeg declared as png: the bytes must agree with the type.
    expectFailure(
      await upload(editor, [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: JPEG_BYTES }]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024, 0)]);
    expectFailure(
      await upload(editor, [{ name: 'image', filename: 'big.png', contentType: 'image/png', data: big }]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const none = await upload(editor, [{ name: 'title', value: 'no file' }]);
    expectFailure(none, 400, 'VALIDATION_FAILED');
    expect(none.json().value).toEqual({ fields: { image: 'REQUIRED' } });
    expectFailure(
      await upload(editor, [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_BYTES }]),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(await api('POST', '/admin/content/images', editor, { image: 'x' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await count()).toBe(before);
    const refused = (await auditRows('content.image')).filter((r) => !r.success);
    expect(refused.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses bad fields, a missing upload, a duplicate title and an unknown id, changing nothing', async () => {
    const count = async () => (await t.ctx.db.selectFrom('banners').select('id').execute()).length;
    const before = await count();
    const bad = await api('POST', '/admin/content/banners', editor, {
      groupName: 'w_nowhere',
      title: ' ',
      imageUrl: 'javascript:alert(1)',
      linkageType: 'URL',
      startsAt: '2026-01-02T00:00:00Z',
      endsAt: '2026-01-01T00:00:00Z',
    });
    expectFailure(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(bad.json().value.fields).sort()).toEqual(
      expect.arrayContaining(['groupName', 'imageUrl', 'title']),
    );
    const schedule = await api('POST', '/admin/content/banners', editor, {
      groupName: 'w_home',
      title: 'Backwards',
      imageUrl: '/art/banners/home-welcome.svg',
      startsAt: '2026-01-02T00:00:00Z',
      endsAt: '2026-01-01T00:00:00Z',
    });
    expect(schedule.json().value).toEqual({ fields: { endsAt: 'BEFORE_START' } });
    const missing = await api('POST', '/admin/content/banners', editor, {
      groupName: 'w_home',
      title: 'Gone image',
      imageUrl: '/media/content/999999.png',
    });
    expect(missing.json().value).toEqual({ fields: { imageUrl: 'INVALID' } });
    const language = await api('POST', '/admin/content/banners', editor, {
      groupName: 'w_home',
      title: 'Klingon',
      imageUrl: '/art/banners/home-welcome.svg',
      language: 'TLH',
    });
    expect(language.json().value).toEqual({ fields: { language: 'NOT_ALLOWED' } });
    const seeded = await t.ctx.db
      .selectFrom('banners')
      .select(['group_name', 'title'])
      .where('group_name', '=', 'w_home')
      .executeTakeFirstOrThrow();
    expectFailure(
      await api('POST', '/admin/content/banners', editor, {
        groupName: 'w_home',
        title: seeded.title,
        imageUrl: '/art/banners/home-welcome.svg',
      }),
      409,
      'CONTENT_DUPLICATE',
    );
    expect(await count()).toBe(before);
    expectFailure(
      await api('PUT', '/admin/content/banners/999999/enabled', editor, { enabled: true }),
      404,
      'CONTENT_NOT_FOUND',
    );
    expectFailure(await api('DELETE', '/admin/content/banners/999999', editor), 404, 'CONTENT_NOT_FOUND');
  });

  it('orders a group as listed; an unknown id in the list changes nothing', async () => {
    const home = await t.ctx.db
      .selectFrom('banners')
      .select(['id', 'sort', 'language'])
      .where('group_name', '=', 'w_home')
      .orderBy('sort')
      .execute();
    const reversed = home.map((b) => Number(b.id)).reverse();
    const res = await api('PUT', '/admin/content/banners/order', editor, { ids: reversed });
    expect(res.json().value).toEqual({ updated: reversed.length });
    // The English site shows the group's English banners (the demo's Filipino copies are TY's).
    const english = new Set(home.filter((b) => b.language !== 'TY').map((b) => Number(b.id)));
    const shown = reversed.filter((id) => english.has(id));
    expect((await siteBanners('w_home')).map((b) => b.id)).toEqual(shown);
    const bad = await api('PUT', '/admin/content/banners/order', editor, {
      ids: [...home.map((b) => Number(b.id)), 999999],
    });
    expect(bad.json().value).toEqual({ fields: { ids: 'INVALID' } });
    expect((await siteBanners('w_home')).map((b) => b.id)).toEqual(shown);
  });

  it('lists a grid with paging, sort and filters', async () => {
    const res = await api(
      'GET',
      '/admin/content/banners?groupName=w_home&pageSize=2&pageNo=1&sort=title&order=desc',
      editor,
    );
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.pageNo).toBe(1);
    expect(value.pageSize).toBe(2);
    expect(value.list).toHaveLength(2);
    expect(value.total).toBeGreaterThanOrEqual(4);
    const titles = value.list.map((b: { title: string }) => b.title);
    expect([...titles].sort().reverse()).toEqual(titles);
    expectFailure(await api('GET', '/admin/content/banners?sort=password', editor), 400, 'VALIDATION_FAILED');
    expectFailure(await api('GET', '/admin/content/banners?pageSize=500', editor), 400, 'VALIDATION_FAILED');
  });
});

describe('announcements', () => {
  async function popups(language = 'EN') {
    const res = await api('GET', `/wps/relay/MCSFE_getListAnnouncements?types=PU&language=${language}`, undefined);
    return res.json().value.popup as { id: number; title: string }[];
  }

  it('a saved popup shows to visitors until disabled or ended; deleted ones are gone; audited', async () => {
    const res = await api('POST', '/admin/content/announcements', editor, {
      type: 'PU',
      audience: 'B',
      title: 'Operator popup',
      content: 'Hello visitors',
      language: 'EN',
    });
    expect(res.statusCode).toBe(200);
    const a = res.json().value;
    expect(a).toMatchObject({ popup: true, enabled: true, live: true, type: 'PU', audience: 'B' });
    expect((await popups()).map((p) => p.title)).toContain('Operator popup');
    expect((await popups('TY')).map((p) => p.title)).not.toContain('Operator popup');

    await api('PUT', `/admin/content/announcements/${a.id}/enabled`, editor, { enabled: false });
    expect((await popups()).map((p) => p.id)).not.toContain(a.id);

    const ended = await api('PUT', `/admin/content/announcements/${a.id}`, editor, {
      type: 'PU',
      audience: 'B',
      title: 'Operator popup',
      content: 'Hello visitors',
      enabled: true,
      endsAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(ended.json().value.startsAt).toBe(a.startsAt);
    expect((await popups()).map((p) => p.id)).toContain(a.id);
    t.advance(120_000);
    expect((await popups()).map((p) => p.id)).not.toContain(a.id);
    t.advance(-120_000);

    expect((await api('DELETE', `/admin/content/announcements/${a.id}`, editor)).statusCode).toBe(200);
    expect(
      await t.ctx.db.selectFrom('announcements').select('id').where('id', '=', a.id).executeTakeFirst(),
    ).toBeUndefined();
    const deleted = (await auditRows('content.delete')).at(-1);
    expect(detailOf(deleted as { detail: unknown })).toMatchObject({
      target: `announcement:${a.id}`,
      before: { title: 'Operator popup' },
      after: null,
    });
    const types = await api('POST', '/admin/content/announcements', editor, {
      type: 'XX',
      audience: 'Z',
      title: 'x',
      content: 'y',
    });
    expect(types.json().value.fields).toMatchObject({ type: 'INVALID', audience: 'INVALID' });
  });

  it('refuses {amount} in a text for every visitor, where nothing fills it, and saves nothing', async () => {
    const before = await t.ctx.db.selectFrom('announcements').select('id').execute();
    const res = await api('POST', '/admin/content/announcements', editor, {
      type: 'PU',
      audience: 'B',
      title: 'Deposit bonus',
      content: 'Deposit {amount} {currency} today',
      language: 'EN',
    });
    expectFailure(res, 400, 'VALIDATION_FAILED');
    expect(res.json().value.fields).toEqual({ content: 'PLACEHOLDER_AMOUNT' });
    expect(await t.ctx.db.selectFrom('announcements').select('id').execute()).toHaveLength(before.length);
    const notice = await api('POST', '/admin/content/notices', editor, { title: 'Win {amount}', content: 'at {site}' });
    expect(notice.json().value.fields).toEqual({ title: 'PLACEHOLDER_AMOUNT' });
    const fine = await api('POST', '/admin/content/notices', editor, {
      title: 'Welcome',
      content: 'to {site} in {currency}',
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('notices and help articles', () => {
  it('show per language on the player site and leave it when disabled', async () => {
    const n = (
      await api('POST', '/admin/content/notices', editor, { title: 'Paunawa', content: 'Para sa TY', language: 'TY' })
    ).json().value;
    const noticeTitles = async (language: string) =>
      (await t.app.inject({ method: 'GET', url: '/wps/system/notices?pageSize=100', headers: { language } }))
        .json()
        .value.content.map((x: { title: string }) => x.title);
    expect(await noticeTitles('TY')).toContain('Paunawa');
    expect(await noticeTitles('EN')).not.toContain('Paunawa');
    await api('PUT', `/admin/content/notices/${n.id}/enabled`, editor, { enabled: false });
    expect(await noticeTitles('TY')).not.toContain('Paunawa');

    expect((await api('POST', '/admin/content/helpCategories', editor, { name: 'Operator help' })).statusCode).toBe(
      200,
    );
    const h = await api('POST', '/admin/content/help', editor, {
      category: 'Operator help',
      title: 'How to ask',
      content: 'Write to us.',
    });
    expect(h.statusCode).toBe(200);
    const help = async () =>
      (await api('GET', '/wps/system/helpCenter', undefined)).json().value as { category: string }[];
    expect((await help()).map((c) => c.category)).toContain('Operator help');
    await api('PUT', `/admin/content/help/${h.json().value.id}/enabled`, editor, { enabled: false });
    expect((await help()).map((c) => c.category)).not.toContain('Operator help');
  });
});

describe('notice schedule', () => {
  const HOUR = 3_600_000;
  // Steps of the clock stay under the operators' idle timeout (30 minutes), so the editor's session lives on.
  const STEP = 10 * 60_000;

  async function siteNotices(language = 'EN') {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/notices?pageSize=100', headers: { language } });
    expect(res.statusCode).toBe(200);
    return res.json().value as { totalElements: number; content: { id: number; title: string; startsAt: string }[] };
  }
  const shown = async (id: number) => (await siteNotices()).content.some((n) => n.id === id);
  async function consoleStates(schedule: 'scheduled' | 'live' | 'ended') {
    const res = await api('GET', `/admin/content/notices?pageSize=200&schedule=${schedule}`, editor);
    expect(res.statusCode).toBe(200);
    return res.json().value.list.map((n: { id: number }) => n.id) as number[];
  }

  it('shows a notice from its start until its end, exactly at the boundaries, and the console says where it stands', async () => {
    const unfreeze = t.freeze();
    try {
      const start = new Date(t.ctx.now().getTime() + STEP);
      const end = new Date(start.getTime() + 2 * STEP);
      const res = await api('POST', '/admin/content/notices', editor, {
        title: 'Scheduled notice',
        content: 'Comes and goes',
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
      });
      expect(res.statusCode).toBe(200);
      const n = res.json().value;
      expect(n).toMatchObject({
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        live: false,
        schedule: 'scheduled',
      });
      const before = (await siteNotices()).totalElements;
      expect(await shown(n.id)).toBe(false);
      expect(await consoleStates('scheduled')).toContain(n.id);
      expect(await consoleStates('live')).not.toContain(n.id);

      t.advance(STEP - 1); // 1 ms before the start
      expect(await shown(n.id)).toBe(false);
      t.advance(1); // the start itself
      const site = await siteNotices();
      expect(site.content.find((x) => x.id === n.id)?.startsAt).toBe(start.toISOString());
      expect(site.totalElements).toBe(before + 1);
      expect(await consoleStates('live')).toContain(n.id);
      expect(await consoleStates('scheduled')).not.toContain(n.id);

      t.advance(STEP);
      expect(await shown(n.id)).toBe(true);
      t.advance(STEP - 1); // 1 ms before the end
      expect(await shown(n.id)).toBe(true);
      t.advance(1); // the end itself: gone
      expect(await shown(n.id)).toBe(false);
      expect((await siteNotices()).totalElements).toBe(before);
      expect(await consoleStates('ended')).toContain(n.id);
      expect(await consoleStates('live')).not.toContain(n.id);
      const listed = (await api('GET', '/admin/content/notices?pageSize=200', editor)).json().value.list;
      expect(listed.find((x: { id: number }) => x.id === n.id)).toMatchObject({ live: false, schedule: 'ended' });
      t.advance(-3 * STEP);
    } finally {
      unfreeze();
    }
  });

  it('a start already past stays as it is; moving it into the past is refused and changes nothing', async () => {
    const created = await api('POST', '/admin/content/notices', editor, { title: 'Live now', content: 'Started' });
    expect(created.statusCode).toBe(200);
    const n = created.json().value;
    expect(n).toMatchObject({ live: true, schedule: 'live', endsAt: null });
    t.advance(10 * 60_000);
    try {
      const body = { title: 'Live now', content: 'Started, edited' };
      // Its own past start, sent back unchanged (as a form does), is kept.
      const same = await api('PUT', `/admin/content/notices/${n.id}`, editor, { ...body, startsAt: n.startsAt });
      expect(same.statusCode).toBe(200);
      expect(same.json().value).toMatchObject({ startsAt: n.startsAt, content: 'Started, edited' });
      // No start sent: kept as well.
      const kept = await api('PUT', `/admin/content/notices/${n.id}`, editor, body);
      expect(kept.json().value.startsAt).toBe(n.startsAt);

      const row = () => t.ctx.db.selectFrom('notices').selectAll().where('id', '=', n.id).executeTakeFirstOrThrow();
      const stored = await row();
      const earlier = new Date(new Date(n.startsAt).getTime() - 60_000).toISOString();
      const moved = await api('PUT', `/admin/content/notices/${n.id}`, editor, {
        ...body,
        title: 'Changed title',
        startsAt: earlier,
      });
      expectFailure(moved, 400, 'VALIDATION_FAILED');
      expect(moved.json().value).toEqual({ fields: { startsAt: 'IN_PAST' } });
      // Also a past time later than its start: still the past.
      const later = new Date(t.ctx.now().getTime() - 60_000).toISOString();
      const past = await api('PUT', `/admin/content/notices/${n.id}`, editor, { ...body, startsAt: later });
      expect(past.json().value).toEqual({ fields: { startsAt: 'IN_PAST' } });
      expect(await row()).toEqual(stored);

      // A new notice may not start in the past either; at now it may.
      const count = async () => (await t.ctx.db.selectFrom('notices').select('id').execute()).length;
      const total = await count();
      const old = await api('POST', '/admin/content/notices', editor, { ...body, startsAt: later });
      expect(old.json().value).toEqual({ fields: { startsAt: 'IN_PAST' } });
      expect(await count()).toBe(total);

      // Moving it into the future takes it off the site until then.
      const future = new Date(t.ctx.now().getTime() + HOUR).toISOString();
      const ahead = await api('PUT', `/admin/content/notices/${n.id}`, editor, { ...body, startsAt: future });
      expect(ahead.json().value).toMatchObject({ startsAt: future, schedule: 'scheduled' });
      expect(await shown(n.id)).toBe(false);
    } finally {
      t.advance(-10 * 60_000);
    }
  });

  it('refuses an end before the start and dates that are not dates, changing nothing', async () => {
    const count = async () => (await t.ctx.db.selectFrom('notices').select('id').execute()).length;
    const total = await count();
    const at = (ms: number) => new Date(t.ctx.now().getTime() + ms).toISOString();
    const backwards = await api('POST', '/admin/content/notices', editor, {
      title: 'Backwards',
      content: 'x',
      startsAt: at(2 * HOUR),
      endsAt: at(HOUR),
    });
    expectFailure(backwards, 400, 'VALIDATION_FAILED');
    expect(backwards.json().value).toEqual({ fields: { endsAt: 'BEFORE_START' } });
    // One instant for both ends: two readings of the clock may differ by a millisecond or more.
    const hourAhead = at(HOUR);
    const equal = await api('POST', '/admin/content/notices', editor, {
      title: 'Empty window',
      content: 'x',
      startsAt: hourAhead,
      endsAt: hourAhead,
    });
    expect(equal.json().value).toEqual({ fields: { endsAt: 'BEFORE_START' } });
    // Without a start the notice starts now: an end already past is before it.
    const endedAlready = await api('POST', '/admin/content/notices', editor, {
      title: 'Ended already',
      content: 'x',
      endsAt: at(-HOUR),
    });
    expect(endedAlready.json().value).toEqual({ fields: { endsAt: 'BEFORE_START' } });
    for (const bad of ['2026-02-30T10:00:00Z', 'tomorrow', '2026-03-01 10:00', '2026-03-01T10:00:00']) {
      const res = await api('POST', '/admin/content/notices', editor, {
        title: 'Bad date',
        content: 'x',
        startsAt: bad,
      });
      expectFailure(res, 400, 'VALIDATION_FAILED');
      expect(Object.keys(res.json().value.fields)).toEqual(['startsAt']);
    }
    const badEnd = await api('POST', '/admin/content/notices', editor, { title: 'Bad', content: 'x', endsAt: 'soon' });
    expect(Object.keys(badEnd.json().value.fields)).toEqual(['endsAt']);
    expect(await count()).toBe(total);

    // An update with an end before the start it keeps changes nothing either.
    const n = (await api('POST', '/admin/content/notices', editor, { title: 'Kept', content: 'x' })).json().value;
    const res = await api('PUT', `/admin/content/notices/${n.id}`, editor, {
      title: 'Kept?',
      content: 'x',
      endsAt: new Date(new Date(n.startsAt).getTime() - 1).toISOString(),
    });
    expect(res.json().value).toEqual({ fields: { endsAt: 'BEFORE_START' } });
    const row = await t.ctx.db
      .selectFrom('notices')
      .select(['title', 'ends_at'])
      .where('id', '=', n.id)
      .executeTakeFirst();
    expect(row).toEqual({ title: 'Kept', ends_at: null });
  });

  it('an announcement keeps the same rule: its start is not moved into the past', async () => {
    const a = (
      await api('POST', '/admin/content/announcements', editor, {
        type: 'PU',
        audience: 'B',
        title: 'Ann',
        content: 'x',
      })
    ).json().value;
    expect(a.schedule).toBe('live');
    const res = await api('PUT', `/admin/content/announcements/${a.id}`, editor, {
      type: 'PU',
      audience: 'B',
      title: 'Ann',
      content: 'x',
      startsAt: new Date(new Date(a.startsAt).getTime() - 86_400_000).toISOString(),
    });
    expect(res.json().value).toEqual({ fields: { startsAt: 'IN_PAST' } });
  });
});

describe('help categories', () => {
  type Category = { id: number; name: string; sort: number; articles: number };
  const categories = async () =>
    (await api('GET', '/admin/content/helpCategories', editor)).json().value.list as Category[];
  const helpCentre = async () =>
    (
      (await api('GET', '/wps/system/helpCenter', undefined)).json().value as {
        category: string;
        items: { title: string }[];
      }[]
    ).filter((c) => c.category.startsWith('HC '));
  const add = async (name: string) => {
    const res = await api('POST', '/admin/content/helpCategories', editor, { name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as Category;
  };
  const article = async (category: string, title: string) =>
    api('POST', '/admin/content/help', editor, { category, title, content: `${title}.` });

  it('are a list: added last, renamed with their articles, ordered, and shown in that order', async () => {
    const a = await add('HC Accounts');
    const b = await add('HC Bonuses');
    expect(b.sort).toBeGreaterThan(a.sort);
    expect(b.articles).toBe(0);
    expect((await article('HC Accounts', 'HC open an account')).statusCode).toBe(200);
    expect((await article('HC Bonuses', 'HC claim a bonus')).statusCode).toBe(200);
    expect((await categories()).find((c) => c.id === a.id)?.articles).toBe(1);
    expect((await helpCentre()).map((c) => c.category)).toEqual(['HC Accounts', 'HC Bonuses']);

    // A rename reaches the articles: the help centre and the article grid show the new name.
    const renamed = await api('PUT', `/admin/content/helpCategories/${a.id}`, editor, { name: 'HC Your account' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const grid = (await api('GET', '/admin/content/help?category=HC%20Your%20account', editor)).json().value;
    expect(grid.list.map((r: { title: string }) => r.title)).toEqual(['HC open an account']);

    // The whole list in a new order: the bonuses first.
    const ids = (await categories()).map((c) => c.id);
    const order = [b.id, ...ids.filter((id) => id !== b.id)];
    expect((await api('PUT', '/admin/content/helpCategories/order', editor, { ids: order })).statusCode).toBe(200);
    expect((await categories()).map((c) => c.id)).toEqual(order);
    expect((await helpCentre()).map((c) => c.category)).toEqual(['HC Bonuses', 'HC Your account']);

    const audit = (await auditRows('content.update')).map(detailOf).filter((d) => d.kind === 'helpCategory');
    expect(audit.at(-1)).toMatchObject({ before: { name: 'HC Accounts' }, after: { name: 'HC Your account' } });
  });

  it('refuse an unknown category for an article, a repeated name and a partial order, changing nothing', async () => {
    const before = await categories();
    expectFailure(await article('HC Nowhere', 'HC lost'), 400, 'VALIDATION_FAILED');
    expect((await article('HC Nowhere', 'HC lost')).json().value.fields).toEqual({ category: 'INVALID' });
    const c = await add('HC Payments');
    expectFailure(
      await api('POST', '/admin/content/helpCategories', editor, { name: 'HC Payments' }),
      409,
      'CONTENT_DUPLICATE',
    );
    expectFailure(await api('POST', '/admin/content/helpCategories', editor, { name: '  ' }), 400, 'VALIDATION_FAILED');
    const other = before[0] as Category;
    expectFailure(
      await api('PUT', `/admin/content/helpCategories/${c.id}`, editor, { name: other.name }),
      409,
      'CONTENT_DUPLICATE',
    );
    expectFailure(
      await api('PUT', '/admin/content/helpCategories/order', editor, { ids: [c.id] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await categories()).toEqual([...before, { ...c, articles: 0 }]);
    expectFailure(
      await api('PUT', '/admin/content/helpCategories/999999', editor, { name: 'HC x' }),
      404,
      'CONTENT_NOT_FOUND',
    );
  });

  it('are removed at once when unused, and only with a category to move their articles into when used', async () => {
    const empty = await add('HC Empty');
    const del = await api('DELETE', `/admin/content/helpCategories/${empty.id}`, editor);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().value).toEqual({ moved: 0 });

    const from = await add('HC Old');
    const to = await add('HC New');
    await article('HC Old', 'HC first');
    await article('HC Old', 'HC second');
    const refused = await api('DELETE', `/admin/content/helpCategories/${from.id}`, editor);
    expectFailure(refused, 400, 'VALIDATION_FAILED');
    expect(refused.json().value.fields).toEqual({ moveTo: 'REQUIRED' });
    expectFailure(
      await api('DELETE', `/admin/content/helpCategories/${from.id}?moveTo=${from.id}`, editor),
      400,
      'VALIDATION_FAILED',
    );
    // A title the target already has refuses the whole removal.
    await article('HC New', 'HC first');
    expectFailure(
      await api('DELETE', `/admin/content/helpCategories/${from.id}?moveTo=${to.id}`, editor),
      409,
      'CONTENT_DUPLICATE',
    );
    expect((await categories()).find((c) => c.id === from.id)?.articles).toBe(2);

    const other = await add('HC Other');
    const moved = await api('DELETE', `/admin/content/helpCategories/${from.id}?moveTo=${other.id}`, editor);
    expect(moved.json().value).toEqual({ moved: 2 });
    const list = await categories();
    expect(list.find((c) => c.id === from.id)).toBeUndefined();
    expect(list.find((c) => c.id === other.id)?.articles).toBe(2);
  });

  it('need content.write', async () => {
    const gamesOnly = (await operator(['games.read'])).token;
    expectFailure(await api('GET', '/admin/content/helpCategories', gamesOnly), 403, 'AUTH_FORBIDDEN');
    expectFailure(
      await api('POST', '/admin/content/helpCategories', gamesOnly, { name: 'HC No' }),
      403,
      'AUTH_FORBIDDEN',
    );
  });
});

describe('site: resources and registration field rules', () => {
  it('a saved resource is in the site resources; a field rule reaches the registration settings', async () => {
    const r = await api('POST', '/admin/site/resources', editor, {
      resourceType: 'ANDROID',
      name: 'android-beta',
      labelNameEn: 'Android beta',
      url: 'https://example.com/app.apk',
    });
    expect(r.statusCode).toBe(200);
    const resources = async () =>
      (await api('GET', '/wps/system/resources', undefined)).json().value.map((x: { name: string }) => x.name);
    expect(await resources()).toContain('android-beta');
    expectFailure(
      await api('PUT', `/admin/site/resources/${r.json().value.id}`, editor, {
        resourceType: 'ANDROID',
        name: 'android-beta',
        labelNameEn: 'Android beta',
        url: 'javascript:alert(1)',
      }),
      400,
      'VALIDATION_FAILED',
    );
    await api('DELETE', `/admin/site/resources/${r.json().value.id}`, editor);
    expect(await resources()).not.toContain('android-beta');

    const rule = await api('PUT', '/admin/site/registrationFields/email', editor, {
      enabled: true,
      required: true,
      minLength: 6,
      maxLength: 80,
      patternId: null,
    });
    expect(rule.statusCode).toBe(200);
    const rules = (await api('GET', '/wps/system/setting/register', undefined)).json().value as {
      field: string;
      required: boolean;
      minLength: number;
    }[];
    expect(rules.find((x) => x.field === 'email')).toMatchObject({ required: true, minLength: 6 });
    const bad = await api('PUT', '/admin/site/registrationFields/email', editor, {
      enabled: false,
      required: true,
      minLength: 9,
      maxLength: 3,
      patternId: null,
      acceptedPattern: '([a-z',
    });
    expect(bad.json().value.fields).toMatchObject({
      minLength: 'INVALID',
      required: 'NOT_ALLOWED',
      acceptedPattern: 'PATTERN',
    });
    expectFailure(
      await api('PUT', '/admin/site/registrationFields/password2', editor, {
        enabled: true,
        required: false,
        minLength: 1,
        maxLength: 3,
        patternId: null,
      }),
      400,
      'VALIDATION_FAILED',
    );
    const audit = (await auditRows('site.registrationField')).at(-1);
    expect(detailOf(audit as { detail: unknown })).toMatchObject({ target: 'email', after: { required: true } });
  });
});
