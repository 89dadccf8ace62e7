import type {
  BindEmailBody,
  BindMobileBody,
  ChangePaymentPasswordBody,
  CodeChannel,
  EmailCodeBody,
  MobileCodeBody,
  ResetPaymentPasswordBody,
  SetPaymentPasswordBody,
} from '@gamehall/shared/api/security';
import { checkField, type FieldRule, patternOf } from '@gamehall/shared/patterns';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { type AuditEvent, audit } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import { sendSystemMessage, sendTextMessage } from '../messages/messages.service';
import { hit, release, reserve, reset, spend } from '../throttle/throttle.service';
import { maskEmail, maskMobile } from './masking';
import { noticeTime } from './notice-time';
import { hashPassword, verifyPassword } from './passwords';
import { checkPaymentPassword } from './payment-password.service';
import { loadRuleSet } from './registration.service';
import {
  clearPaymentPasswordHash,
  findSecurityMember,
  setFirstPaymentPasswordHash,
  updateEmail,
  updateMobile,
  updatePaymentPasswordHash,
} from './security.queries';
import {
  checkMobile,
  codeScope,
  consumeCode,
  consumeSmsCode,
  issueCode,
  limitCodeSends,
  type Mobile,
  maskPhone,
  memberByMobile,
  parseMobile,
  sendSmsCode,
  writeSms,
} from './sms.service';

// The login password guards every change here, so a stolen session cannot take over the payment
// password or the recovery contacts. Its wrong answers share the counter of the password change
// (password.service), and each try reserves its slot before argon2 runs, so parallel guesses cannot
// outrun the limit; a right answer gives its slot back.
const LOGIN_PASSWORD_TRIES = { max: 5, windowSeconds: 900, lockSeconds: 900, code: 'RATE_LIMITED' } as const;
// Codes a member may ask for across all security actions, on top of the per-recipient limits.
const CODES_PER_MEMBER = { max: 10, windowSeconds: 3600 } as const;
// Changes a member may attempt in an hour (each needs a secret; this bounds what a session can try).
const CHANGES_PER_MEMBER = { max: 20, windowSeconds: 3600 } as const;

// Used only before the seed has written the paymentPassword rule: six digits, as the demo brand.
const FALLBACK_PAYMENT_PASSWORD_RULE: FieldRule = {
  enabled: true,
  required: true,
  minLength: 6,
  maxLength: 6,
  patternId: 6,
  acceptedPattern: '*',
};

type SecurityMember = NonNullable<Awaited<ReturnType<typeof findSecurityMember>>>;

async function loadMember(ctx: AppContext, principal: Principal): Promise<SecurityMember> {
  const member = await findSecurityMember(ctx.db, principal.memberId);
  if (member?.status !== 'active') throw new AppError('AUTH_REQUIRED');
  return member;
}

function boundMobile(member: SecurityMember): Mobile | null {
  if (!member.mobile_num || !member.country_dialing_code) return null;
  return parseMobile(member.country_dialing_code, member.mobile_num);
}

function maskedMobile(mobile: Mobile): string {
  return `+${mobile.countryDialingCode} ${maskMobile(mobile.mobileNum)}`;
}

/** The member's own contact on this channel; SECURITY_CHANNEL_NOT_BOUND when there is none. */
function ownContact(member: SecurityMember, channel: CodeChannel) {
  if (channel === 'sms') {
    const mobile = boundMobile(member);
    if (!mobile) throw new AppError('SECURITY_CHANNEL_NOT_BOUND');
    return { channel, mobile, email: null, masked: maskedMobile(mobile) } as const;
  }
  if (!member.email) throw new AppError('SECURITY_CHANNEL_NOT_BOUND');
  return { channel, mobile: null, email: member.email, masked: maskEmail(member.email) } as const;
}

function normalEmail(raw: string): string {
  const email = raw.trim();
  const pattern = patternOf(3);
  if (email.length > 100 || !pattern?.regex.test(email)) {
    throw new AppError('SECURITY_EMAIL_INVALID', { value: { fields: { email: 'PATTERN' } } });
  }
  return email;
}

async function checkLoginPassword(
  ctx: AppContext,
  meta: RequestMeta,
  member: SecurityMember,
  password: string,
  event: AuditEvent,
) {
  const key = `password:old:${member.id}`;
  const slot = await reserve(ctx.db, key, LOGIN_PASSWORD_TRIES, ctx.now());
  if (await verifyPassword(member.password_hash, password)) {
    await release(ctx.db, slot);
    return;
  }
  await spend(ctx.db, slot, LOGIN_PASSWORD_TRIES, ctx.now());
  await audit(ctx.db, meta, {
    event,
    success: false,
    memberId: member.id,
    username: member.username,
    detail: { reason: 'SECURITY_PASSWORD_INVALID' },
  });
  throw new AppError('SECURITY_PASSWORD_INVALID', { value: { fields: { loginPassword: 'INVALID' } } });
}

/** The brand's paymentPassword rule (spec §5), the confirmation, and never the login password. */
async function checkNewPaymentPassword(ctx: AppContext, member: SecurityMember, value: string, confirm: string) {
  const rule = (await loadRuleSet(ctx.db)).get('paymentPassword') ?? FALLBACK_PAYMENT_PASSWORD_RULE;
  const reason = checkField(value, { ...rule, enabled: true, required: true });
  if (reason) {
    throw new AppError('PAYMENT_PASSWORD_FORMAT_INVALID', { value: { fields: { newPaymentPassword: reason } } });
  }
  if (confirm !== value) {
    throw new AppError('PAYMENT_PASSWORD_CONFIRM_MISMATCH', {
      value: { fields: { confirmPaymentPassword: 'MISMATCH' } },
    });
  }
  // One secret must not open both doors: a shoulder-surfed login must not also move money.
  if (await verifyPassword(member.password_hash, value)) {
    throw new AppError('PAYMENT_PASSWORD_SAME_AS_LOGIN', { value: { fields: { newPaymentPassword: 'NOT_ALLOWED' } } });
  }
}

/**
 * Mails a 6-digit code, stored like the SMS codes (sms_codes keyed by the lower-cased address) and
 * throttled like them: one a second and five per five minutes per address, then a lockout.
 */
async function sendMailCode(
  ctx: AppContext,
  meta: RequestMeta,
  input: { purpose: string; email: string; member: SecurityMember; why: string },
): Promise<{ expiredMinutes: number }> {
  const brand = await getBrand(ctx.db);
  const expiredMinutes = brand.smsExpiredMinutes;
  const address = input.email.toLowerCase();
  const now = ctx.now();
  await limitCodeSends(ctx.db, now, {
    recipient: `mail:code:${address}`,
    burst: `mail:code-burst:${address}`,
    address: `mail:code:ip:${meta.ip}`,
  });
  await ctx.db.transaction().execute(async (trx) => {
    const code = await issueCode(ctx, trx, { purpose: input.purpose, recipient: address, expiredMinutes });
    await ctx.messenger.mail(trx, {
      to: input.email,
      subject: `${brand.siteName}: your verification code`,
      text: [
        `Hello ${input.member.username},`,
        '',
        `Your verification code to ${input.why} is ${code}. It expires in ${expiredMinutes} minutes.`,
        '',
        'If you did not ask for this, ignore this mail and consider changing your password.',
      ].join('\n'),
      code,
    });
    await audit(trx, meta, {
      event: 'mail.code.send',
      success: true,
      memberId: input.member.id,
      username: input.member.username,
      detail: { purpose: input.purpose.split(':')[0], email: maskEmail(input.email) },
    });
  });
  return { expiredMinutes };
}

/** POST /wps/member/security/code: a code to the member's own bound mobile or email. */
export async function sendSecurityCode(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  channel: CodeChannel,
): Promise<{ expiredMinutes: number; sentTo: string }> {
  const member = await loadMember(ctx, principal);
  const contact = ownContact(member, channel);
  await hit(ctx.db, `security:codes:${member.id}`, CODES_PER_MEMBER, ctx.now());
  const sent = contact.mobile
    ? await sendSmsCode(ctx, ctx.db, meta, {
        purpose: 'security',
        countryDialingCode: contact.mobile.countryDialingCode,
        mobileNum: contact.mobile.mobileNum,
        member,
      })
    : await sendMailCode(ctx, meta, {
        purpose: codeScope('security', member.id),
        email: contact.email,
        member,
        // The same code sets a first payment password or resets a set one.
        why: member.payment_password_hash ? 'change your payment password' : 'set your payment password',
      });
  return { expiredMinutes: sent.expiredMinutes, sentTo: contact.masked };
}

/** Spends a code sent by `sendSecurityCode`, in the caller's transaction. */
async function consumeOwnCode(
  ctx: AppContext,
  trx: Conn,
  member: SecurityMember,
  channel: CodeChannel,
  code: string | undefined,
) {
  const contact = ownContact(member, channel);
  if (contact.mobile) {
    await consumeSmsCode(ctx, trx, {
      purpose: 'security',
      countryDialingCode: contact.mobile.countryDialingCode,
      mobileNum: contact.mobile.mobileNum,
      code,
      memberId: member.id,
    });
  } else {
    await consumeCode(ctx, trx, {
      purpose: codeScope('security', member.id),
      recipient: contact.email.toLowerCase(),
      code,
    });
  }
}

/**
 * Tells the member what changed, on every contact they have (and on the old one when a contact
 * itself changed), so a change they did not make does not go unnoticed. Written in the caller's
 * transaction: a refused change announces nothing.
 */
async function notify(
  ctx: AppContext,
  trx: Conn,
  member: { username: string; email: string | null; mobile: Mobile | null },
  what: string,
) {
  const brand = await getBrand(trx);
  const text = `${brand.siteName}: ${what} on ${noticeTime(ctx.now(), brand.timeZone)}. If this was not you, contact customer service at once.`;
  if (member.mobile) await writeSms(ctx, trx, 'notice', { to: member.mobile.phone, text });
  if (member.email) {
    await ctx.messenger.mail(trx, {
      to: member.email,
      subject: `${brand.siteName}: security notice`,
      text: `Hello ${member.username},\n\n${text}`,
    });
  }
}

function contactsOf(member: SecurityMember) {
  return { username: member.username, email: member.email, mobile: boundMobile(member) };
}

/**
 * POST /wps/member/security/paymentPassword: the first payment password. The login password
 * proves the person; a code to the bound mobile or email proves the device when there is one
 * (members who bound neither can still set one, or they could never withdraw).
 */
export async function setPaymentPassword(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: SetPaymentPasswordBody,
): Promise<void> {
  const member = await loadMember(ctx, principal);
  if (member.payment_password_hash) throw new AppError('PAYMENT_PASSWORD_ALREADY_SET');
  await hit(ctx.db, `security:changes:${member.id}`, CHANGES_PER_MEMBER, ctx.now());
  const needsCode = member.email !== null || boundMobile(member) !== null;
  if (needsCode) {
    if (!body.channel) throw new AppError('SECURITY_CODE_CHANNEL_REQUIRED');
    ownContact(member, body.channel);
    if (!body.verificationCode) throw new AppError('SMS_CODE_MISSING');
  }
  await checkLoginPassword(ctx, meta, member, body.loginPassword, 'paymentPassword.set');
  await checkNewPaymentPassword(ctx, member, body.newPaymentPassword, body.confirmPaymentPassword);
  const hash = await hashPassword(body.newPaymentPassword);
  await ctx.db.transaction().execute(async (trx) => {
    if (needsCode && body.channel) await consumeOwnCode(ctx, trx, member, body.channel, body.verificationCode);
    if (!(await setFirstPaymentPasswordHash(trx, member.id, hash, ctx.now()))) {
      throw new AppError('PAYMENT_PASSWORD_ALREADY_SET');
    }
    await notify(ctx, trx, contactsOf(member), 'your payment password was set');
    await audit(trx, meta, {
      event: 'paymentPassword.set',
      success: true,
      memberId: member.id,
      username: member.username,
      detail: { channel: needsCode ? body.channel : null },
    });
  });
}

/** PUT /wps/member/security/paymentPassword: change with the current one (its lockout applies). */
export async function changePaymentPassword(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: ChangePaymentPasswordBody,
): Promise<void> {
  const member = await loadMember(ctx, principal);
  if (!member.payment_password_hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  await hit(ctx.db, `security:changes:${member.id}`, CHANGES_PER_MEMBER, ctx.now());
  try {
    await checkPaymentPassword(ctx, member.id, body.oldPaymentPassword);
  } catch (err) {
    await audit(ctx.db, meta, {
      event: 'paymentPassword.change',
      success: false,
      memberId: member.id,
      username: member.username,
      detail: { reason: err instanceof AppError ? err.code : 'ERROR' },
    });
    throw err;
  }
  if (body.newPaymentPassword === body.oldPaymentPassword) {
    throw new AppError('PASSWORD_SAME_AS_OLD', { value: { fields: { newPaymentPassword: 'NOT_ALLOWED' } } });
  }
  await checkNewPaymentPassword(ctx, member, body.newPaymentPassword, body.confirmPaymentPassword);
  const hash = await hashPassword(body.newPaymentPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePaymentPasswordHash(trx, member.id, hash, ctx.now());
    await notify(ctx, trx, contactsOf(member), 'your payment password was changed');
    await sendSystemMessage(trx, { memberId: member.id, kind: 'payment_password_changed', now: ctx.now() });
    await audit(trx, meta, {
      event: 'paymentPassword.change',
      success: true,
      memberId: member.id,
      username: member.username,
    });
  });
}

/**
 * POST /wps/member/security/paymentPassword/reset: forgot, proven by a code to the bound mobile
 * or email. A member with neither bound asks customer service.
 */
export async function resetPaymentPassword(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: ResetPaymentPasswordBody,
): Promise<void> {
  const member = await loadMember(ctx, principal);
  if (!member.payment_password_hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  ownContact(member, body.channel);
  await hit(ctx.db, `security:changes:${member.id}`, CHANGES_PER_MEMBER, ctx.now());
  await checkNewPaymentPassword(ctx, member, body.newPaymentPassword, body.confirmPaymentPassword);
  const hash = await hashPassword(body.newPaymentPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await consumeOwnCode(ctx, trx, member, body.channel, body.verificationCode);
    await updatePaymentPasswordHash(trx, member.id, hash, ctx.now());
    // The member who forgot it has often locked it with wrong answers; the code proves the same
    // as the reset itself, so the lock of checkPaymentPassword (payment-password.service) ends too.
    await reset(trx, `paypwd:${member.id}`);
    await notify(ctx, trx, contactsOf(member), 'your payment password was reset');
    await sendSystemMessage(trx, { memberId: member.id, kind: 'payment_password_changed', now: ctx.now() });
    await audit(trx, meta, {
      event: 'paymentPassword.reset',
      success: true,
      memberId: member.id,
      username: member.username,
      detail: { channel: body.channel },
    });
  });
}

/**
 * Back office: an operator clears the member's payment password so the member sets a
 * new one in the security centre (setPaymentPassword, which asks for the login password). The lock
 * of wrong answers ends with it. The member hears of it in the inbox and on their bound contacts.
 * Runs in the caller's transaction; PAYMENT_PASSWORD_NOT_SET when none was set.
 */
export async function clearPaymentPassword(ctx: AppContext, trx: Conn, memberId: number): Promise<void> {
  const member = await findSecurityMember(trx, memberId);
  if (!member) throw new AppError('ACCOUNT_NOT_FOUND');
  if (!(await clearPaymentPasswordHash(trx, member.id, ctx.now()))) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  await reset(trx, `paypwd:${member.id}`);
  await sendTextMessage(trx, {
    memberId: member.id,
    title: 'Your payment password was reset',
    content:
      'Customer service has cleared your payment password. Set a new one in the security centre before your next withdrawal or transfer.',
    now: ctx.now(),
  });
  await notify(ctx, trx, contactsOf(member), 'your payment password was cleared by customer service');
}

async function newMobileFor(ctx: AppContext, member: SecurityMember, body: MobileCodeBody): Promise<Mobile> {
  const mobile = await checkMobile(ctx.db, body.countryDialingCode, body.mobileNum);
  if (boundMobile(member)?.phone === mobile.phone) throw new AppError('SECURITY_CONTACT_UNCHANGED');
  return mobile;
}

/** POST /wps/member/security/mobile/code: an SMS code to the number to bind (refused when another member holds it). */
export async function sendMobileCode(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: MobileCodeBody,
): Promise<{ expiredMinutes: number; sentTo: string }> {
  const member = await loadMember(ctx, principal);
  const mobile = await newMobileFor(ctx, member, body);
  await hit(ctx.db, `security:codes:${member.id}`, CODES_PER_MEMBER, ctx.now());
  const sent = await sendSmsCode(ctx, ctx.db, meta, {
    purpose: 'bindMobile',
    countryDialingCode: mobile.countryDialingCode,
    mobileNum: mobile.mobileNum,
    member,
  });
  return { expiredMinutes: sent.expiredMinutes, sentTo: maskedMobile(mobile) };
}

/**
 * POST /wps/member/security/mobile: bind or change the mobile number with the code sent to the new
 * number and the login password. The old number is not asked for a code: members change numbers
 * mostly because they lost the old one; instead it is told of the change, as is the email.
 */
export async function bindMobile(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: BindMobileBody,
): Promise<void> {
  const member = await loadMember(ctx, principal);
  const mobile = await newMobileFor(ctx, member, body);
  await hit(ctx.db, `security:changes:${member.id}`, CHANGES_PER_MEMBER, ctx.now());
  await checkLoginPassword(ctx, meta, member, body.loginPassword, 'mobile.bind');
  const old = boundMobile(member);
  await ctx.db.transaction().execute(async (trx) => {
    await consumeSmsCode(ctx, trx, {
      purpose: 'bindMobile',
      countryDialingCode: mobile.countryDialingCode,
      mobileNum: mobile.mobileNum,
      code: body.verificationCode,
      memberId: member.id,
    });
    const holder = await memberByMobile(trx, mobile);
    if (holder && holder.id !== member.id) throw new AppError('ACCOUNT_MOBILE_TAKEN');
    await updateMobile(trx, member.id, mobile, ctx.now());
    const what = old
      ? `the mobile number of your account was changed from ${maskPhone(old.phone)} to ${maskPhone(mobile.phone)}`
      : `the mobile number ${maskPhone(mobile.phone)} was bound to your account`;
    await notify(ctx, trx, { username: member.username, email: member.email, mobile }, what);
    if (old) await notify(ctx, trx, { username: member.username, email: null, mobile: old }, what);
    await audit(trx, meta, {
      event: 'mobile.bind',
      success: true,
      memberId: member.id,
      username: member.username,
      detail: { from: old ? maskPhone(old.phone) : null, to: maskPhone(mobile.phone) },
    });
  });
}

function newEmailFor(member: SecurityMember, raw: string): string {
  const email = normalEmail(raw);
  if (member.email?.toLowerCase() === email.toLowerCase()) throw new AppError('SECURITY_CONTACT_UNCHANGED');
  return email;
}

/** POST /wps/member/security/email/code: a mailed code to the address to bind. */
export async function sendEmailCode(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: EmailCodeBody,
): Promise<{ expiredMinutes: number; sentTo: string }> {
  const member = await loadMember(ctx, principal);
  const email = newEmailFor(member, body.email);
  await hit(ctx.db, `security:codes:${member.id}`, CODES_PER_MEMBER, ctx.now());
  const sent = await sendMailCode(ctx, meta, {
    purpose: codeScope('bindEmail', member.id),
    email,
    member,
    why: 'bind this email address to your account',
  });
  return { expiredMinutes: sent.expiredMinutes, sentTo: maskEmail(email) };
}

/** POST /wps/member/security/email: bind or change the email with the mailed code and the login password. */
export async function bindEmail(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: BindEmailBody,
): Promise<void> {
  const member = await loadMember(ctx, principal);
  const email = newEmailFor(member, body.email);
  await hit(ctx.db, `security:changes:${member.id}`, CHANGES_PER_MEMBER, ctx.now());
  await checkLoginPassword(ctx, meta, member, body.loginPassword, 'email.bind');
  const old = member.email;
  await ctx.db.transaction().execute(async (trx) => {
    await consumeCode(ctx, trx, {
      purpose: codeScope('bindEmail', member.id),
      recipient: email.toLowerCase(),
      code: body.verificationCode,
    });
    await updateEmail(trx, member.id, email, ctx.now());
    const what = old
      ? `the email address of your account was changed from ${maskEmail(old)} to ${maskEmail(email)}`
      : `the email address ${maskEmail(email)} was bound to your account`;
    await notify(ctx, trx, { username: member.username, email, mobile: boundMobile(member) }, what);
    if (old) await notify(ctx, trx, { username: member.username, email: old, mobile: null }, what);
    await audit(trx, meta, {
      event: 'email.bind',
      success: true,
      memberId: member.id,
      username: member.username,
      detail: { from: old ? maskEmail(old) : null, to: maskEmail(email) },
    });
  });
}
