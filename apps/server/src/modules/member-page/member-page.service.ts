import type {
  AdjustmentBody,
  AdjustmentQuery,
  AdjustmentRules,
  AdjustmentType,
  AgentBody,
  MemberSearchQuery,
  NoteBody,
  RevealBody,
  TagsBody,
  UplineBody,
} from '@gamehall/shared/api/admin-members';
import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import { toMajor, toMinor } from '@gamehall/shared/money';
import { type AppContext, onReplica } from '../../context';
import { followAppClock } from '../../db/app-clock';
import { brandDayBounds } from '../../db/brand-days';
import type { Conn, Trx } from '../../db/database';
import { isAgentType, isTrialType, type Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { maskEmail } from '../../http/pii';
import type { RequestMeta } from '../../http/request-meta';
import { clearLoginLockout, loginLockedUntil } from '../accounts/login.service';
import { memberDevices } from '../accounts/member-devices.service';
import { requirePasswordChange, setMemberStatus, setMemberType, setUpline } from '../accounts/member-record.service';
import { sendResetLinkFor } from '../accounts/password.service';
import { clearPaymentPassword } from '../accounts/security.service';
import { revokeOtherSessions } from '../accounts/sessions.service';
import { twoFactorEnabled } from '../accounts/two-factor.service';
import { memberFigures } from '../agents/agent-stats.service';
import { loginHistoryPage } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import { memberBankAccounts } from '../cashier/cashier-bank-accounts.service';
import { operatorDeposits, recordManualDeposit } from '../cashier/cashier-deposits.service';
import { operatorWithdrawals } from '../cashier/cashier-withdrawals.service';
import { memberRounds } from '../games/records.service';
import { roundDetailsUrl } from '../games/round-details.service';
import { kycLevel, normaliseName, verifiedNameOf } from '../kyc/kyc.service';
import { balanceOf, bonusBalanceOf, postAdjustment } from '../ledger/ledger.service';
import { pointsOf } from '../points/points.service';
import {
  type ActiveBreak,
  activeBreak,
  breakOf,
  memberView as responsibleView,
} from '../responsible/responsible.service';
import { payAdjustmentBonus } from '../rewards/rewards.service';
import { memberRiskBadge } from '../risk/risk.service';
import { memberSummary as vipSummary } from '../vip/vip.service';
import { transactions } from '../wallet/wallet.service';
import {
  type AdjustmentRow,
  type AdminMemberRow,
  adjustedAlone,
  decideAdjustment,
  findAdjustment,
  findAdjustmentByRequest,
  findAdminMember,
  findUplineCandidate,
  insertAdjustment,
  insertNote,
  isSelfOrUplineOf,
  lockAdjustmentRequest,
  lockAdminMember,
  lockUplineChanges,
  memberTags,
  pageAdjustments,
  pageMemberActions,
  pageNotes,
  payeeNames,
  replaceTags,
  searchMembers,
  uplineChain,
} from './member-page.queries';

type Page = { pageNo: number; pageSize: number };

// ---- search and the member page

/**
 * `bankAccounts`: whether the operator may search bank account numbers and payee names (cashier.read).
 * Without it a search by those fields is refused, and `all` leaves them out: a match would tell the
 * operator whose account a number or a name on a transfer slip is.
 */
export async function search(ctx: AppContext, q: MemberSearchQuery, bankAccounts: boolean) {
  if ((q.field === 'bankAccount' || q.field === 'payee') && !bankAccounts) throw new AppError('AUTH_FORBIDDEN');
  const brand = await getBrand(ctx.db);
  // Search reads the replica (context.ts readDb): a list over every member, not a record just saved.
  const page = await searchMembers(
    ctx.readDb,
    {
      text: q.q,
      field: q.field,
      bankAccounts,
      status: q.status,
      tag: q.tag,
      agentTypes: q.agentsOnly ? AGENT_ACCOUNT_TYPES : undefined,
      sort: q.sort,
      order: q.order,
      currency: brand.currency,
    },
    q,
  );
  // A member on a time-out or self-exclusion keeps the status `active`; the list says which break
  // is in force now (one that ended is not).
  const now = ctx.now();
  const rows = page.rows.map((r) => ({ ...r, break: activeBreak(r, now) ?? null }));
  return { ...page, rows, currency: brand.currency };
}

export type MemberOverview = {
  member: AdminMemberRow;
  balance: { balance: number; held: number; available: number; currency: string };
  twoFactor: boolean;
  loginLockedUntil: Date | null;
  tags: string[];
  break: ActiveBreak | null;
};

export async function overview(ctx: AppContext, id: number): Promise<MemberOverview> {
  const member = await findAdminMember(ctx.db, id);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  const brand = await getBrand(ctx.db);
  const [balance, twoFactor, loginLocked, tags, pause] = await Promise.all([
    balanceOf(ctx.db, id, brand.currency),
    twoFactorEnabled(ctx, id),
    loginLockedUntil(ctx, member.username),
    memberTags(ctx.db, id),
    breakOf(ctx, ctx.db, id),
  ]);
  return {
    member,
    balance: { ...balance, currency: brand.currency },
    twoFactor,
    loginLockedUntil: loginLocked,
    tags,
    break: pause ?? null,
  };
}

/** How many of the newest notes the summary shows. */
export const SUMMARY_NOTES = 3;

/**
 * The member page's summary (GET /admin/members/:id/summary): identity, VIP progress, balances, the
 * money and play figures over the member's life and the last 30 brand days, responsible play, the
 * upline chain, tags and the newest notes. One round of indexed reads run side by side; the figures
 * are the daily member figures of the agents job (agent_member_days, one row per member and active
 * day), never the rounds themselves. `cashier`: whether the operator reads cashier data.
 */
export async function summary(ctx: AppContext, id: number, cashier: boolean) {
  const member = await existing(ctx, id);
  const brand = await getBrand(ctx.db);
  const today = brandDay(ctx.now(), brand.timeZone);
  const [balance, bonus, points, kyc, verifiedName, vip, figures, responsible, uplines, tags, notes, risk, payees] =
    await Promise.all([
      balanceOf(ctx.db, id, brand.currency),
      bonusBalanceOf(ctx.db, id, brand.currency),
      pointsOf(ctx.db, id),
      kycLevel(ctx.db, id),
      verifiedNameOf(ctx.db, id),
      vipSummary(ctx, id),
      memberFigures(ctx.readDb, id, addDays(today, -29), today),
      responsibleView(ctx, id),
      uplineChain(ctx.db, id),
      memberTags(ctx.db, id),
      pageNotes(ctx.db, id, { pageNo: 1, pageSize: SUMMARY_NOTES }),
      memberRiskBadge(ctx.db, id),
      cashier ? payeeNames(ctx.db, id) : null,
    ]);
  return {
    member,
    currency: brand.currency,
    balance,
    bonus,
    points,
    kyc: { level: kyc, verifiedName },
    vip,
    figures,
    cashier,
    responsible,
    uplines,
    tags,
    notes,
    risk,
    // Compared as the cashier compares a payee with the verified name (without case, accents or punctuation).
    payees:
      payees?.map((p) => ({
        ...p,
        match:
          verifiedName === null
            ? ('unverified' as const)
            : normaliseName(verifiedName) === normaliseName(p.name)
              ? ('match' as const)
              : ('mismatch' as const),
      })) ?? null,
  };
}

export type MemberSummaryData = Awaited<ReturnType<typeof summary>>;

async function existing(ctx: AppContext, id: number) {
  const member = await findAdminMember(ctx.db, id);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}

// The long history tabs (ledger, rounds, logins) read the replica (context.ts readDb); the notes
// and the audit tab stay on the primary: the page reloads them right after the operator's action.
export async function ledger(ctx: AppContext, id: number, q: Page & { type?: string | undefined }) {
  await existing(ctx, id);
  const page = await transactions(onReplica(ctx), id, q);
  return { rows: page.rows, total: page.total };
}

export async function deposits(ctx: AppContext, id: number, page: Page) {
  await existing(ctx, id);
  return operatorDeposits(ctx, { ...page, memberId: id });
}

export async function withdrawals(ctx: AppContext, id: number, page: Page) {
  await existing(ctx, id);
  return operatorWithdrawals(ctx, { ...page, memberId: id });
}

export async function bankAccounts(ctx: AppContext, id: number) {
  await existing(ctx, id);
  return memberBankAccounts(ctx, id);
}

/**
 * The member (and, for a bank account field, the named account of theirs) whose field an operator who
 * reads it masked asks to see in full; the route presents the one field and audits the reveal (the
 * field, never the value).
 */
export async function reveal(ctx: AppContext, id: number, body: RevealBody) {
  const member = await existing(ctx, id);
  let account: Awaited<ReturnType<typeof memberBankAccounts>>[number] | null = null;
  if (body.field === 'bankAccountNumber' || body.field === 'bankAccountName') {
    if (body.bankAccountId === undefined) throw fieldErrors({ bankAccountId: 'REQUIRED' });
    account = (await memberBankAccounts(ctx, id)).find((a) => a.id === body.bankAccountId) ?? null;
    if (!account) throw new AppError('NOT_FOUND');
  }
  const verifiedName = body.field === 'verifiedName' ? await verifiedNameOf(ctx.db, id) : null;
  return {
    member,
    account,
    verifiedName,
    before: {},
    after: { revealed: body.field, ...(account ? { bankAccountId: account.id } : {}) },
  };
}

/** The devices the member registered or signed in from, with the other members sharing each. */
export async function devices(ctx: AppContext, id: number) {
  await existing(ctx, id);
  return memberDevices(ctx.db, id);
}

/** A round list's edge: a brand day's start (from) or end (to), or the instant itself. */
async function roundEdge(ctx: AppContext, value: string | undefined, edge: 'from' | 'to') {
  if (value === undefined) return undefined;
  if (value.length > 10) return new Date(value);
  const tz = (await getBrand(ctx.db)).timeZone;
  const { start, end } = await brandDayBounds(ctx.db, value, value, tz);
  return edge === 'from' ? start : end;
}

export async function rounds(ctx: AppContext, id: number, page: Page & { from?: string; to?: string }) {
  await existing(ctx, id);
  const range = { from: await roundEdge(ctx, page.from, 'from'), to: await roundEdge(ctx, page.to, 'to') };
  return memberRounds(onReplica(ctx), id, page, range);
}

/** The address of one of the member's rounds at its provider (round-details.service.ts). */
export async function roundDetails(ctx: AppContext, id: number, round: { vendor: string; roundId: string }) {
  await existing(ctx, id);
  return roundDetailsUrl(ctx, { memberId: id, ...round });
}

export async function logins(ctx: AppContext, id: number, page: Page) {
  await existing(ctx, id);
  return loginHistoryPage(ctx.readDb, id, page);
}

export async function notes(ctx: AppContext, id: number, page: Page) {
  await existing(ctx, id);
  return pageNotes(ctx.db, id, page);
}

/**
 * Operator actions on the member, newest first: audit rows with the member as target, and with
 * `cashier` (the operator reads cashier data) the cashier's decisions on the member's deposits,
 * withdrawals and bank accounts.
 */
export async function auditRows(ctx: AppContext, id: number, target: string, cashier: boolean, page: Page) {
  await existing(ctx, id);
  return pageMemberActions(ctx.db, id, target, cashier, page);
}

// ---- actions. Each returns the member's overview after it and the values it changed, before and
// after, for the audit row (the routes run them through operatorAction).

export type Change = { overview: MemberOverview; before: Record<string, unknown>; after: Record<string, unknown> };

async function changed(
  ctx: AppContext,
  id: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<Change> {
  return { overview: await overview(ctx, id), before, after };
}

async function lockedMember(trx: Conn, id: number) {
  const member = await lockAdminMember(trx, id);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}

/** Locks the account (status disabled): the member cannot sign in and every session ends now. */
export async function lock(ctx: AppContext, id: number, reason: string): Promise<Change> {
  const before = await ctx.db.transaction().execute(async (trx) => {
    const member = await lockedMember(trx, id);
    await setMemberStatus(trx, id, 'disabled', ctx.now());
    await revokeOtherSessions(ctx, trx, id);
    return member.status;
  });
  return changed(ctx, id, { status: before }, { status: 'disabled', reason });
}

/** Unlocks the account, and ends a lockout after wrong passwords as well. */
export async function unlock(ctx: AppContext, id: number, reason: string): Promise<Change> {
  const member = await existing(ctx, id);
  const lockedOut = await loginLockedUntil(ctx, member.username);
  const before = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockedMember(trx, id);
    await setMemberStatus(trx, id, 'active', ctx.now());
    return row.status;
  });
  await clearLoginLockout(ctx, member.username);
  return changed(
    ctx,
    id,
    { status: before, loginLockedUntil: lockedOut?.toISOString() ?? null },
    { status: 'active', loginLockedUntil: null, reason },
  );
}

/** The next login with the password opens the forced change (login.service: changeRequired). */
export async function forcePasswordChange(ctx: AppContext, id: number): Promise<Change> {
  const now = ctx.now();
  const before = await ctx.db.transaction().execute(async (trx) => {
    const member = await lockedMember(trx, id);
    await requirePasswordChange(trx, id, now);
    return member.password_change_required_at;
  });
  return changed(
    ctx,
    id,
    { passwordChangeRequiredAt: before === null ? null : new Date(before).toISOString() },
    { passwordChangeRequiredAt: now.toISOString() },
  );
}

/** The mailed single-use reset link of the forgot-password flow, to the member's bound email. */
export async function sendResetLink(ctx: AppContext, meta: RequestMeta, id: number): Promise<Change> {
  const member = await existing(ctx, id);
  if (!member.email) throw new AppError('MEMBER_EMAIL_NOT_BOUND');
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  await sendResetLinkFor(ctx, meta, id);
  return changed(ctx, id, {}, { resetLinkSentTo: maskEmail(member.email) });
}

/** Clears the payment password; the member sets a new one in the security centre (and is told). */
export async function resetPaymentPassword(ctx: AppContext, id: number): Promise<Change> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockedMember(trx, id);
    await clearPaymentPassword(ctx, trx, id);
  });
  return changed(ctx, id, { paymentPasswordSet: true }, { paymentPasswordSet: false });
}

/**
 * Moves the member under another agent (or under none). The new upline must be an active agent
 * and neither the member nor one of the member's downlines (that would close a cycle). Upline
 * changes take one transaction-scoped advisory lock, so two changes at once cannot each pass the
 * cycle check and together make a cycle.
 */
export async function changeUpline(ctx: AppContext, id: number, body: UplineBody): Promise<Change> {
  const before = await ctx.db.transaction().execute(async (trx) => {
    await lockUplineChanges(trx);
    const member = await lockedMember(trx, id);
    if (body.uplineId !== null) {
      if (body.uplineId === id) throw new AppError('MEMBER_UPLINE_CYCLE');
      const upline = await findUplineCandidate(trx, body.uplineId);
      if (!upline || !isAgentType(upline.type) || upline.status !== 'active')
        throw new AppError('MEMBER_UPLINE_NOT_AGENT');
      if (await isSelfOrUplineOf(trx, id, body.uplineId)) throw new AppError('MEMBER_UPLINE_CYCLE');
    }
    await setUpline(trx, id, body.uplineId, ctx.now());
    return member.upline_id;
  });
  return changed(ctx, id, { uplineId: before }, { uplineId: body.uplineId });
}

/** Makes the member an agent of one of the agent types (spec §3: 1, 2, 41, 42). */
export async function markAgent(ctx: AppContext, id: number, body: AgentBody): Promise<Change> {
  const before = await ctx.db.transaction().execute(async (trx) => {
    const member = await lockedMember(trx, id);
    if (isTrialType(member.type)) throw new AppError('MEMBER_TRIAL_ACCOUNT');
    await setMemberType(trx, id, body.type, ctx.now());
    return member.type;
  });
  return changed(ctx, id, { type: before }, { type: body.type });
}

export async function addNote(ctx: AppContext, operator: Principal, id: number, body: NoteBody) {
  await existing(ctx, id);
  const note = await insertNote(ctx.db, {
    memberId: id,
    operatorId: operator.memberId,
    operatorUsername: operator.username,
    text: body.text,
    now: ctx.now(),
  });
  return { note, before: {}, after: { noteId: note.id, text: body.text } };
}

/** Replaces the member's tags; tags differing only in case count as one. */
export async function setTags(ctx: AppContext, id: number, body: TagsBody) {
  const seen = new Set<string>();
  const tags = body.tags.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const before = await ctx.db.transaction().execute(async (trx) => {
    await lockedMember(trx, id);
    const old = await memberTags(trx, id);
    await replaceTags(trx, id, tags, ctx.now());
    return old;
  });
  return { tags: [...tags].sort(), before: { tags: before }, after: { tags: [...tags].sort() } };
}

// ---- balance adjustments (four eyes above the brand's threshold)

export type AdjustmentOutcome = {
  adjustment: AdjustmentRow;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

function signed(a: { direction: 'credit' | 'debit'; amount: number }): number {
  return a.direction === 'credit' ? a.amount : -a.amount;
}

/**
 * Moves the money of an adjustment being posted, in the caller's transaction (which holds the
 * member's lock): a manual deposit is recorded and credited as a deposit order (docs/cashier.md
 * "Adjustment types"), a bonus is paid into the bonus wallet as a claimed reward with its wager
 * (docs/rewards.md "Bonus wallet and wagering"), anything else is a ledger adjustment of the
 * member's cash.
 */
async function postAdjustmentMoney(
  ctx: AppContext,
  trx: Trx,
  a: {
    id: number;
    memberId: number;
    type: AdjustmentType;
    wageringMultiple: number | null;
    direction: 'credit' | 'debit';
    amount: number;
    currency: string;
    reason: string;
    key: string;
    operatorId: number;
  },
): Promise<{ postingId: number; replayed: boolean; depositReference?: string }> {
  if (a.type === 'manual_deposit') {
    const deposit = await recordManualDeposit(ctx, trx, {
      memberId: a.memberId,
      adjustmentId: a.id,
      amount: a.amount,
      currency: a.currency,
      operatorId: a.operatorId,
      reason: a.reason,
    });
    return { postingId: deposit.postingId, replayed: false, depositReference: deposit.reference };
  }
  if (a.type === 'bonus') {
    const rules = (await getBrand(trx)).bonusAdjustmentWagering;
    const paid = await payAdjustmentBonus(trx, ctx, {
      memberId: a.memberId,
      adjustmentId: a.id,
      amount: a.amount,
      currency: a.currency,
      wagering: {
        multiple: a.wageringMultiple ?? rules.multiple,
        base: 'bonus',
        contributions: rules.contributions,
        otherPercent: rules.otherPercent,
        days: rules.days,
      },
    });
    return { postingId: paid.postingId, replayed: false };
  }
  const posting = await postAdjustment(trx, {
    memberId: a.memberId,
    currency: a.currency,
    amount: signed(a),
    idempotencyKey: a.key,
    reference: `ADJ-${a.id}`,
  });
  return { postingId: posting.postingId, replayed: posting.replayed };
}

/** The balance an adjustment of this type changes (the audit's before and after): bonus or cash. */
async function adjustedBalance(trx: Trx, type: AdjustmentType, memberId: number, currency: string): Promise<number> {
  if (type === 'bonus') return bonusBalanceOf(trx, memberId, currency);
  return (await balanceOf(trx, memberId, currency)).balance;
}

/** Whether an earlier adjustment is the same request as this one (same member and details). */
function sameRequest(
  earlier: AdjustmentRow,
  now: {
    memberId: number;
    type: AdjustmentType;
    wageringMultiple: number | null;
    direction: 'credit' | 'debit';
    amount: number;
    currency: string;
    reason: string;
  },
): boolean {
  return (
    earlier.member_id === now.memberId &&
    earlier.type === now.type &&
    earlier.wagering_multiple === now.wageringMultiple &&
    earlier.direction === now.direction &&
    Number(earlier.amount) === now.amount &&
    earlier.currency === now.currency &&
    earlier.reason === now.reason
  );
}

/**
 * An operator's credit or debit of the member's cash, once per request id: a repeat of the request
 * (a double click, a retry, parallel copies) answers the first request's adjustment and moves nothing,
 * and the id sent again with other details is ADJUSTMENT_REQUEST_CONFLICT.
 *
 * It is posted at once while what this operator has adjusted alone for the member in the brand day,
 * this request included, stays within the brand's adjustmentApprovalThreshold (minor units);
 * otherwise it waits for a second operator. The day total closes the gap of splitting one large
 * credit into several small ones. A debit the balance cannot cover is refused
 * (WALLET_INSUFFICIENT_FUNDS) and leaves nothing behind.
 */
export async function requestAdjustment(
  ctx: AppContext,
  operator: Principal,
  id: number,
  body: AdjustmentBody,
): Promise<AdjustmentOutcome> {
  const brand = await getBrand(ctx.db);
  let amount: number;
  try {
    amount = toMinor(body.amount);
  } catch {
    throw fieldErrors({ amount: 'INVALID' });
  }
  if (amount <= 0) throw fieldErrors({ amount: 'INVALID' });
  // Money that arrived is never taken: a manual deposit only credits; a bonus is taken back only by
  // its wager's forfeiture, never by a debit.
  if ((body.type === 'manual_deposit' || body.type === 'bonus') && body.direction !== 'credit')
    throw fieldErrors({ direction: 'INVALID' });
  if (body.wageringMultiple !== undefined && body.type !== 'bonus') throw fieldErrors({ wageringMultiple: 'INVALID' });
  const now = ctx.now();
  const day = brandDay(now, brand.timeZone);
  const details = {
    memberId: id,
    type: body.type,
    // Fixed at the request, so an approval later posts what was asked whatever the brand says then.
    wageringMultiple: body.type === 'bonus' ? (body.wageringMultiple ?? brand.bonusAdjustmentWagering.multiple) : null,
    direction: body.direction,
    amount,
    currency: brand.currency,
    reason: body.reason,
  };
  const result = await ctx.db.transaction().execute(async (trx) => {
    // Copies of one request wait here for each other, whichever member they name, so the later ones
    // find the first one's row instead of racing it to the unique index.
    await lockAdjustmentRequest(trx, operator.memberId, body.requestId);
    const earlier = await findAdjustmentByRequest(trx, operator.memberId, body.requestId);
    if (earlier) {
      if (!sameRequest(earlier, details)) throw new AppError('ADJUSTMENT_REQUEST_CONFLICT');
      return { adjustmentId: earlier.id, replayed: true, before: null, after: null };
    }
    // The member's row lock also serialises this operator's adjustments of the member, so two at
    // once cannot both fit under the day's threshold.
    await lockedMember(trx, id);
    const alone = await adjustedAlone(trx, id, operator.memberId, day);
    const immediate = alone + amount <= brand.adjustmentApprovalThreshold;
    const key = `adjustment:${operator.memberId}:${body.requestId}`;
    const adjustmentId = await insertAdjustment(trx, {
      memberId: id,
      type: body.type,
      wageringMultiple: details.wageringMultiple,
      direction: body.direction,
      amount,
      currency: brand.currency,
      reason: body.reason,
      idempotencyKey: key,
      operatorId: operator.memberId,
      operatorUsername: operator.username,
      requestId: body.requestId,
      brandDay: day,
      now,
    });
    const cash = await balanceOf(trx, id, brand.currency);
    // A debit waiting for approval is checked again when it is posted; refusing it now spares the
    // second operator a request that cannot go through.
    if (body.direction === 'debit' && cash.available < amount) throw new AppError('WALLET_INSUFFICIENT_FUNDS');
    const before = { balance: await adjustedBalance(trx, body.type, id, brand.currency) };
    if (!immediate) return { adjustmentId, replayed: false, before: before.balance, after: before.balance };
    // The posting is dated like the adjustment's record (its brand day), also on a moved clock.
    await followAppClock(trx, now);
    const posting = await postAdjustmentMoney(ctx, trx, {
      ...details,
      id: adjustmentId,
      key,
      operatorId: operator.memberId,
    });
    await decideAdjustment(trx, adjustmentId, {
      status: 'posted',
      operatorId: operator.memberId,
      operatorUsername: operator.username,
      reason: 'within the approval threshold',
      postingId: posting.postingId,
      ...(posting.depositReference ? { depositReference: posting.depositReference } : {}),
      now,
    });
    return {
      adjustmentId,
      replayed: false,
      before: before.balance,
      after: before.balance + signed({ direction: body.direction, amount }),
    };
  });
  const adjustment = await findAdjustment(ctx.db, result.adjustmentId);
  if (!adjustment) throw new Error(`adjustment ${result.adjustmentId} vanished`);
  if (result.replayed)
    return {
      adjustment,
      before: {},
      after: { replayOf: adjustment.id, status: adjustment.status, requestId: body.requestId },
    };
  return {
    adjustment,
    before: { balanceMinor: result.before },
    after: {
      balanceMinor: result.after,
      status: adjustment.status,
      adjustmentId: adjustment.id,
      requestId: body.requestId,
    },
  };
}

/** The member an adjustment is about (the audit row's target), or ADJUSTMENT_NOT_FOUND. */
export async function adjustmentMember(ctx: AppContext, adjustmentId: number): Promise<number> {
  const row = await findAdjustment(ctx.db, adjustmentId);
  if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
  return row.member_id;
}

/**
 * A second operator approves a pending adjustment: it is posted through the ledger with the key
 * chosen at the request, under the request's row lock, so approvals racing each other post once
 * (the later one finds it posted and answers it unchanged). The requester cannot approve their own.
 */
export async function approveAdjustment(
  ctx: AppContext,
  operator: Principal,
  adjustmentId: number,
): Promise<AdjustmentOutcome> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await findAdjustment(trx, adjustmentId, { forUpdate: true });
    if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
    if (row.requested_by === operator.memberId) throw new AppError('ADJUSTMENT_SELF_APPROVAL');
    if (row.status === 'posted') return { posted: false, before: null, after: null };
    if (row.status !== 'pending') throw new AppError('ADJUSTMENT_DECIDED', { value: { status: row.status } });
    // A manual deposit credits as a deposit does, and a bonus opens a wager as a claim does, under
    // the member's lock (docs/wallet.md).
    if (row.type === 'manual_deposit' || row.type === 'bonus') await lockedMember(trx, row.member_id);
    const before = { balance: await adjustedBalance(trx, row.type, row.member_id, row.currency) };
    await followAppClock(trx, now);
    const posting = await postAdjustmentMoney(ctx, trx, {
      id: row.id,
      memberId: row.member_id,
      type: row.type,
      wageringMultiple: row.wagering_multiple,
      direction: row.direction,
      amount: Number(row.amount),
      currency: row.currency,
      reason: row.reason,
      key: row.idempotency_key,
      operatorId: operator.memberId,
    });
    await decideAdjustment(trx, row.id, {
      status: 'posted',
      operatorId: operator.memberId,
      operatorUsername: operator.username,
      reason: null,
      postingId: posting.postingId,
      ...(posting.depositReference ? { depositReference: posting.depositReference } : {}),
      now,
    });
    return { posted: !posting.replayed, before: before.balance, after: before.balance + signed(row) };
  });
  const adjustment = await findAdjustment(ctx.db, adjustmentId);
  if (!adjustment) throw new Error(`adjustment ${adjustmentId} vanished`);
  return {
    adjustment,
    before: { status: 'pending', balanceMinor: outcome.before },
    after: { status: adjustment.status, balanceMinor: outcome.after, posted: outcome.posted },
  };
}

export async function rejectAdjustment(
  ctx: AppContext,
  operator: Principal,
  adjustmentId: number,
  reason: string,
): Promise<AdjustmentOutcome> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findAdjustment(trx, adjustmentId, { forUpdate: true });
    if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
    if (row.status === 'rejected') return;
    if (row.status !== 'pending') throw new AppError('ADJUSTMENT_DECIDED', { value: { status: row.status } });
    await decideAdjustment(trx, row.id, {
      status: 'rejected',
      operatorId: operator.memberId,
      operatorUsername: operator.username,
      reason,
      postingId: null,
      now: ctx.now(),
    });
  });
  const adjustment = await findAdjustment(ctx.db, adjustmentId);
  if (!adjustment) throw new Error(`adjustment ${adjustmentId} vanished`);
  return { adjustment, before: { status: 'pending' }, after: { status: adjustment.status, reason } };
}

/**
 * The requester withdraws a pending adjustment before anyone decides it: nothing moves. Only the
 * requester may (ADJUSTMENT_NOT_REQUESTER); a decided one is ADJUSTMENT_DECIDED; a repeat answers it.
 */
export async function cancelAdjustment(
  ctx: AppContext,
  operator: Principal,
  adjustmentId: number,
): Promise<AdjustmentOutcome> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findAdjustment(trx, adjustmentId, { forUpdate: true });
    if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
    if (row.requested_by !== operator.memberId) throw new AppError('ADJUSTMENT_NOT_REQUESTER');
    if (row.status === 'cancelled') return;
    if (row.status !== 'pending') throw new AppError('ADJUSTMENT_DECIDED', { value: { status: row.status } });
    await decideAdjustment(trx, row.id, {
      status: 'cancelled',
      operatorId: operator.memberId,
      operatorUsername: operator.username,
      reason: null,
      postingId: null,
      now: ctx.now(),
    });
  });
  const adjustment = await findAdjustment(ctx.db, adjustmentId);
  if (!adjustment) throw new Error(`adjustment ${adjustmentId} vanished`);
  return { adjustment, before: { status: 'pending' }, after: { status: adjustment.status } };
}

/** What the adjust dialog tells the operator before they send: the brand's threshold, bonus default and what counts in the agents' base. */
export async function adjustmentRules(ctx: AppContext): Promise<AdjustmentRules> {
  const brand = await getBrand(ctx.db);
  return {
    approvalThreshold: toMajor(brand.adjustmentApprovalThreshold),
    currency: brand.currency,
    bonusWageringMultiple: brand.bonusAdjustmentWagering.multiple,
    bonusWageringDays: brand.bonusAdjustmentWagering.days,
    agentBase: {
      correction: brand.agentNgr.manual && brand.agentNgr.manualCorrection,
      goodwill: brand.agentNgr.manual && brand.agentNgr.manualGoodwill,
      // A deposit is the member's own money; a bonus counts (as bonus) when its wagering converts it.
      manual_deposit: false,
      bonus: brand.agentNgr.bonus,
    },
  };
}

export function adjustments(ctx: AppContext, q: AdjustmentQuery) {
  return pageAdjustments(ctx.db, { status: q.status, memberId: q.memberId }, q);
}
