import { HostUrl, SafeLinkUrl } from '@gamehall/shared/api/common';
import { MAX_MONEY_MINOR } from '@gamehall/shared/money';
import { z } from 'zod';
import { minorFromText, textFromMinor } from '../../lib/money-input';

// How the console edits each brand setting: its group, its control and the check it passes before
// it is sent. The types mirror the server's BrandSettingsSchema (apps/server/src/modules/brand/
// brand.service.ts), which checks every value again; a key the console does not know yet is shown
// under "other" with a control guessed from its value.

/** A cell of a row list: text, or a whole number. */
export type Column =
  | { kind: 'text'; schema: z.ZodType; input?: 'text' | 'url' }
  | { kind: 'number'; schema: z.ZodType };

export type Leaf =
  | { kind: 'text'; schema: z.ZodType; input?: 'time' }
  | { kind: 'number'; schema: z.ZodType }
  /** An amount of money: typed in major units (two decimals at most), stored in minor units. */
  | { kind: 'money' }
  /** A share typed in per cent (four decimals at most), stored in parts per million; up to `max` per cent. */
  | { kind: 'percent'; max: number }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: readonly string[] }
  /** A list of strings, one a line; `emptyAs` is the value an empty box saves. */
  | { kind: 'list'; item: z.ZodType; upper?: boolean; emptyAs?: string[] }
  /**
   * Rows of typed cells, added, removed and moved one by one. Stored as a list of objects, or with
   * `record` as an object from each row's `key` cell to its `value` cell (keys unique).
   */
  | {
      kind: 'rows';
      columns: Record<string, Column>;
      max: number;
      min?: number;
      unique?: string;
      record?: { key: string; value: string };
    }
  /** One amount per level (0, 1, 2...), in money; an empty box is no limit (null). */
  | { kind: 'moneyLevels'; count: number }
  | { kind: 'json' };

export type ObjectShape = {
  kind: 'object';
  fields: Record<string, Leaf>;
  /** The boolean field that, switched on, saves null instead of the other fields (chat hours: always open). */
  nullWhen?: string;
};

export type SettingSpec = {
  key: string;
  group: SettingGroup;
  /** A plain value, or an object whose fields each have a control. */
  shape: Leaf | ObjectShape;
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
  'kyc',
  'support',
  'risk',
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
const routeName = z
  .string()
  .trim()
  .min(1)
  .regex(/^[A-Za-z0-9_-]{1,40}$/);
const clock = z
  .string()
  .trim()
  .min(1)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/);

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
  {
    key: 'domainRoute',
    group: 'languages',
    shape: {
      kind: 'rows',
      columns: { name: { kind: 'text', schema: routeName }, url: { kind: 'text', schema: SafeLinkUrl, input: 'url' } },
      min: 1,
      max: 50,
      record: { key: 'name', value: 'url' },
    },
  },
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
  { key: 'kycWithdrawalLevel', group: 'kyc', shape: { kind: 'number', schema: int(0, 3) } },
  // Levels 0..3 (docs/kyc.md): what a member at each level may withdraw in a brand day.
  { key: 'kycDailyWithdrawalLimits', group: 'kyc', shape: { kind: 'moneyLevels', count: 4 } },
  { key: 'feedbackMinWords', group: 'support', shape: { kind: 'number', schema: int(1, 500) } },
  { key: 'feedbackMaxWords', group: 'support', shape: { kind: 'number', schema: int(1, 1000) } },
  {
    key: 'chatEntryPoints',
    group: 'support',
    shape: {
      kind: 'rows',
      columns: {
        code: { kind: 'text', schema: z.string().trim().min(1).max(40) },
        name: { kind: 'text', schema: z.string().trim().min(1).max(60) },
      },
      max: 20,
      unique: 'code',
    },
  },
  {
    key: 'chatHours',
    group: 'support',
    shape: {
      kind: 'object',
      fields: {
        alwaysOpen: { kind: 'boolean' },
        from: { kind: 'text', schema: clock, input: 'time' },
        to: { kind: 'text', schema: clock, input: 'time' },
      },
      nullWhen: 'alwaysOpen',
    },
  },
  {
    // docs/risk.md "Settings": the thresholds of linked accounts, abuse flags and risk levels.
    key: 'risk',
    group: 'risk',
    shape: {
      kind: 'object',
      fields: {
        ipSharedBeyond: { kind: 'number', schema: int(1, 100) },
        ipIgnoreAbove: { kind: 'number', schema: int(2, 100) },
        bonusWindowHours: { kind: 'number', schema: int(1, 24 * 30) },
        minimalTurnoverPercent: { kind: 'number', schema: int(0, 10_000) },
        lowRiskSharePercent: { kind: 'number', schema: int(0, 100) },
        lowRiskOdds1000: { kind: 'number', schema: int(1000, 100_000) },
        lowRiskReturnBandPercent: { kind: 'number', schema: int(0, 100) },
        referralDeviceAccounts: { kind: 'number', schema: int(2, 1000) },
        raiseOnConfirm: { kind: 'boolean' },
      },
    },
  },
  {
    // docs/pvp.md "Integrity report": when the card room's integrity flags are raised.
    key: 'pvpIntegrity',
    group: 'risk',
    shape: {
      kind: 'object',
      fields: {
        dumpMinAmount: { kind: 'money' },
        dumpMinHands: { kind: 'number', schema: int(1, 10_000) },
        dumpMinSuspiciousPercent: { kind: 'number', schema: int(0, 100) },
        dumpBigFoldBigBlinds: { kind: 'number', schema: int(1, 1_000) },
        softMinSharedStreets: { kind: 'number', schema: int(1, 100_000) },
        softMaxSharedAggressionPercent: { kind: 'number', schema: int(0, 100) },
        softMinOtherAggressionPercent: { kind: 'number', schema: int(0, 100) },
        linkedMinHands: { kind: 'number', schema: int(1, 100_000) },
      },
    },
  },
  {
    // docs/sportsbook.md "Risk level": the sportsbook stake limits of a member at each risk level
    // (normal is always the book's own).
    key: 'sportsbookRiskFactors',
    group: 'risk',
    shape: {
      kind: 'object',
      fields: {
        low: { kind: 'percent', max: 1000 },
        high: { kind: 'percent', max: 1000 },
        blocked: { kind: 'percent', max: 1000 },
      },
    },
  },
  { key: 'adjustmentApprovalThreshold', group: 'operators', shape: { kind: 'money' } },
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
          kind: 'rows',
          columns: {
            gameType: { kind: 'text', schema: z.string().trim().min(1).max(16) },
            percent: { kind: 'number', schema: int(0, 100) },
          },
          max: 50,
          unique: 'gameType',
          record: { key: 'gameType', value: 'percent' },
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
        manualCorrection: { kind: 'boolean' },
        manualGoodwill: { kind: 'boolean' },
        providerFeePpm: {
          kind: 'rows',
          columns: { vendor: { kind: 'text', schema: routeName }, ppm: { kind: 'number', schema: PPM } },
          max: 200,
          record: { key: 'vendor', value: 'ppm' },
        },
        paymentFeePpm: { kind: 'number', schema: PPM },
      },
    },
  },
  { key: 'agentPayoutHoldThreshold', group: 'agents', shape: { kind: 'money' } },
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

// ---- the form's values (strings, booleans, rows) <-> the setting's JSON value

export type Row = Record<string, string>;
export type LeafDraft = string | boolean | Row[] | string[];
export type Draft = LeafDraft | Record<string, LeafDraft>;

/**
 * What is wrong with a control or a cell: a reason (REQUIRED, MIN, PATTERN, AMOUNT, DUPLICATE...)
 * and the bound it broke, if any. Errors are keyed by path: `value` for a plain setting, the field's
 * name in an object, then `.row.column` for a cell of a row list or `.level` for one amount.
 */
export type Problem = { reason: string; bound?: number };
export type Problems = Record<string, Problem>;

function reasonOf(issue: z.core.$ZodIssue): Problem {
  const own = (issue as { params?: { reason?: unknown } }).params?.reason;
  if (typeof own === 'string') return { reason: own };
  switch (issue.code) {
    case 'invalid_type':
      // Typed values reach the schemas as numbers or strings; a missing one is undefined, and a
      // number box holding no number is NaN (refused as not valid, not as missing).
      if (issue.expected === 'int') return { reason: 'WHOLE' };
      return { reason: /received NaN/.test(issue.message) ? 'INVALID' : 'REQUIRED' };
    case 'too_small': {
      const bound = Number(issue.minimum);
      if (issue.origin === 'string') return bound === 1 ? { reason: 'REQUIRED' } : { reason: 'TOO_SHORT', bound };
      if (issue.origin === 'array') return { reason: 'TOO_FEW', bound };
      return { reason: 'MIN', bound };
    }
    case 'too_big': {
      const bound = Number(issue.maximum);
      if (issue.origin === 'string') return { reason: 'TOO_LONG', bound };
      if (issue.origin === 'array') return { reason: 'TOO_MANY', bound };
      return { reason: 'MAX', bound };
    }
    case 'invalid_format':
      return { reason: 'PATTERN' };
    default:
      return { reason: 'INVALID' };
  }
}

/** Every issue of a parse, first one per path, the path under `prefix`. */
function problemsOf(error: z.ZodError, prefix: string): Problems {
  const out: Problems = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.');
    out[path] ??= reasonOf(issue);
  }
  return out;
}

function cellDraft(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function leafDraft(leaf: Leaf, value: unknown): LeafDraft {
  switch (leaf.kind) {
    case 'boolean':
      return value === true;
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'money':
      return textFromMinor(value);
    case 'percent':
      return typeof value === 'number' ? String(value / 10_000) : '';
    case 'moneyLevels': {
      const levels = Array.isArray(value) ? value : [];
      return Array.from({ length: leaf.count }, (_, i) => textFromMinor(levels[i]));
    }
    case 'list':
      return Array.isArray(value) ? value.filter((v) => v !== '').join('\n') : '';
    case 'rows': {
      const { record } = leaf;
      const rows: Record<string, unknown>[] = record
        ? Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => ({
            [record.key]: k,
            [record.value]: v,
          }))
        : Array.isArray(value)
          ? (value as Record<string, unknown>[])
          : [];
      return rows.map((r) => Object.fromEntries(Object.keys(leaf.columns).map((name) => [name, cellDraft(r?.[name])])));
    }
    case 'json':
      return JSON.stringify(value, null, 2);
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** A cell's typed value: a number column reads its digits; '' is no value, which the check names. */
function cellValue(column: Column, text: string): unknown {
  const trimmed = text.trim();
  if (column.kind === 'text') return trimmed;
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function moneyProblem(): Problem {
  return { reason: 'AMOUNT', bound: MAX_MONEY_MINOR };
}

/** A control's draft -> its value and what is wrong with it (paths under `path`). */
function parseLeaf(leaf: Leaf, draft: LeafDraft, path: string): { value: unknown; problems: Problems } {
  const text = typeof draft === 'string' ? draft : '';
  const checked = (schema: z.ZodType, value: unknown) => {
    const r = schema.safeParse(value);
    return r.success ? { value: r.data, problems: {} } : { value, problems: problemsOf(r.error, path) };
  };
  switch (leaf.kind) {
    case 'boolean':
      return { value: draft === true, problems: {} };
    case 'enum':
      return checked(z.enum(leaf.options as [string, ...string[]]), text);
    case 'number': {
      const t = text.trim();
      return checked(leaf.schema, t === '' ? undefined : /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN);
    }
    case 'text':
      return checked(leaf.schema, text);
    case 'money': {
      if (text.trim() === '') return { value: undefined, problems: { [path]: { reason: 'REQUIRED' } } };
      const minor = minorFromText(text);
      return minor === undefined
        ? { value: undefined, problems: { [path]: moneyProblem() } }
        : { value: minor, problems: {} };
    }
    case 'percent': {
      const t = text.trim();
      if (t === '') return { value: undefined, problems: { [path]: { reason: 'REQUIRED' } } };
      if (!/^\d{1,7}(\.\d{1,4})?$/.test(t)) return { value: undefined, problems: { [path]: { reason: 'PERCENT' } } };
      const ppm = Math.round(Number(t) * 10_000);
      return ppm > leaf.max * 10_000
        ? { value: ppm, problems: { [path]: { reason: 'MAX_PERCENT', bound: leaf.max } } }
        : { value: ppm, problems: {} };
    }
    case 'moneyLevels': {
      const texts = Array.isArray(draft) ? (draft as string[]) : [];
      const problems: Problems = {};
      const value = Array.from({ length: leaf.count }, (_, i) => {
        const t = texts[i] ?? '';
        if (t.trim() === '') return null;
        const minor = minorFromText(t);
        if (minor === undefined) problems[`${path}.${i}`] = moneyProblem();
        return minor ?? null;
      });
      return { value, problems };
    }
    case 'list': {
      const items = text
        .split('\n')
        .map((s) => (leaf.upper ? s.trim().toUpperCase() : s.trim()))
        .filter((s) => s !== '');
      return checked(z.array(leaf.item).max(200), items.length === 0 && leaf.emptyAs ? leaf.emptyAs : items);
    }
    case 'rows': {
      const rows = Array.isArray(draft) ? (draft as Row[]) : [];
      const typed = rows.map((r) =>
        Object.fromEntries(Object.entries(leaf.columns).map(([name, col]) => [name, cellValue(col, r[name] ?? '')])),
      );
      const cells = z.object(Object.fromEntries(Object.entries(leaf.columns).map(([n, c]) => [n, c.schema])));
      const unique = leaf.record?.key ?? leaf.unique;
      const schema = z
        .array(cells)
        .min(leaf.min ?? 0)
        .max(leaf.max)
        .superRefine((list, ctx) => {
          if (!unique) return;
          const seen = new Set<unknown>();
          list.forEach((row, i) => {
            const k = (row as Record<string, unknown>)[unique];
            if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i, unique], params: { reason: 'DUPLICATE' } });
            seen.add(k);
          });
        });
      const r = schema.safeParse(typed);
      if (!r.success) return { value: typed, problems: problemsOf(r.error, path) };
      const list = r.data as Record<string, unknown>[];
      const { record } = leaf;
      return {
        value: record ? Object.fromEntries(list.map((row) => [row[record.key], row[record.value]])) : list,
        problems: {},
      };
    }
    case 'json':
      try {
        return { value: JSON.parse(text), problems: {} };
      } catch {
        return { value: undefined, problems: { [path]: { reason: 'INVALID' } } };
      }
  }
}

export function toDraft(spec: SettingSpec, value: unknown): Draft {
  if (spec.shape.kind !== 'object') return leafDraft(spec.shape, value);
  const { nullWhen } = spec.shape;
  const obj = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(spec.shape.fields).map(([name, leaf]) => [
      name,
      name === nullWhen ? value === null : leafDraft(leaf, obj[name]),
    ]),
  );
}

/**
 * The value a draft saves, or the problems that keep it from being saved (nothing is sent then).
 * A setting's own value is checked as `value`; an object's fields by their names.
 */
export function parseDraft(spec: SettingSpec, draft: Draft): { value?: unknown; problems: Problems } {
  const { shape } = spec;
  if (shape.kind !== 'object') {
    const r = parseLeaf(shape, draft as LeafDraft, 'value');
    return Object.keys(r.problems).length > 0 ? { problems: r.problems } : { value: r.value, problems: {} };
  }
  const d = draft as Record<string, LeafDraft>;
  if (shape.nullWhen && d[shape.nullWhen] === true) return { value: null, problems: {} };
  const problems: Problems = {};
  const value: Record<string, unknown> = {};
  for (const [name, leaf] of Object.entries(shape.fields)) {
    if (name === shape.nullWhen) continue;
    const r = parseLeaf(leaf, d[name] ?? '', name);
    Object.assign(problems, r.problems);
    value[name] = r.value;
  }
  return Object.keys(problems).length > 0 ? { problems } : { value, problems: {} };
}
