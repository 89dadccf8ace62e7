import { HostUrl, SafeLinkUrl } from '@gamehall/shared/api/common';
import type { WhitelabelSwitch } from '@gamehall/shared/constants';
import { MAX_MONEY_MINOR } from '@gamehall/shared/money';
import { z } from 'zod';
import { inAmbientTransactionOf } from '../../db/ambient-transaction';
import type { Conn } from '../../db/database';
import {
  findWhitelabelSwitch,
  insertMissingBrandSettings,
  listBrandSettings,
  listWhitelabelSwitches,
  setWhitelabelSwitch,
  upsertBrandSetting,
} from './brand.queries';

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** The brand's risk thresholds (docs/risk.md, "Settings"); read by modules/risk. */
export const RiskSettingsSchema = z.object({
  /**
   * An IP address links the members who used it once more than this many members have: 2 lets a
   * household share a connection; a third account from the address links all of them.
   */
  ipSharedBeyond: z.number().int().min(1).max(100).default(2),
  /** An address used by more members than this (a carrier's shared address, a hotspot) links nobody. */
  ipIgnoreAbove: z.number().int().min(2).max(100).default(30),
  /** Deposit, bonus, withdrawal: the hours from the deposit to the claim, and from the claim to the request. */
  bonusWindowHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** ... where the turnover since the claim is at most this percentage of what the bonus required. */
  minimalTurnoverPercent: z.number().int().min(0).max(10_000).default(150),
  /** ... and at least this percentage of that turnover was on low-risk bets. */
  lowRiskSharePercent: z.number().int().min(0).max(100).default(80),
  /** A sportsbook bet at total decimal odds of at most this (thousandths: 1300 = 1.30) is low risk. */
  lowRiskOdds1000: z.number().int().min(1000).max(100_000).default(1300),
  /** Any round that paid back within this percentage of its stake (both sides of a table covered) is low risk. */
  lowRiskReturnBandPercent: z.number().int().min(0).max(100).default(10),
  /** Referred accounts on one device before their referrer is flagged. */
  referralDeviceAccounts: z.number().int().min(2).max(1000).default(3),
  /** An operator's confirmation of a link or a flag raises the members concerned to high (never lowers). */
  raiseOnConfirm: z.boolean().default(true),
});
export type RiskSettings = z.infer<typeof RiskSettingsSchema>;

/** A stake factor, ppm of the sportsbook's limits (1,000,000 = the book's own; 0 = no bets; at most 10x). */
const StakeFactorPpm = z.number().int().min(0).max(10_000_000);

/**
 * The sportsbook's stake factor of a member at each risk level (docs/sportsbook.md "Risk level"):
 * `normal` is always the book's own limits, so only the other levels are set. Saving it sends the
 * new factor of every member at a level whose factor changed (migration 0110's trigger).
 */
export const SportsbookRiskFactorsSchema = z.object({
  low: StakeFactorPpm.default(1_000_000),
  high: StakeFactorPpm.default(100_000),
  blocked: StakeFactorPpm.default(0),
});
export type SportsbookRiskFactors = z.infer<typeof SportsbookRiskFactorsSchema>;

/** The card room's integrity thresholds (docs/pvp.md "Integrity report", each explained there). */
export const PvpIntegritySettingsSchema = z.object({
  /** Chip dumping: what A lost to B, less what B lost back, over the report's days (minor units: ₱5,000). */
  dumpMinAmount: z.number().int().min(0).max(MAX_MONEY_MINOR).default(500_000),
  dumpMinHands: z.number().int().min(1).max(10_000).default(5),
  dumpMinSuspiciousPercent: z.number().int().min(0).max(100).default(60),
  dumpBigFoldBigBlinds: z.number().int().min(1).max(1_000).default(20),
  softMinSharedStreets: z.number().int().min(1).max(100_000).default(30),
  softMaxSharedAggressionPercent: z.number().int().min(0).max(100).default(5),
  softMinOtherAggressionPercent: z.number().int().min(0).max(100).default(30),
  /** Linked accounts at a table: members sharing an address or a device, dealt in together this often. */
  linkedMinHands: z.number().int().min(1).max(100_000).default(20),
});
export type PvpIntegritySettings = z.infer<typeof PvpIntegritySettingsSchema>;

// Brand configuration lives in the database (seeded, edited by the back office). Each setting is
// one row; this schema gives every key its type and its default, and the seed writes the defaults.
export const BrandSettingsSchema = z.object({
  merchantCode: z.string().default('demo'),
  siteName: z.string().default('Gamehall'),
  platform: z.string().default('WEB'),
  lotteryType: z.string().default('SEA'),
  defaultLanguage: z.string().default('EN'),
  supportedLanguages: z.array(z.string()).default(['EN', 'TY']),
  currency: z.string().default('PHP'),
  currencySymbol: z.string().default('₱'),
  timeZone: z.string().default('Asia/Manila'),
  /** spec §4: the default six-digit password that forces a change. */
  defaultPassword: z.string().default('888888'),
  /** With PWDEXPFORCECHANGE3 on, a password older than this forces a change. */
  passwordExpiryDays: z.number().int().min(1).default(90),
  /** spec §5: age confirmation 18 (configurable); the birthday check requires 21. */
  minAge: z.number().int().min(0).default(18),
  birthdayCheckAge: z.number().int().min(0).default(21),
  smsExpiredMinutes: z.number().int().min(1).max(60).default(5),
  /**
   * SMS verification codes sent a brand day before further ones are refused with
   * SMS_QUOTA_INSUFFICIENT (spec §5 "quota insufficient"): a cap on what SMS pumping can cost the
   * operator. Security notices are counted but never refused. 0: no limit. At most a billion: the
   * day's count is a 32-bit integer.
   */
  smsDailyQuota: z.number().int().min(0).max(1_000_000_000).default(5000),
  /** Proof-of-work challenge before login and registration; a brand switch turns it off. */
  challengeEnabled: z.boolean().default(true),
  /** Failed logins (per account or IP) before the captcha becomes required. */
  captchaAfterFailures: z.number().int().min(0).default(3),
  /** Extra verification for a login from an IP the member has not used before (spec §4). */
  newIpVerification: z.boolean().default(true),
  maintenance: z.object({ enabled: z.boolean(), title: z.string(), info: z.string() }).default({
    enabled: false,
    title: 'System maintenance',
    info: 'We are upgrading the site. Please come back soon.',
  }),
  regionRestriction: z
    .object({
      enabled: z.boolean(),
      /** ISO country codes refused, from the offline IP database. */
      blockedCountries: z.array(z.string()),
      /** CIDR lists: allowed ranges win over everything else; blocked ranges refuse. */
      allowedCidrs: z.array(z.string()),
      blockedCidrs: z.array(z.string()),
    })
    .default({ enabled: true, blockedCountries: ['US', 'SG'], allowedCidrs: [], blockedCidrs: [] }),
  /** Links the player site renders: http(s) or a path on the site (common.ts SafeLinkUrl). */
  customerServiceUrl: SafeLinkUrl.default('/help'),
  mainDomain: z.string().default('localhost'),
  domainRoute: z.record(z.string(), SafeLinkUrl).default({ agent: '/agentHome', member: '/' }),
  imageCDNs: z.array(HostUrl).default(['']),
  launchGameCDNs: z.array(HostUrl).default(['']),
  gtagId: z.string().default(''),
  /**
   * The player site asks a first-time visitor for cookie consent and remembers the answer: Accept
   * keeps their display preferences on the device between visits, Necessary only keeps those for the
   * tab. Off by default (a brand whose market asks for it turns it on); on in the demo (seed.ts).
   * docs/site.md "Cookie consent".
   */
  cookieConsentBanner: z.boolean().default(false),
  /** Registration method recorded for web sign-ups (spec §3 registerMethod). */
  registerMethod: z.string().default('WEB'),
  /** spec §3 wallet isSingle: one main wallet, or transfer wallets per vendor (GCS_walletTransfer). */
  walletMode: z.enum(['single', 'transfer']).default('single'),
  /**
   * spec §3 "Vendor card": SPORTS vendor cards split into ESPORTS and COCKFIGHT by these configured
   * vendor-code lists (menus, lanes, game lists and lobbies alike, games/categories.ts).
   */
  esportsVendors: z.array(z.string()).default(['TF', 'IMES', 'AVIA', 'IA', 'PGE']),
  cockfightVendors: z.array(z.string()).default(['DS88', 'DIG', 'SV388', 'S128']),
  /** Mobile digit count per site (spec §5 "Please enter your {0} digit phone number"). */
  mobileDigits: z.number().int().min(6).max(15).default(10),
  /** Back office: a balance adjustment above this many minor units waits for a second operator. */
  adjustmentApprovalThreshold: z.number().int().min(0).default(1_000_000),
  /**
   * A bonus adjustment's wagering (docs/rewards.md "Bonus wallet and wagering"): the multiple the
   * operator's form starts from (turnover needed = multiple x bonus), the days to meet it before
   * the bonus left is forfeited, and the share of a settled bet that counts (otherPercent, or the
   * game type's percent in contributions).
   */
  bonusAdjustmentWagering: z
    .object({
      multiple: z.number().int().min(1).max(100).default(5),
      days: z.number().int().min(1).max(365).default(30),
      otherPercent: z.number().int().min(0).max(100).default(100),
      contributions: z.record(z.string().min(1).max(16), z.number().int().min(0).max(100)).default({}),
    })
    .default({ multiple: 5, days: 30, otherPercent: 100, contributions: {} }),
  /**
   * Every operator must sign in with two-factor authentication; one without it gets a session that
   * can only enrol. Off by default so the demo operator can sign in with a password alone.
   */
  operatorTwoFactorRequired: z.boolean().default(false),
  /** An operator's admin session unused for this long is refused (AUTH_SESSION_EXPIRED). */
  operatorIdleMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Agent contracts: a statement of at least this many minor units waits for an operator's release. */
  agentPayoutHoldThreshold: z.number().int().min(0).default(5_000_000),
  /**
   * The agents' dividend base is the team's net gaming revenue (docs/agents.md "Figures"): valid
   * bets minus wins, minus what the house paid the members as cash in the period, by category (each
   * on unless switched off), minus a provider fee (parts per million of each vendor's GGR, by vendor
   * code; 0 for a vendor not listed) and a payment fee (parts per million of approved deposits and
   * withdrawals). Categories and posting types: modules/agents/member-revenue.sql.ts NGR_POSTING_TYPES.
   */
  agentNgr: z
    .object({
      bonus: z.boolean().default(true),
      rebate: z.boolean().default(true),
      mission: z.boolean().default(true),
      ticket: z.boolean().default(true),
      referral: z.boolean().default(true),
      vip: z.boolean().default(true),
      points: z.boolean().default(true),
      manual: z.boolean().default(true),
      /**
       * Which manual cash adjustments the `manual` deduction counts, by adjustment type
       * (docs/agents.md "Manual adjustments"): a correction puts the member's play or account
       * right and counts; goodwill is the operator's gesture and does not. A manual deposit is a
       * deposit and a bonus adjustment counts as bonus when its wagering converts it: neither is
       * a cash adjustment.
       */
      manualCorrection: z.boolean().default(true),
      manualGoodwill: z.boolean().default(false),
      providerFeePpm: z
        .record(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), z.number().int().min(0).max(1_000_000))
        .default({}),
      paymentFeePpm: z.number().int().min(0).max(1_000_000).default(0),
    })
    .default({
      bonus: true,
      rebate: true,
      mission: true,
      ticket: true,
      referral: true,
      vip: true,
      points: true,
      manual: true,
      manualCorrection: true,
      manualGoodwill: false,
      providerFeePpm: {},
      paymentFeePpm: 0,
    }),
  /**
   * Dividends (docs/agents.md "Multi-level pay"): a contracted sub-agent's branch whose base is
   * negative is netted against its upline's other branches in the same period. Off, the upline's
   * gross and carry leave that branch out and only the sub-agent's carry bears it; the upline is
   * still paid at most its rate on its whole team's base that period (the rest is withheld), so
   * the setting costs only the later periods in which the upline would have made the loss good.
   */
  agentNetLosingBranches: z.boolean().default(true),
  /** A new dividend contract between the same two parties takes over the ended one's open carry. */
  agentCarrySurvivesNewContract: z.boolean().default(true),
  /**
   * spec §5: feedback text required, its words between these bounds (words.ts counts them; at most
   * 5,000 characters whatever the words).
   */
  feedbackMinWords: z.number().int().min(1).max(500).default(3),
  feedbackMaxWords: z.number().int().min(1).max(1000).default(300),
  /**
   * KYC (docs/kyc.md): the verification level a withdrawal needs (2: identity document and
   * selfie approved, what licensing bodies commonly ask before paying out). The demo brand seeds 0.
   */
  kycWithdrawalLevel: z.number().int().min(0).max(3).default(2),
  /**
   * KYC: the daily withdrawal limit at each level 0..3, in minor units; null is no limit. Level 2
   * pays up to 100,000 a day, level 3 (address proven) without a KYC limit. The demo brand seeds nulls.
   */
  kycDailyWithdrawalLimits: z.array(z.number().int().min(0).nullable()).length(4).default([0, 0, 10_000_000, null]),
  /** Linked accounts, abuse flags and risk levels: the thresholds docs/risk.md explains one by one. */
  risk: RiskSettingsSchema.default(RiskSettingsSchema.parse({})),
  sportsbookRiskFactors: SportsbookRiskFactorsSchema.default(SportsbookRiskFactorsSchema.parse({})),
  /** The card room's integrity report (docs/pvp.md "Integrity report"): its thresholds, money in minor units. */
  pvpIntegrity: PvpIntegritySettingsSchema.default(PvpIntegritySettingsSchema.parse({})),
  /**
   * The installable app (docs/pwa.md): the browser bar and splash colours of the web app
   * manifest, and the accent the generated icons draw the brand's initials in.
   */
  themeColor: HexColor.default('#0f1320'),
  backgroundColor: HexColor.default('#0f1320'),
  accentColor: HexColor.default('#f2c14e'),
  /** spec §7 CBS_modelList: the live chat's entry points (docs/chat.md). */
  chatEntryPoints: z
    .array(z.object({ code: z.string().min(1).max(40), name: z.string().min(1).max(60) }))
    .max(20)
    .default([{ code: 'WEB', name: 'Customer service' }]),
  /**
   * Live chat hours in the brand's time zone ('HH:MM', `to` before `from` spans midnight); null is
   * always open. Outside them a new conversation is a ticket, answered later.
   */
  chatHours: z
    .object({
      from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    })
    .nullable()
    .default(null),
});

export type BrandSettings = z.infer<typeof BrandSettingsSchema>;
export const brandDefaults: BrandSettings = BrandSettingsSchema.parse({});

export type Brand = BrandSettings & { switches: Record<string, boolean> };

// Brand data changes without a restart and must be seen by every node, so it is cached only briefly.
const CACHE_MS = 2_000;
// One entry per handle: the read replica's (context.ts readDb) does not evict the primary's.
let cache = new WeakMap<Conn, { at: number; brand: Brand }>();

export async function getBrand(db: Conn): Promise<Brand> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.brand;
  // A forgetBrand() while this read is out (a change notified meanwhile) discards the map it lands in.
  const into = cache;
  const [rows, switches] = await Promise.all([listBrandSettings(db), listWhitelabelSwitches(db)]);
  const raw: Record<string, unknown> = {};
  for (const r of rows) raw[r.key] = r.value;
  const parsed = BrandSettingsSchema.safeParse(raw);
  // A bad value written by hand must not take the site down: fall back to defaults key by key.
  const settings = parsed.success ? parsed.data : salvage(raw);
  const brand: Brand = {
    ...settings,
    switches: Object.fromEntries(switches.map((s) => [s.mod_id, s.enabled])),
  };
  // Inside an operator's action (db/ambient-transaction.ts) the read may see its uncommitted writes.
  if (!inAmbientTransactionOf(db)) into.set(db, { at: Date.now(), brand });
  return brand;
}

function salvage(raw: Record<string, unknown>): BrandSettings {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(BrandSettingsSchema.shape)) {
    const r = (schema as z.ZodType).safeParse(raw[key]);
    out[key] = r.success ? r.data : (brandDefaults as Record<string, unknown>)[key];
  }
  return out as BrandSettings;
}

export function switchOn(brand: Brand, name: WhitelabelSwitch): boolean {
  return brand.switches[name] === true;
}

/**
 * Drops this process's cached brand: after a write of brand data it made itself, and when any node's
 * write is notified (site-state.ts, migration 0070). The seed needs it:
 * it reads the brand before its transaction writes the switches, and a site that starts within the
 * cache time would otherwise serve a brand without them (registration refused with FEATURE_DISABLED).
 */
export function forgetBrand(): void {
  cache = new WeakMap();
}

/** Changes a setting (back office, tests); every node sees it within the cache time. */
export async function setBrandSetting<K extends keyof BrandSettings>(db: Conn, key: K, value: BrandSettings[K]) {
  const checked = BrandSettingsSchema.shape[key].parse(value);
  await upsertBrandSetting(db, key, checked, new Date());
  forgetBrand();
}

export async function setSwitch(db: Conn, name: WhitelabelSwitch, enabled: boolean) {
  await setWhitelabelSwitch(db, name, enabled);
  forgetBrand();
}

/** The whitelabel switch rows as stored (the site's tree of spec section 3 is built from them). */
export function whitelabelSwitchRows(db: Conn) {
  return listWhitelabelSwitches(db);
}

/** Writes the settings the brand has no value for yet (first start, a new setting); keeps the rest. */
export async function addMissingBrandSettings(db: Conn, settings: Record<string, unknown>) {
  await insertMissingBrandSettings(db, settings);
  forgetBrand();
}

/** One whitelabel switch row by its id, or undefined. */
export function whitelabelSwitchRow(db: Conn, modId: string) {
  return findWhitelabelSwitch(db, modId);
}
