import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// The site may only promise what the brand really runs. The tables are RNG virtual tables (no
// dealers), there is no live chat (no round-the-clock support), and no promotion, VIP reward,
// rebate or points mall is running: none of the demo's texts, nor the site's English texts, says
// otherwise.
const FALSE_EVERYWHERE: readonly RegExp[] = [
  /\b(real|live) dealers?\b/i,
  /\bdealt by real\b/i,
  /\b24\s*\/\s*7\b/,
  /\b24 hours\b/i,
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
    ]);
  });

  it("the demo's banners, announcements, notices, help and member messages promise only what runs", async () => {
    const db = t.ctx.db;
    const banners = await db.selectFrom('banners').select('title').execute();
    const announcements = await db.selectFrom('announcements').select(['type', 'title', 'content']).execute();
    const notices = await db.selectFrom('notices').select(['title', 'content']).execute();
    const help = await db.selectFrom('help_articles').select(['title', 'content']).execute();
    const messages = await db.selectFrom('member_messages').select(['title', 'content']).execute();
    expect(banners.length * announcements.length * notices.length * messages.length).toBeGreaterThan(0);
    expect(announcements.filter((a) => a.type === 'PR')).toEqual([]);
    const texts = [...banners, ...announcements, ...notices, ...help, ...messages].flatMap((row) =>
      stringsOf({ ...row, type: undefined }),
    );
    expect(falseClaims(texts, FALSE_IN_DEMO_CONTENT)).toEqual([]);
  });

  it("the site's English texts make none of the false claims", () => {
    const en = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../../web/src/locales/en.json'), 'utf8'));
    expect(falseClaims(stringsOf(en), FALSE_EVERYWHERE)).toEqual([]);
  });
});
