import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANNOUNCEMENTS, DEMO_BANNERS, DEMO_NOTICES } from '../../seed/content-seed';
import { DEMO_ANNOUNCEMENTS_TY, DEMO_BANNER_TITLES_TY, DEMO_NOTICES_TY } from '../../seed/content-seed-ty';
import { createTestApp, type TestApp } from '../../test/harness';

// The TY (Filipino) site shows the demo's banners, notices and announcement popup in Filipino,
// not English. The demo seeds them in English (the default language) and in Filipino; a list with rows
// of its own in a language shows those instead of the default language's, languages without their
// own keep the English ones, and rows without a language show everywhere (site.queries.ts).

describe('site content by language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  const get = async (url: string, language: string) =>
    (await t.app.inject({ method: 'GET', url, headers: { language } })).json().value;

  it('has a Filipino copy of every demo banner, announcement and notice', () => {
    for (const [, slug] of DEMO_BANNERS) expect(DEMO_BANNER_TITLES_TY[slug], slug).toBeTruthy();
    expect(DEMO_ANNOUNCEMENTS_TY).toHaveLength(DEMO_ANNOUNCEMENTS.length);
    expect(DEMO_NOTICES_TY).toHaveLength(DEMO_NOTICES.length);
  });

  it('shows TY banners, popups and notices in Filipino only, and the others the shared English', async () => {
    const titles = (v: { title: string }[]) => v.map((b) => b.title);
    const tyBanners = titles(await get('/wps/system/banners?groupName=w_home', 'TY'));
    const enBanners = titles(await get('/wps/system/banners?groupName=w_home', 'EN'));
    const deBanners = titles(await get('/wps/system/banners?groupName=w_home', 'DE'));
    expect(tyBanners).toContain(DEMO_BANNER_TITLES_TY['home-sports']);
    expect(tyBanners).toHaveLength(enBanners.length);
    expect(tyBanners.some((title) => enBanners.includes(title))).toBe(false);
    expect(deBanners).toEqual(enBanners);
    // An operator's banner for every language shows beside the Filipino ones.
    const { id } = await t.ctx.db
      .insertInto('banners')
      .values({ group_name: 'w_home', title: 'For everyone', image_url: '/art/banners/home-slots.svg', sort: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(titles(await get('/wps/system/banners?groupName=w_home', 'TY'))).toContain('For everyone');
    expect(titles(await get('/wps/system/banners?groupName=w_home', 'EN'))).toContain('For everyone');
    await t.ctx.db.deleteFrom('banners').where('id', '=', id).execute();

    const popups = async (language: string) =>
      titles((await get(`/wps/relay/MCSFE_getListAnnouncements?types=PU&language=${language}`, language)).popup);
    const tyPopups = await popups('TY');
    expect(tyPopups).toContain('Maligayang pagdating sa {site}');
    expect(tyPopups).not.toContain('Welcome to {site}');
    expect(await popups('EN')).toContain('Welcome to {site}');

    const tyNotices = titles((await get('/wps/system/notices', 'TY')).content);
    expect(tyNotices).toContain('Ito ay demo');
    expect(tyNotices).not.toContain('This is a demo');
    expect(titles((await get('/wps/system/notices', 'EN')).content)).toContain('This is a demo');
  });
});
