import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { brandDay } from '@gamehall/shared/calendar-day';
import { SMS_LOCKOUT_MINUTES, SMS_MAX_SENDS_PER_WINDOW, SMS_THROTTLE_MS } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { audit } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import { assertNotLocked, hit } from '../throttle/throttle.service';
import { verifyChallenge } from './challenge.service';
import {
  bumpSmsCodeAttempts,
  countDailySms,
  dailySmsSent,
  findLatestSmsCode,
  findMemberByMobile,
  firstCountryDialingCode,
  insertSmsCode,
  markSmsCodeUsed,
  mobileDigitsFor,
  retireOpenSmsCodes,
} from './sms.queries';

/**
 * What a code proves. 'bindMobile' (a new number for a logged-in member) and 'security' (a member's
 * own bound number, before a sensitive change) are tied to the member: the code is stored under
 * `purpose:memberId`, so one member's code never works for another.
 */
export type SmsPurpose = 'noLogin' | 'register' | 'bindMobile' | 'security';

export const SMS_CODE_LENGTH = 6;
export const SMS_MAX_WRONG_TRIES = 5;
// Beyond the per-recipient limits of spec §9, one address may not spray codes over many numbers
// or mail addresses.
const CODES_PER_IP = { max: 20, windowSeconds: 600 } as const;

/**
 * Writes an SMS to the outbox in the caller's transaction, counted in the brand's daily SMS limit
 * (smsDailyQuota; 0 is none). A code past the day's limit is refused with SMS_QUOTA_INSUFFICIENT,
 * and the transaction's rollback takes the code with it. A security notice is always written and
 * only counted: a member must hear of a change to the account, and only the member's own actions
 * (themselves throttled) send one.
 */
export async function writeSms(
  ctx: AppContext,
  trx: Conn,
  kind: 'code' | 'notice',
  message: { to: string; text: string; code?: string },
): Promise<void> {
  const { day, limit } = await smsDay(ctx, trx);
  if (!(await countDailySms(trx, day, kind === 'code' ? limit : null))) throw new AppError('SMS_QUOTA_INSUFFICIENT');
  await ctx.messenger.sms(trx, message);
}

/** The brand's today (YYYY-MM-DD) and its daily SMS limit there: null when smsDailyQuota is 0. */
async function smsDay(ctx: AppContext, db: Conn): Promise<{ day: string; limit: number | null }> {
  const brand = await getBrand(db);
  return { day: brandDay(ctx.now(), brand.timeZone), limit: brand.smsDailyQuota > 0 ? brand.smsDailyQuota : null };
}

/**
 * Refuses, as writeSms would, once the day's limit is reached, and counts nothing: a login code
 * asked for an unknown number is not sent, yet must answer as a real send would, or a spent limit
 * would tell registered numbers from the rest.
 */
async function refuseWhenSmsLimitReached(ctx: AppContext, db: Conn): Promise<void> {
  const { day, limit } = await smsDay(ctx, db);
  if (limit !== null && (await dailySmsSent(db, day)) >= limit) throw new AppError('SMS_QUOTA_INSUFFICIENT');
}

/**
 * Runs a transaction that sends a code; one refused for the daily SMS limit is audited once the
 * transaction has rolled back (an audit row written inside it would go with it) and rethrown.
 */
export async function refusalsAudited<T>(
  ctx: AppContext,
  meta: RequestMeta,
  who: { memberId?: number | null; username?: string | null; detail: Record<string, unknown> },
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof AppError && err.code === 'SMS_QUOTA_INSUFFICIENT') {
      await audit(ctx.db, meta, {
        event: 'sms.send',
        success: false,
        memberId: who.memberId ?? null,
        username: who.username ?? null,
        detail: { ...who.detail, reason: err.code },
      });
    }
    throw err;
  }
}

/** The SMS written on the brand's today, for the back office beside the daily limit. */
export async function smsSentToday(ctx: AppContext, db: Conn): Promise<number> {
  return dailySmsSent(db, (await smsDay(ctx, db)).day);
}

/**
 * The send limits of a verification code, by SMS or by mail, checked before it is sent: the
 * recipient's 5-minute lockout after SMS_MAX_SENDS_PER_WINDOW sends (spec §9), one send a second
 * to it (SMS_THROTTLE_MS), and CODES_PER_IP from the sender's address.
 */
export async function limitCodeSends(
  db: Conn,
  now: Date,
  keys: { recipient: string; burst: string; address: string },
): Promise<void> {
  await assertNotLocked(db, keys.recipient, now, 'SMS_TOO_MANY_REQUESTS');
  // SMS_TOO_MANY_REQUESTS says "retry after 5 minutes": it is kept for the 5-minute lockout. The
  // address's limit and the once-a-second throttle wait other times, so they answer RATE_LIMITED
  // ("try again later") with their retryAfterSeconds.
  await hit(db, keys.address, CODES_PER_IP, now);
  await hit(db, keys.burst, { max: 1, windowSeconds: SMS_THROTTLE_MS / 1000 }, now);
  await hit(
    db,
    keys.recipient,
    {
      max: SMS_MAX_SENDS_PER_WINDOW,
      windowSeconds: SMS_LOCKOUT_MINUTES * 60,
      lockSeconds: SMS_LOCKOUT_MINUTES * 60,
      code: 'SMS_TOO_MANY_REQUESTS',
    },
    now,
  );
}

/** HMAC-SHA256 under the session secret: codes and answers are stored only as this. */
export function keyedHash(ctx: AppContext, label: string, value: string): string {
  return createHmac('sha256', ctx.config.sessionSecret).update(`${label}\0${value}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** Runs `fn` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(db: Conn, fn: (trx: Conn) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

export type Mobile = {
  /** Dialing code without '+', e.g. '63'. */
  countryDialingCode: string;
  /** National number, digits only, trunk zero removed: what members.mobile_num holds. */
  mobileNum: string;
  /** Canonical form used as the key of codes and throttles and as the SMS recipient: '+639171234567'. */
  phone: string;
};

/**
 * Syntax of a mobile number (spec §5, §8): digits only, a leading trunk zero is dropped, 7 to 15
 * digits. Throws SMS_PHONE_MISSING / SMS_PHONE_INVALID. The per-country length is checked by
 * `checkMobile`, which needs the countries table.
 */
export function parseMobile(
  countryDialingCode: string | undefined | null,
  mobileNum: string | undefined | null,
): Mobile {
  const raw = (mobileNum ?? '').trim();
  if (!raw) throw new AppError('SMS_PHONE_MISSING');
  const code = (countryDialingCode ?? '').trim().replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(code)) throw new AppError('SMS_PHONE_INVALID');
  if (!/^\d+$/.test(raw)) throw new AppError('SMS_PHONE_INVALID');
  const national = raw.startsWith('0') ? raw.slice(1) : raw;
  if (national.length < 7 || national.length > 15) throw new AppError('SMS_PHONE_INVALID');
  return { countryDialingCode: code, mobileNum: national, phone: `+${code}${national}` };
}

export function normalizeMobile(countryDialingCode: string | undefined | null, mobileNum: string | undefined | null) {
  return parseMobile(countryDialingCode, mobileNum).phone;
}

/** `parseMobile` plus the digit count the countries table gives for that dialing code. */
export async function checkMobile(
  db: Conn,
  countryDialingCode: string | undefined | null,
  mobileNum: string | undefined | null,
): Promise<Mobile> {
  const mobile = parseMobile(countryDialingCode, mobileNum);
  const digits = await mobileDigitsFor(db, mobile.countryDialingCode);
  if (digits.length > 0 && !digits.includes(mobile.mobileNum.length)) throw new AppError('SMS_PHONE_INVALID');
  return mobile;
}

/** The member registered with this number, if any. */
export function memberByMobile(db: Conn, mobile: Mobile) {
  return findMemberByMobile(db, mobile.countryDialingCode, mobile.mobileNum);
}

/**
 * Sends a 6-digit code by SMS (spec §7 /wps/verification/sms/*). Throttles: per number one send a
 * second and 5 per 5 minutes, then a 5-minute lockout (spec §9); per IP as well. The code is kept
 * only as an HMAC, expires after the brand's smsExpiredMinutes and is spent by `consumeSmsCode`.
 * Throttle counters are written on `db`: pass the root handle (not a transaction that may roll back)
 * so refused sends still count.
 */
export async function sendSmsCode(
  ctx: AppContext,
  db: Conn,
  meta: RequestMeta,
  input: {
    purpose: SmsPurpose;
    countryDialingCode: string;
    mobileNum: string;
    member?: { id: number; username: string };
  },
): Promise<{ expiredMinutes: number }> {
  const mobile = await checkMobile(db, input.countryDialingCode, input.mobileNum);
  const brand = await getBrand(db);
  const expiredMinutes = brand.smsExpiredMinutes;
  const now = ctx.now();
  await limitCodeSends(db, now, {
    recipient: `sms:phone:${mobile.phone}`,
    burst: `sms:phone-burst:${mobile.phone}`,
    address: `sms:ip:${meta.ip}`,
  });

  const holder = await memberByMobile(db, mobile);
  if ((input.purpose === 'register' || input.purpose === 'bindMobile') && holder) {
    await audit(db, meta, {
      event: 'sms.send',
      success: false,
      detail: { purpose: input.purpose, phone: maskPhone(mobile.phone), reason: 'ACCOUNT_MOBILE_TAKEN' },
    });
    throw new AppError('ACCOUNT_MOBILE_TAKEN');
  }
  // No account enumeration: a login code asked for an unknown number answers exactly like a real
  // send, but nothing is sent and no code exists, so any code entered for it is simply wrong.
  const deliver = input.purpose !== 'noLogin' || holder !== undefined;

  const who = {
    memberId: holder?.id ?? input.member?.id ?? null,
    username: holder?.username ?? input.member?.username ?? null,
    detail: { purpose: input.purpose, phone: maskPhone(mobile.phone) },
  };
  await refusalsAudited(ctx, meta, who, () =>
    inTransaction(db, async (trx) => {
      if (deliver) {
        const code = await issueCode(ctx, trx, {
          purpose: codeScope(input.purpose, input.member?.id),
          recipient: mobile.phone,
          expiredMinutes,
        });
        await writeSms(ctx, trx, 'code', {
          to: mobile.phone,
          text: `${brand.siteName}: your verification code is ${code}. It expires in ${expiredMinutes} minutes.`,
          code,
        });
      } else {
        await refuseWhenSmsLimitReached(ctx, trx);
      }
      await audit(trx, meta, {
        event: 'sms.send',
        success: true,
        memberId: who.memberId,
        username: who.username,
        detail: { ...who.detail, delivered: deliver },
      });
    }),
  );
  return { expiredMinutes };
}

/**
 * Spends the SMS code last sent to this number for this purpose. Throws SMS_CODE_MISSING,
 * SMS_CODE_INVALID (wrong, unknown or already used) or SMS_CODE_EXPIRED (too old, or 5 wrong
 * tries: ask for a new one). Call it inside the transaction that acts on the code: if that
 * transaction rolls back the code stays usable, while wrong tries are counted regardless.
 */
export async function consumeSmsCode(
  ctx: AppContext,
  db: Conn,
  input: {
    purpose: SmsPurpose;
    countryDialingCode: string;
    mobileNum: string;
    code: string | undefined;
    memberId?: number;
  },
): Promise<void> {
  const mobile = parseMobile(input.countryDialingCode, input.mobileNum);
  await consumeCode(ctx, db, {
    purpose: codeScope(input.purpose, input.memberId),
    recipient: mobile.phone,
    code: input.code,
  });
}

/** The purpose a code is stored under: member-bound purposes carry the member's id. */
export function codeScope(purpose: string, memberId: number | undefined): string {
  return memberId === undefined ? purpose : `${purpose}:${memberId}`;
}

/**
 * Stores a fresh 6-digit code for this purpose and recipient (a phone number or a mail address),
 * replacing the open ones, and returns it for the caller to send in the same transaction.
 */
export async function issueCode(
  ctx: AppContext,
  trx: Conn,
  input: { purpose: string; recipient: string; expiredMinutes: number },
): Promise<string> {
  const now = ctx.now();
  const code = randomDigits(SMS_CODE_LENGTH);
  await retireOpenSmsCodes(trx, input.purpose, input.recipient, now);
  await insertSmsCode(trx, {
    purpose: input.purpose,
    phone: input.recipient,
    codeHash: keyedHash(ctx, `sms:${input.purpose}:${input.recipient}`, code),
    expiresAt: new Date(now.getTime() + input.expiredMinutes * 60_000),
    now,
  });
  return code;
}

/** Spends the code last issued by `issueCode` for this purpose and recipient (rules of `consumeSmsCode`). */
export async function consumeCode(
  ctx: AppContext,
  db: Conn,
  input: { purpose: string; recipient: string; code: string | undefined },
): Promise<void> {
  const code = (input.code ?? '').trim();
  if (!code) throw new AppError('SMS_CODE_MISSING');
  const now = ctx.now();
  const row = await findLatestSmsCode(db, input.purpose, input.recipient);
  if (!row || row.used_at) throw new AppError('SMS_CODE_INVALID');
  if (new Date(row.expires_at) <= now || row.attempts >= SMS_MAX_WRONG_TRIES) throw new AppError('SMS_CODE_EXPIRED');
  const given = keyedHash(ctx, `sms:${input.purpose}:${input.recipient}`, code);
  if (!sameHash(given, row.code_hash)) {
    await countWrongTry(ctx, db, row.id);
    throw new AppError('SMS_CODE_INVALID');
  }
  if (!(await markSmsCodeUsed(db, row.id, now))) throw new AppError('SMS_CODE_INVALID');
}

async function countWrongTry(ctx: AppContext, db: Conn, id: number) {
  if (!db.isTransaction) return bumpSmsCodeAttempts(db, id);
  // Inside the caller's transaction the count would roll back with the error we are about to
  // throw, leaving guesses unlimited, so it goes through the root handle. On PostgreSQL that is
  // another pooled connection and can be awaited; PGlite has one connection, held by the caller's
  // transaction, so the count is queued behind it instead of awaited (awaiting would deadlock).
  const counted = bumpSmsCodeAttempts(ctx.db, id).catch(() => undefined);
  if (ctx.database.kind === 'postgres') await counted;
}

export function maskPhone(phone: string): string {
  return phone.length <= 6 ? '***' : `${phone.slice(0, 4)}***${phone.slice(-3)}`;
}

/** spec §7 login country: the brand's first country, else the Philippines of the demo brand. */
export async function defaultDialingCode(db: Conn): Promise<string> {
  return (await firstCountryDialingCode(db)) ?? '63';
}

/**
 * The public send endpoints: the number's syntax first (a typo does not spend the challenge),
 * then the proof-of-work challenge, then `sendSmsCode`.
 */
export async function requestSmsCode(
  ctx: AppContext,
  meta: RequestMeta,
  input: {
    purpose: SmsPurpose;
    countryDialingCode: string | undefined;
    mobileNum: string | undefined;
    challenge: string | undefined;
  },
): Promise<{ expiredMinutes: number }> {
  const countryDialingCode = input.countryDialingCode?.trim() || (await defaultDialingCode(ctx.db));
  const mobile = parseMobile(countryDialingCode, input.mobileNum);
  await verifyChallenge(ctx, ctx.db, input.challenge);
  return sendSmsCode(ctx, ctx.db, meta, {
    purpose: input.purpose,
    countryDialingCode: mobile.countryDialingCode,
    mobileNum: mobile.mobileNum,
  });
}
