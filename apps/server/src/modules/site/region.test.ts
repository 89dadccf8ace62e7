// vitest: isolate: the first test watches the IP database load lazily, once per process
import { describe, expect, it } from 'vitest';
import {
  blockListOf,
  cachedRegionVerdicts,
  countryOf,
  forgetRegionVerdicts,
  geoipLoadTime,
  isLocalAddress,
  isRegionRestricted,
  normalizeIp,
  REGION_VERDICTS_MAX,
  type RegionRules,
} from './region';

const rules = (r: Partial<RegionRules>): RegionRules => ({
  enabled: true,
  blockedCountries: [],
  allowedCidrs: [],
  blockedCidrs: [],
  ...r,
});

describe('region restriction', () => {
  it('loads the IP database only on the first country lookup, and only once', () => {
    // CIDR-only rules never need a country.
    expect(isRegionRestricted('8.8.8.8', rules({ blockedCidrs: ['8.8.8.0/24'] }))).toBe(true);
    expect(isRegionRestricted('127.0.0.1', rules({}))).toBe(false);
    expect(geoipLoadTime()).toBeUndefined();
    expect(countryOf('8.8.8.8')).toBe('US');
    const loadMs = geoipLoadTime();
    expect(loadMs).toBeGreaterThan(0);
    // Later lookups use the loaded database: the load (and its time) is not repeated.
    countryOf('81.2.69.142');
    expect(geoipLoadTime()).toBe(loadMs);
  });

  it('maps public addresses to the countries the bundled database gives', () => {
    expect(countryOf('101.127.0.1')).toBe('SG');
    expect(countryOf('175.176.0.1')).toBe('PH');
    expect(countryOf('81.2.69.142')).toBe('GB');
    expect(countryOf('2001:4860:4860::8888')).toBe('US');
    expect(countryOf('::ffff:8.8.8.8')).toBe('US');
  });

  it('gives no country to local, private or malformed addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLocalAddress(ip), ip).toBe(true);
      expect(countryOf(ip), ip).toBeNull();
    }
    expect(isLocalAddress('8.8.8.8')).toBe(false);
    expect(countryOf('not-an-ip')).toBeNull();
    expect(countryOf('')).toBeNull();
  });

  it('unwraps IPv4-mapped IPv6 addresses', () => {
    expect(normalizeIp('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(normalizeIp('::FFFF:1.2.3.4')).toBe('1.2.3.4');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeIp(' 8.8.8.8 ')).toBe('8.8.8.8');
  });

  it('refuses blocked countries but never local addresses by country', () => {
    const r = rules({ blockedCountries: ['us', 'SG'] });
    expect(isRegionRestricted('8.8.8.8', r)).toBe(true);
    expect(isRegionRestricted('::ffff:8.8.8.8', r)).toBe(true);
    expect(isRegionRestricted('2001:4860:4860::8888', r)).toBe(true);
    expect(isRegionRestricted('101.127.0.1', r)).toBe(true);
    expect(isRegionRestricted('175.176.0.1', r)).toBe(false);
    expect(isRegionRestricted('127.0.0.1', r)).toBe(false);
    expect(isRegionRestricted('10.0.0.1', r)).toBe(false);
    expect(isRegionRestricted('::1', r)).toBe(false);
  });

  it('lets allowed ranges win, then blocked ranges, then countries', () => {
    const r = rules({
      blockedCountries: ['US'],
      allowedCidrs: ['8.8.8.0/24', '2001:4860::/32'],
      blockedCidrs: ['8.0.0.0/8', '175.176.0.0/16', '127.0.0.2'],
    });
    expect(isRegionRestricted('8.8.8.8', r)).toBe(false); // allowed beats blocked range and country
    expect(isRegionRestricted('::ffff:8.8.8.8', r)).toBe(false);
    expect(isRegionRestricted('2001:4860:4860::8888', r)).toBe(false);
    expect(isRegionRestricted('8.8.4.4', r)).toBe(true); // blocked range
    expect(isRegionRestricted('175.176.0.1', r)).toBe(true); // blocked range, allowed country
    expect(isRegionRestricted('127.0.0.2', r)).toBe(true); // an explicit range refuses even loopback
    expect(isRegionRestricted('127.0.0.1', r)).toBe(false);
    expect(isRegionRestricted('1.1.1.1', rules({ blockedCidrs: ['1.1.1.1'] }))).toBe(true);
  });

  it('matches IPv4 ranges written in mapped form and IPv6 ranges', () => {
    const list = blockListOf(['::ffff:81.2.69.0/120', '2001:db8::/32']);
    expect(list.check('81.2.69.142', 'ipv4')).toBe(true);
    expect(list.check('81.2.70.1', 'ipv4')).toBe(false);
    expect(list.check('2001:db8::5', 'ipv6')).toBe(true);
    expect(isRegionRestricted('::ffff:81.2.69.142', rules({ blockedCidrs: ['81.2.69.0/24'] }))).toBe(true);
  });

  it('skips invalid entries instead of failing', () => {
    const list = blockListOf(['nonsense', '1.2.3.4/33', '1.2.3.4/x', '', '5.6.7.0/24']);
    expect(list.check('5.6.7.8', 'ipv4')).toBe(true);
    expect(list.check('1.2.3.4', 'ipv4')).toBe(false);
  });

  it('refuses nobody when switched off or for an unreadable address', () => {
    expect(isRegionRestricted('8.8.8.8', rules({ enabled: false, blockedCountries: ['US'] }))).toBe(false);
    expect(isRegionRestricted('garbage', rules({ blockedCountries: ['US'], blockedCidrs: ['0.0.0.0/0'] }))).toBe(false);
  });
});

describe('the verdict cache', () => {
  it('keeps at most REGION_VERDICTS_MAX addresses, dropping the least recently used', () => {
    forgetRegionVerdicts();
    const r = rules({ blockedCidrs: ['10.0.0.0/8'] });
    const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    for (let i = 0; i < REGION_VERDICTS_MAX; i++) expect(isRegionRestricted(ip(i), r)).toBe(true);
    expect(cachedRegionVerdicts()).toBe(REGION_VERDICTS_MAX);
    // The first address is used again, so the second is now the least recently used.
    expect(isRegionRestricted(ip(0), r)).toBe(true);
    expect(isRegionRestricted('8.8.8.8', r)).toBe(false);
    expect(cachedRegionVerdicts()).toBe(REGION_VERDICTS_MAX);
    // The same rules read again into a new object (the brand's refresh) keep the verdicts.
    expect(isRegionRestricted('8.8.8.8', rules({ blockedCidrs: ['10.0.0.0/8'] }))).toBe(false);
    expect(cachedRegionVerdicts()).toBe(REGION_VERDICTS_MAX);
    // Different rules start afresh, and give the new verdict for an address cached under the old.
    const changed = rules({ blockedCidrs: ['8.8.8.0/24'] });
    expect(isRegionRestricted('8.8.8.8', changed)).toBe(true);
    expect(isRegionRestricted(ip(0), changed)).toBe(false);
    expect(cachedRegionVerdicts()).toBe(2);
    forgetRegionVerdicts();
    expect(cachedRegionVerdicts()).toBe(0);
  });
});
