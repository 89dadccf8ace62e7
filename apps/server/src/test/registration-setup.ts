import { REGISTRATION_RULE_FIELDS, type RegistrationRuleField } from '@gamehall/shared/api/registration';
import type { WhitelabelSwitch } from '@gamehall/shared/constants';
import type { FieldRule } from '@gamehall/shared/patterns';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { setSwitch } from '../modules/brand/brand.service';

type Rule = Omit<FieldRule, 'acceptedPattern'> & { acceptedPattern?: string };

const off = (min = 1, max = 50, patternId: number | null = null): Rule => ({
  enabled: false,
  required: false,
  minLength: min,
  maxLength: max,
  patternId,
});
const optional = (min: number, max: number, patternId: number | null): Rule => ({
  enabled: true,
  required: false,
  minLength: min,
  maxLength: max,
  patternId,
});

/**
 * The registration field rules the registration and password tests are written against. Each test
 * file owns its database, so the rules are written whether or not the seed wrote its own first.
 */
export const TEST_RULES: Record<RegistrationRuleField, Rule> = {
  username: { enabled: true, required: true, minLength: 4, maxLength: 16, patternId: 1 },
  password: { enabled: true, required: true, minLength: 6, maxLength: 20, patternId: 16 },
  confirmPassword: { enabled: true, required: true, minLength: 6, maxLength: 20, patternId: null },
  payeeName: optional(2, 50, 17),
  email: optional(6, 50, 3),
  qqNum: off(5, 12, 6),
  mobileNum: optional(7, 11, 6),
  recommenderId: optional(1, 16, 6),
  captcha: off(4, 6, 4),
  verificationCode: optional(6, 6, 6),
  affiliateCode: optional(4, 20, 4),
  paymentPassword: optional(6, 6, 6),
  line: off(),
  whatsapp: off(),
  facebook: off(),
  wechat: off(),
  telegram: off(),
  zalo: off(),
  idNumber: { ...optional(6, 20, 4), acceptedPattern: '[A-Z]{2}[0-9]+' },
  referralCode: optional(4, 20, 4),
  birthday: optional(10, 10, 11),
  address: off(),
  nationality: optional(2, 40, 8),
  occupation: off(),
  sourceOfIncome: off(),
  placeOfBirth: off(),
  fullName: optional(3, 50, 17),
};

export async function setRule(db: Db, field: RegistrationRuleField, rule: Rule): Promise<void> {
  const values = {
    enabled: rule.enabled,
    required: rule.required,
    min_length: rule.minLength,
    max_length: rule.maxLength,
    pattern_id: rule.patternId,
    accepted_pattern: rule.acceptedPattern ?? '*',
  };
  await db
    .insertInto('register_field_rules')
    .values({ field, sort: REGISTRATION_RULE_FIELDS.indexOf(field), ...values })
    .onConflict((oc) => oc.column('field').doUpdateSet(values))
    .execute();
}

export async function useTestRules(db: Db): Promise<void> {
  for (const field of REGISTRATION_RULE_FIELDS) await setRule(db, field, TEST_RULES[field]);
  // The tests use Philippine numbers: +63 with 10 digits.
  await db
    .insertInto('countries')
    .values({ country_code: 'PH', country_dialing_code: '63', name: 'Philippines', mobile_digits: 10 })
    .onConflict((oc) => oc.column('country_code').doNothing())
    .execute();
}

/** Sets whitelabel switches, creating the rows when the seed has not. */
export async function useSwitches(db: Db, switches: Partial<Record<WhitelabelSwitch, boolean>>): Promise<void> {
  for (const [modId, enabled] of Object.entries(switches)) {
    await db
      .insertInto('whitelabel_switches')
      .values({ mod_id: modId, parent_mod_id: null, enabled, name: modId })
      .onConflict((oc) => oc.column('mod_id').doNothing())
      .execute();
    await setSwitch(db, modId as WhitelabelSwitch, enabled);
  }
}

let ipCounter = 0;
/** A fresh client address, so per-IP throttles of one test do not reach the next. */
export function nextIp(): string {
  ipCounter++;
  return `10.${20 + (process.pid % 200)}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let nameCounter = 0;
/** A username that fits the test username rule (letter first, letters and digits, 4-16). */
export function uniqueUsername(prefix = 'u'): string {
  nameCounter++;
  return `${prefix}${Date.now().toString(36).slice(-5)}${nameCounter}`;
}

/** A mobile number of 10 digits (the seeded length for +63), unique within a test run. */
export function uniqueMobile(): string {
  nameCounter++;
  return `9${String(Date.now() % 1_000_000).padStart(6, '0')}${String(nameCounter % 1000).padStart(3, '0')}`;
}

/** The code of the newest outbox message to this recipient (SMS: '+<dialing code><number>'). */
export async function latestOutboxCode(db: Db, recipient: string): Promise<string | null> {
  const row = await db
    .selectFrom('outbox')
    .select('code')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.code ?? null;
}

export async function countRows(
  db: Db,
  table: 'members' | 'sessions' | 'password_resets' | 'outbox' | 'audit_log' | 'sms_codes',
): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
