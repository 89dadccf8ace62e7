import { HostUrl, SafeLinkUrl } from '@gamehall/shared/api/common';
import { toMajor, toMinor } from '@gamehall/shared/money';
import { z } from 'zod';

// How the console edits each brand setting: its group, its control and the check it passes before
// it is sent. The types mirror the server's BrandSettingsSchema (apps/server/src/modules/site/
// brand.service.ts), which checks every value again; a key the console does not know yet is shown
// under "other" with a control guessed from its value.

export type Leaf =
  | { kind: 'text'; schema: z.ZodType }
  | { kind: 'number'; schema: z.ZodType }
  /** An amount of money: typed in major units (two decimals at most), stored in minor units. */
  | { kind: 'money'; schema: z.ZodType }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: readonly string[] }
  /** A list of strings, one a line; `emptyAs` is the value an empty box saves. */
  | { kind: 'list'; item: z.ZodType; upper?: boolean; emptyAs?: string[] }
  /** name -> link, one `name url` a line. */
  | { kind: 'routes' }
  /** code -> whole number, one `code number` a line (a fee in parts per million per vendor). */
  | { kind: 'numberMap'; key: z.ZodType<string>; value: z.ZodType }
  | { kind: 'json' };

export type SettingSpec = {
  key: string;
  group: SettingGroup;
  /** A plain value, or an object whose fields each have a control. */
  shape: Leaf | { kind: 'object'; fields: Record<string, Leaf> };
  /** Asks before saving when this returns true for the change. */
  dangerous?: (before: unknown, after: unknown) => boolean;
};

export const SETTING_GROUPS = [
  'site',
  'maintenance',
  'region',
  'languages',
  'security',
  'cashier',
  'operators',
  'agents',
  'other',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

const required = z.string().trim().min(1).max(200);
const optional = z.string().trim().max(200);
const int = (min: number, max = 1_000_000_000) => z.number().int().min(min).max(max);
const language = z
  .string()
  .trim()
  .regex(/^[A-Z]{2,3}(-[A-Z0-9]{2,4})?$/);
const vendorCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,20}$/);
const timeZone = z
  .string()
  .trim()
  .min(1)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { params: { reason: 'INVALID' } },
  );
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?$/;
const IPV6 = /^[0-9a-f:]*:[0-9a-f:.]*(\/(12[0-8]|1[01]\d|[1-9]?\d))?$/i;
const cidr = z
  .string()
  .trim()
  .refine((s) => IPV4.test(s) || IPV6.test(s), { params: { reason: 'INVALID' } });
const country = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/);

/** Parts per million: 10,000 is 1%, 1,000,000 all of it. */
const PPM = int(0, 1_000_000);

const turnedOn = (field: string) => (before: unknown, after: unknown) =>
  (after as Record<string, unknown>)?.[field] === true && (before as Record<string, unknown>)?.[field] !== true;

export const SETTINGS: SettingSpec[] = [
  { key: 'siteName', group: 'site', shape: { kind: 'text', schema: required } },
  { key: 'merchantCode', group: 'site', shape: { kind: 'text', schema: required } },
  { key: 'platform', group: 'site', shape: { kind: 'text', schema: required } },
  { key: 'lotteryType', group: 'site', shape: { kind: 'text', schema: required } },
  { key: 'timeZone', group: 'site', shape: { kind: 'text', schema: timeZone } },
  { key: 'customerServiceUrl', group: 'site', shape: { kind: 'text', schema: SafeLinkUrl } },
  { key: 'imageCDNs', group: 'site', shape: { kind: 'list', item: HostUrl, emptyAs: [''] } },
  { key: 'launchGameCDNs', group: 'site', shape: { kind: 'list', item: HostUrl, emptyAs: [''] } },
  { key: 'gtagId', group: 'site', shape: { kind: 'text', schema: optional } },
  { key: 'cookieConsentBanner', group: 'site', shape: { kind: 'boolean' } },
  {
    key: 'maintenance',
    group: 'maintenance',
    shape: {
      kind: 'object',
      fields: {
        enabled: { kind: 'boolean' },
        title: { kind: 'text', schema: required },
        info: { kind: 'text', schema: z.string().trim().min(1).max(2000) },
      },
    },
    dangerous: turnedOn('enabled'),
  },
  {
    key: 'regionRestriction',
    group: 'region',
    shape: {
      kind: 'object',
      fields: {
        enabled: { kind: 'boolean' },
        blockedCountries: { kind: 'list', item: country, upper: true },
        allowedCidrs: { kind: 'list', item: cidr },
        blockedCidrs: { kind: 'list', item: cidr },
      },
    },
    // Any change of who may reach the site can lock players (or the operators' own office) out.
    dangerous: () => true,
  },
  { key: 'defaultLanguage', group: 'languages', shape: { kind: 'text', schema: language } },
  { key: 'supportedLanguages', group: 'languages', shape: { kind: 'list', item: language, upper: true } },
  { key: 'mainDomain', group: 'languages', shape: { kind: 'text', schema: required } },
  { key: 'domainRoute', group: 'languages', shape: { kind: 'routes' } },
  { key: 'registerMethod', group: 'security', shape: { kind: 'text', schema: required } },
  { key: 'defaultPassword', group: 'security', shape: { kind: 'text', schema: required } },
  { key: 'passwordExpiryDays', group: 'security', shape: { kind: 'number', schema: int(1) } },
  { key: 'minAge', group: 'security', shape: { kind: 'number', schema: int(0, 150) } },
  { key: 'birthdayCheckAge', group: 'security', shape: { kind: 'number', schema: int(0, 150) } },
  { key: 'mobileDigits', group: 'security', shape: { kind: 'number', schema: int(6, 15) } },
  { key: 'smsExpiredMinutes', group: 'security', shape: { kind: 'number', schema: int(1, 60) } },
  { key: 'smsDailyQuota', group: 'security', shape: { kind: 'number', schema: int(0) } },
  { key: 'challengeEnabled', group: 'security', shape: { kind: 'boolean' } },
  { key: 'captchaAfterFailures', group: 'security', shape: { kind: 'number', schema: int(0) } },
  { key: 'newIpVerification', group: 'security', shape: { kind: 'boolean' } },
  { key: 'currency', group: 'cashier', shape: { kind: 'text', schema: required } },
  { key: 'currencySymbol', group: 'cashier', shape: { kind: 'text', schema: required } },
  { key: 'walletMode', group: 'cashier', shape: { kind: 'enum', options: ['single', 'transfer'] } },
  { key: 'esportsVendors', group: 'cashier', shape: { kind: 'list', item: vendorCode, upper: true } },
  { key: 'cockfightVendors', group: 'cashier', shape: { kind: 'list', item: vendorCode, upper: true } },
  { key: 'adjustmentApprovalThreshold', group: 'operators', shape: { kind: 'money', schema: int(0) } },
  {
    key: 'bonusAdjustmentWagering',
    group: 'operators',
    shape: {
      kind: 'object',
      fields: {
        multiple: { kind: 'number', schema: int(1, 100) },
        days: { kind: 'number', schema: int(1, 365) },
        otherPercent: { kind: 'number', schema: int(0, 100) },
        contributions: {
          kind: 'numberMap',
          key: z.string().trim().min(1).max(16),
          value: int(0, 100),
        },
      },
    },
  },
  {
    key: 'operatorTwoFactorRequired',
    group: 'operators',
    shape: { kind: 'boolean' },
    dangerous: (before, after) => after === true && before !== true,
  },
  { key: 'operatorIdleMinutes', group: 'operators', shape: { kind: 'number', schema: int(1, 24 * 60) } },
  {
    // The agents' dividend base (docs/agents.md "Figures"): which house payments are deducted, and the fees.
    key: 'agentNgr',
    group: 'agents',
    shape: {
      kind: 'object',
      fields: {
        bonus: { kind: 'boolean' },
        rebate: { kind: 'boolean' },
        mission: { kind: 'boolean' },
        ticket: { kind: 'boolean' },
        referral: { kind: 'boolean' },
        vip: { kind: 'boolean' },
        points: { kind: 'boolean' },
        manual: { kind: 'boolean' },
        providerFeePpm: {
          kind: 'numberMap',
          key: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9_-]{1,40}$/),
          value: PPM,
        },
        paymentFeePpm: { kind: 'number', schema: PPM },
      },
    },
  },
  { key: 'agentPayoutHoldThreshold', group: 'agents', shape: { kind: 'number', schema: int(0) } },
  { key: 'agentNetLosingBranches', group: 'agents', shape: { kind: 'boolean' } },
  { key: 'agentCarrySurvivesNewContract', group: 'agents', shape: { kind: 'boolean' } },
];

const KNOWN = new Map(SETTINGS.map((s) => [s.key, s]));

/** The spec of a key; one the console does not know gets a control from its current value. */
export function specOf(key: string, value: unknown): SettingSpec {
  const known = KNOWN.get(key);
  if (known) return known;
  const shape: Leaf =
    typeof value === 'boolean'
      ? { kind: 'boolean' }
      : typeof value === 'number'
        ? { kind: 'number', schema: z.number() }
        : typeof value === 'string'
          ? { kind: 'text', schema: z.string() }
          : Array.isArray(value) && value.every((v) => typeof v === 'string')
            ? { kind: 'list', item: z.string() }
            : { kind: 'json' };
  return { key, group: 'other', shape };
}

// ---- the form's values (strings and booleans) <-> the setting's JSON value

export type Draft = string | boolean | Record<string, string | boolean>;

function leafDraft(leaf: Leaf, value: unknown): string | boolean {
  switch (leaf.kind) {
    case 'boolean':
      return value === true;
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value) ? String(toMajor(value)) : '';
    case 'list':
      return Array.isArray(value) ? value.filter((v) => v !== '').join('\n') : '';
    case 'routes':
      return Object.entries((value ?? {}) as Record<string, string>)
        .map(([name, url]) => `${name} ${url}`)
        .join('\n');
    case 'numberMap':
      return Object.entries((value ?? {}) as Record<string, number>)
        .map(([code, n]) => `${code} ${n}`)
        .join('\n');
    case 'json':
      return JSON.stringify(value, null, 2);
    default:
      return typeof value === 'string' ? value : '';
  }
}

function leafValue(leaf: Leaf, draft: string | boolean): unknown {
  const text = typeof draft === 'string' ? draft : '';
  switch (leaf.kind) {
    case 'boolean':
      return draft === true;
    case 'number':
      return text.trim() === '' ? undefined : Number(text);
    case 'money': {
      // Not an amount (letters, three decimals): NaN, which the setting's check names as invalid.
      const major = text.trim().replace(/,/g, '');
      if (major === '') return undefined;
      if (!/^\d{1,13}(\.\d{1,2})?$/.test(major)) return Number.NaN;
      return toMinor(Number(major));
    }
    case 'list': {
      const items = text
        .split('\n')
        .map((s) => (leaf.upper ? s.trim().toUpperCase() : s.trim()))
        .filter((s) => s !== '');
      return items.length === 0 && leaf.emptyAs ? leaf.emptyAs : items;
    }
    case 'routes':
      return Object.fromEntries(
        text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .map((line) => {
            const [name = '', ...rest] = line.split(/\s+/);
            return [name, rest.join(' ')];
          }),
      );
    case 'numberMap':
      return Object.fromEntries(
        text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .map((line) => {
            const [code = '', ...rest] = line.split(/\s+/);
            const n = rest.join('');
            // A line without a whole number keeps its text, so the check names it instead of dropping it.
            return [code, /^\d+$/.test(n) ? Number(n) : n];
          }),
      );
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    default:
      return text.trim();
  }
}

function leafSchema(leaf: Leaf): z.ZodType {
  switch (leaf.kind) {
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(leaf.options as [string, ...string[]]);
    case 'list':
      return z.array(leaf.item).max(200);
    case 'routes':
      return z
        .record(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), SafeLinkUrl)
        .refine((r) => Object.keys(r).length > 0, { params: { reason: 'REQUIRED' } });
    case 'numberMap':
      return z.record(leaf.key, leaf.value);
    case 'json':
      return z.unknown().refine((v) => v !== undefined, { params: { reason: 'INVALID' } });
    default:
      return leaf.schema;
  }
}

export function toDraft(spec: SettingSpec, value: unknown): Draft {
  if (spec.shape.kind !== 'object') return leafDraft(spec.shape, value);
  const obj = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(spec.shape.fields).map(([name, leaf]) => [name, leafDraft(leaf, obj[name])]),
  );
}

export function fromDraft(spec: SettingSpec, draft: Draft): unknown {
  if (spec.shape.kind !== 'object') return leafValue(spec.shape, draft as string | boolean);
  const d = draft as Record<string, string | boolean>;
  return Object.fromEntries(
    Object.entries(spec.shape.fields).map(([name, leaf]) => [name, leafValue(leaf, d[name] ?? '')]),
  );
}

/**
 * The schema a saved value is checked with: a plain setting as `{ value }`, an object by its
 * fields, so the field errors name the control they belong to.
 */
export function formSchema(spec: SettingSpec): z.ZodType {
  if (spec.shape.kind !== 'object') return z.object({ value: leafSchema(spec.shape) });
  return z.object(
    Object.fromEntries(Object.entries(spec.shape.fields).map(([name, leaf]) => [name, leafSchema(leaf)])),
  );
}
