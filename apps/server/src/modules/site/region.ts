import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';

// spec §2 whole-site states: status 2 refuses visitors by location or IP. The country comes from the
// offline GeoLite2 database shipped in `geoip-country`; the rules are brand data (regionRestriction).

export type RegionRules = {
  enabled: boolean;
  blockedCountries: string[];
  allowedCidrs: string[];
  blockedCidrs: string[];
};

type GeoipCountry = { lookup(ip: string): { country: string } | null };

let geoip: GeoipCountry | undefined;
let geoipLoadMs: number | undefined;

// The package reads and indexes ~8 MB of data synchronously when it is required, so it is loaded on
// the first lookup rather than at start-up.
function loadGeoip(): GeoipCountry {
  if (!geoip) {
    const started = performance.now();
    geoip = createRequire(import.meta.url)('geoip-country') as GeoipCountry;
    geoipLoadMs = performance.now() - started;
  }
  return geoip;
}

/** How long loading the IP database took, once it has been loaded (for diagnostics and tests). */
export function geoipLoadTime(): number | undefined {
  return geoipLoadMs;
}

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4 seen through a dual-stack socket. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/** ISO country code of a public address, or null (private, reserved, unknown or not an IP). */
export function countryOf(ip: string): string | null {
  const address = normalizeIp(ip);
  if (!isIP(address) || isLocalAddress(address)) return null;
  return loadGeoip().lookup(address)?.country ?? null;
}

const local = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  local.addSubnet(net, prefix, 'ipv4');
local.addAddress('::', 'ipv6');
local.addAddress('::1', 'ipv6');
local.addSubnet('fc00::', 7, 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

/** Loopback, private, link-local and carrier-grade NAT addresses: never restricted by country. */
export function isLocalAddress(ip: string): boolean {
  const address = normalizeIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return local.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type CompiledRules = {
  allowed: BlockList;
  blocked: BlockList;
  countries: Set<string>;
  /** Verdicts by address under these rules, least recently used first (a Map keeps insertion order). */
  verdicts: Map<string, boolean>;
};

/** How many addresses' verdicts are kept; the least recently used one goes first. */
export const REGION_VERDICTS_MAX = 10_000;

// The brand is re-read every few seconds (brand.service.ts) into a new object, while its rules
// rarely change: the compiled lists and the verdicts are kept per rules' content, so a re-read with
// the same rules keeps them and a change of the rules starts afresh. One set at a time: a process
// serves one brand.
let current: { key: string; compiled: CompiledRules } | undefined;
const keys = new WeakMap<RegionRules, string>();

function keyOf(rules: RegionRules): string {
  let key = keys.get(rules);
  if (key === undefined) {
    key = JSON.stringify([rules.blockedCountries, rules.allowedCidrs, rules.blockedCidrs]);
    keys.set(rules, key);
  }
  return key;
}

function compile(rules: RegionRules): CompiledRules {
  const key = keyOf(rules);
  if (current?.key === key) return current.compiled;
  const compiled: CompiledRules = {
    allowed: blockListOf(rules.allowedCidrs),
    blocked: blockListOf(rules.blockedCidrs),
    countries: new Set(rules.blockedCountries.map((code) => code.trim().toUpperCase())),
    verdicts: new Map(),
  };
  current = { key, compiled };
  return compiled;
}

/**
 * Drops the compiled rules and every cached verdict. Called when the brand's settings change
 * (site-state.ts hears it from any node through the invalidation channel), so a rule change is not
 * left to the brand's cache time.
 */
export function forgetRegionVerdicts(): void {
  current = undefined;
}

/** How many verdicts are cached now (for tests). */
export function cachedRegionVerdicts(): number {
  return current?.compiled.verdicts.size ?? 0;
}

/** A CIDR list as a BlockList; a bare address counts as a single host, an invalid entry is skipped. */
export function blockListOf(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const entry of cidrs) {
    const [rawNet = '', rawPrefix] = entry.trim().split('/');
    const net = normalizeIp(rawNet);
    const family = isIP(net);
    if (family === 0) continue;
    const max = family === 4 ? 32 : 128;
    // An IPv4 range written in mapped form (::ffff:10.0.0.0/104) is the IPv4 range /8.
    const mappedShift = net !== rawNet ? 96 : 0;
    const prefix = rawPrefix === undefined ? max : Number(rawPrefix) - mappedShift;
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) continue;
    list.addSubnet(net, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/**
 * Whether a visitor is refused: allowed ranges win, then blocked ranges, then blocked countries.
 * Local addresses never match a country (they have none), so only an explicit range refuses them.
 */
export function isRegionRestricted(ip: string, rules: RegionRules): boolean {
  if (!rules.enabled) return false;
  const c = compile(rules);
  // Checking an address against a BlockList parses it into a SocketAddress per list, on every /wps
  // request; its verdict only changes with the rules, so it is looked up once per address.
  const cached = c.verdicts.get(ip);
  if (cached !== undefined) {
    c.verdicts.delete(ip);
    c.verdicts.set(ip, cached);
    return cached;
  }
  const verdict = verdictOf(ip, c);
  if (c.verdicts.size >= REGION_VERDICTS_MAX) {
    const oldest = c.verdicts.keys().next().value;
    if (oldest !== undefined) c.verdicts.delete(oldest);
  }
  c.verdicts.set(ip, verdict);
  return verdict;
}

function verdictOf(ip: string, c: CompiledRules): boolean {
  const address = normalizeIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (c.allowed.check(address, type)) return false;
  if (c.blocked.check(address, type)) return true;
  if (c.countries.size === 0) return false;
  const country = countryOf(address);
  return country !== null && c.countries.has(country);
}
