import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bannerImageUrl } from '@gamehall/shared/api/catalogue';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { PROGRAMME_BANNERS } from './content-seed';

// The site may only promise what the brand really runs. The tables are RNG virtual tables (no
// dealers) and the live chat is staffed only when operators are online (outside the brand's hours a
// message becomes a ticket), so nothing promises round-the-clock support; the 24 hours the site
// does name are the responsible-play periods. None of the demo's texts, nor the site's English
// texts, says otherwise. Programmes (bonuses, VIP, rebates, missions, points,
// referrals) are offered only by the programme banners, each checked against what its seed
// configured; no other demo text offers one.
const FALSE_EVERYWHERE: readonly RegExp[] = [
  /\b(real|live) dealers?\b/i,
  /\bdealt by real\b/i,
  /\b24\s*\/\s*7\b/,
  /\b24 hours a day\b/i,
  /\b24-hour (support|service|customer)\b/i,
  /\bwithin 24 hours\b/i,
  /\b(a)?round the clock\b/i,
  /\bday and night\b/i,
  /\bleading providers\b/i,
];

// What the demo brand's messages, announcements, banners and notices must not offer.
const FALSE_IN_DEMO_CONTENT: readonly RegExp[] = [
  ...FALSE_EVERYWHERE,
  /\bbonus(es)?\b/i,
  /\bpromotions?\b/i,
  /\bVIP\b/,
  /\brebates?\b/i,
  /\bcash ?back\b/i,
  /\breload\b/i,
  /\bpoints?\b/i,
  /\bmall\b/i,
  /\breferral\b/i,
  /\bprize wheel\b/i,
  /\bprogressive\b/i,
  /\b10,000\b/,
  /\bsame day\b/i,
  /\bnew games every\b/i,
  // The studio's virtual matches play the moment a bet is placed, on no schedule.
  /\bvirtual (football|sports?)\b[^.]*\bevery (\w+ )?minutes?\b/i,
  /\b(card|match|game) starts every\b/i,
  // The app resources are the site installed as a web app (PWA), not store apps.
  /\b(iOS|Android) app\b/,
];

function falseClaims(texts: readonly string[], patterns: readonly RegExp[]): string[] {
  return texts.filter((text) => patterns.some((p) => p.test(text)));
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('honest texts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('the checks catch the claims the demo used to make', () => {
    expect(
      falseClaims(
        [
          'Live casino with real dealers',
          '24/7 support',
          'Withdrawals processed around the clock.',
          'Welcome bonus 100% on your first deposit',
          'Daily rebate up to 1.2%',
          'VIP club rewards',
          'Points mall restocked',
          'Virtual baccarat and roulette tables',
          'Virtual football every five minutes',
          'iOS app',
          'Web app for iPhone',
        ],
        FALSE_IN_DEMO_CONTENT,
      ),
    ).toEqual([
      'Live casino with real dealers',
      '24/7 support',
      'Withdrawals processed around the clock.',
      'Welcome bonus 100% on your first deposit',
      'Daily rebate up to 1.2%',
      'VIP club rewards',
      'Points mall restocked',
      'Virtual football every five minutes',
      'iOS app',
    ]);
  });

  it("the demo's banners, announcements, notices, help and member messages promise only what runs", async () => {
    const db = t.ctx.db;
    const programmeImages = PROGRAMME_BANNERS.map((slug) => bannerImageUrl(slug));
    const banners = (await db.selectFrom('banners').select(['title', 'image_url']).execute())
      .filter((b) => !programmeImages.includes(b.image_url))
      .map(({ title }) => ({ title }));
    const announcements = await db.selectFrom('announcements').select(['type', 'title', 'content']).execute();
    const notices = await db.selectFrom('notices').select(['title', 'content']).execute();
    const help = await db.selectFrom('help_articles').select(['title', 'content']).execute();
    const messages = await db.selectFrom('member_messages').select(['title', 'content']).execute();
    const resources = await db.selectFrom('resources').select(['label_name_en']).execute();
    expect(banners.length * announcements.length * notices.length * messages.length).toBeGreaterThan(0);
    expect(announcements.filter((a) => a.type === 'PR')).toEqual([]);
    const texts = [...banners, ...announcements, ...notices, ...help, ...messages, ...resources].flatMap((row) =>
      stringsOf({ ...row, type: undefined }),
    );
    expect(falseClaims(texts, FALSE_IN_DEMO_CONTENT)).toEqual([]);
  });

  it('each programme banner names what the running programme pays, and links to it', async () => {
    const db = t.ctx.db;
    const banner = async (slug: string) =>
      db
        .selectFrom('banners')
        .select(['title', 'link_url'])
        .where('image_url', '=', bannerImageUrl(slug))
        .executeTakeFirstOrThrow();
    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0] as T;

    const welcome = await banner('activity-welcome-bonus');
    expect(welcome).toEqual({ title: expect.stringMatching(/100%.*first deposit.*1,000/), link_url: '/promotions' });
    expect(
      await one(sql<{ n: number }>`
        SELECT count(*)::int AS n FROM promotions WHERE state = 'active' AND kind = 'deposit_match'
          AND (rules->>'percent')::int = 100 AND (rules->>'cap')::int = 1000 AND (rules->>'nthDeposit')::int = 1`),
    ).toEqual({ n: 1 });

    expect((await banner('activity-vip')).link_url).toBe('/member/vip');
    expect(
      await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM vip_levels WHERE level > 0 AND upgrade_bonus = 0`),
    ).toEqual({ n: 0 });
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM vip_levels WHERE level > 0`)).not.toEqual({
      n: 0,
    });

    // "claim it when you like": manual mode, and every level has a rate for slots.
    expect((await banner('activity-rebate')).link_url).toBe('/member/manualRebate');
    expect(await one(sql<{ mode: string }>`SELECT rebate_mode AS mode FROM vip_settings`)).toEqual({ mode: 'manual' });
    expect(
      await one(
        sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM vip_levels WHERE coalesce((rebate_rates->>'RNG')::int, 0) = 0`,
      ),
    ).toEqual({ n: 0 });

    // "log in, play, get paid": daily missions for logging in and for rounds are running.
    expect((await banner('activity-missions')).link_url).toBe('/member/missionLeaderboard');
    expect(
      await one(sql<{ n: number }>`
        SELECT count(DISTINCT task)::int AS n FROM missions
        WHERE state = 'active' AND period = 'daily' AND task IN ('login', 'rounds')`),
    ).toEqual({ n: 2 });

    expect((await banner('activity-points')).link_url).toBe('/pointMall');
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM points_rates WHERE rate_ppm > 0`)).not.toEqual({
      n: 0,
    });
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM points_rewards`)).not.toEqual({ n: 0 });

    // "earn on their first deposit": the programme is on and pays a first-deposit stage.
    expect((await banner('activity-invite')).link_url).toBe('/member/referral');
    expect(
      await one(sql<{ enabled: boolean; paid: boolean }>`
        SELECT enabled, (rules->'firstDeposit') IS NOT NULL AND rules->'firstDeposit' <> 'null'::jsonb AS paid
        FROM referral_settings`),
    ).toEqual({ enabled: true, paid: true });
  });

  it("the site's English texts make none of the false claims", () => {
    const en = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../web/src/locales/en.json'), 'utf8'));
    expect(falseClaims(stringsOf(en), FALSE_EVERYWHERE)).toEqual([]);
  });
});
