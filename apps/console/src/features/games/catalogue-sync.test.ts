import type { CatalogueSyncPreview, CatalogueSyncRun } from '@gamehall/shared/api/admin-games';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import games from '../../locales/en/games.json';
import {
  fieldValue,
  hasChanges,
  lastSyncLine,
  runLine,
  SCHEDULES,
  scheduleLabel,
  scheduleOfValue,
  scheduleValue,
  type Translate,
} from './catalogue-sync';

// Against the console's own English texts, so that a key renamed in games.json fails here.
let t: Translate;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { en: { games } },
    ns: ['games'],
    defaultNS: 'games',
    lng: 'en',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
  t = (key, options) => i18n.t(key, options);
});

const at = '2026-11-26T09:00:00.000Z';
const run = (over: Partial<CatalogueSyncRun> = {}): CatalogueSyncRun => ({
  id: 1,
  at,
  by: 'alice',
  added: 3,
  updated: 1,
  held: 2,
  released: 0,
  error: null,
  ...over,
});

const preview = (over: Partial<CatalogueSyncPreview> = {}): CatalogueSyncPreview => ({
  code: 'CALETA',
  digest: 'a'.repeat(64),
  listed: 10,
  skipped: 0,
  add: [],
  update: [],
  hold: [],
  release: [],
  unchanged: 10,
  ...over,
});

describe('the catalogue sync schedule', () => {
  it('offers only by hand, then every 6 hours, daily and weekly, each as a select value and back', () => {
    expect(SCHEDULES.map((h) => scheduleLabel(t, h))).toEqual(['Only by hand', 'Every 6 hours', 'Daily', 'Weekly']);
    expect(SCHEDULES.map(scheduleValue)).toEqual(['', '6', '24', '168']);
    for (const hours of SCHEDULES) expect(scheduleOfValue(scheduleValue(hours))).toBe(hours);
  });

  it('spells out a number of hours it does not name', () => {
    expect(scheduleLabel(t, 12)).toBe('Every 12 hours');
  });
});

describe('a sync run on one line', () => {
  it('says when, which operator and what it did', () => {
    expect(runLine(t, run())).toBe(
      `${formatDateTime(at)}, by alice: 3 added, 1 changed, 2 taken out of play, 0 back in play`,
    );
  });

  it('names the schedule for a run nobody started, and says why one did not apply', () => {
    expect(runLine(t, run({ by: null, error: 'The provider did not answer' }))).toBe(
      `${formatDateTime(at)}, by the schedule: not applied: The provider did not answer`,
    );
  });

  it('says so when the vendor was never synced', () => {
    expect(lastSyncLine(t, null)).toBe('Not synced yet.');
    expect(lastSyncLine(t, run({ by: null }))).toBe(
      `Last sync: ${formatDateTime(at)}, by the schedule: 3 added, 1 changed, 2 taken out of play, 0 back in play`,
    );
  });
});

describe('a preview', () => {
  it('has changes only when it adds, changes, takes out or brings back a game', () => {
    expect(hasChanges(preview())).toBe(false);
    expect(hasChanges(preview({ release: [{ nodeId: 1, gameCode: 'g1', name: 'Gold' }] }))).toBe(true);
    expect(
      hasChanges(preview({ hold: [{ nodeId: 1, gameCode: 'g1', name: 'Gold', reason: 'removed' }], unchanged: 9 })),
    ).toBe(true);
  });

  it('shows a changed RTP in percent and a missing value as none', () => {
    expect(fieldValue(t, 'rtp', '96.5')).toBe('96.5 %');
    expect(fieldValue(t, 'imageUrl', null)).toBe('none');
    expect(fieldValue(t, 'name', 'Gold Rush')).toBe('Gold Rush');
  });
});
