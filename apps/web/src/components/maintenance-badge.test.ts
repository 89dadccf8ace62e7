import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { formatMaintenanceEnd, maintenanceBadge } from './maintenance-badge';

// A tile of a vendor in maintenance names the announced end as the brand's clock reads it, in the
// reader's language; without an end it says so; a game in maintenance of its own keeps the plain mark.

const t = i18next.createInstance();
beforeAll(async () => {
  await t.init({
    lng: 'en',
    resources: { en: { translation: en }, de: { translation: de } },
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  });
});

const until = '2026-11-26T19:30:00.000Z';

describe('maintenance badge', () => {
  it('names the end in the brand time zone, the zone named', () => {
    const text = maintenanceBadge(
      t.t,
      { maintenance: true, vendorMaintenance: { until, timeZone: 'Asia/Manila' } },
      'en',
    );
    // 19:30 UTC is 03:30 the next day in Manila (UTC+8).
    expect(text).toBe(`Maintenance until ${formatMaintenanceEnd(until, 'Asia/Manila', 'en')}`);
    expect(text).toMatch(/Nov 27/);
    expect(text).toMatch(/03:30/);
    expect(text).toMatch(/GMT\+8/);
    expect(formatMaintenanceEnd(until, 'UTC', 'en')).toBe('Nov 26, 07:30 PM UTC');
  });

  it('speaks the member language', async () => {
    await t.changeLanguage('de');
    const text = maintenanceBadge(
      t.t,
      { maintenance: true, vendorMaintenance: { until, timeZone: 'Asia/Manila' } },
      'de',
    );
    expect(text).toMatch(/^Wartung bis 27\. Nov\.?,? 03:30/);
    expect(
      maintenanceBadge(t.t, { maintenance: true, vendorMaintenance: { until: null, timeZone: 'UTC' } }, 'de'),
    ).toBe('In Wartung');
    await t.changeLanguage('en');
  });

  it('says "Under maintenance" without an announced end, and the plain mark for a game of its own', () => {
    expect(
      maintenanceBadge(t.t, { maintenance: true, vendorMaintenance: { until: null, timeZone: 'UTC' } }, 'en'),
    ).toBe('Under maintenance');
    expect(maintenanceBadge(t.t, { maintenance: true, vendorMaintenance: null }, 'en')).toBe('Maintenance');
    expect(maintenanceBadge(t.t, { maintenance: false, vendorMaintenance: null }, 'en')).toBeNull();
  });

  it('falls back to UTC, named, for a zone the browser does not know', () => {
    expect(formatMaintenanceEnd(until, 'Mars/Olympus', 'en')).toBe('Nov 26, 07:30 PM UTC');
  });
});
