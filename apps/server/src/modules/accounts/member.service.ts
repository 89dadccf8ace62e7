import type { AppContext } from '../../context';
import { OPERATOR_ACCOUNT_TYPE, type Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { loginHistory } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import {
  findMemberByUsername,
  findMemberProfile,
  updateAvatar,
  updateLanguage,
  usernamesOfIds,
  vipLabelSql,
} from './member.queries';

/** The member's own profile row (the member info, the header, the security centre). */
export async function profileOf(ctx: AppContext, principal: Principal) {
  const member = await findMemberProfile(ctx.db, principal.memberId);
  if (!member) throw new AppError('AUTH_REQUIRED');
  return member;
}

export type MemberProfile = Awaited<ReturnType<typeof profileOf>>;

/** A member's username and VIP level by id (operators' side panels); MEMBER_NOT_FOUND when there is none. */
export async function memberById(ctx: AppContext, memberId: number) {
  const member = await findMemberProfile(ctx.db, memberId);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return { id: member.id, username: member.username, vipLevel: member.vip_level };
}

/**
 * A player (any member but an operator) by username, for settings a vendor keeps per player (the
 * sportsbook's stake factor); MEMBER_NOT_FOUND when there is none.
 */
export async function playerByUsername(ctx: AppContext, username: string) {
  const member = await findMemberByUsername(ctx.db, username);
  if (!member || member.type === OPERATOR_ACCOUNT_TYPE) throw new AppError('MEMBER_NOT_FOUND');
  return { id: Number(member.id), username: member.username };
}

/** Usernames by member id, for lists a vendor answers by player id; unknown ids are left out. */
export async function usernamesByIds(ctx: AppContext, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await usernamesOfIds(ctx.db, [...new Set(ids)]);
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

/** A VIP level's label as a scalar subquery on a level column of the caller's query (the header's VIP badge). */
export const vipLevelLabelSql = vipLabelSql;

export async function icon(ctx: AppContext, principal: Principal) {
  return (await profileOf(ctx, principal)).avatar;
}

export async function setIcon(ctx: AppContext, principal: Principal, avatar: number) {
  await updateAvatar(ctx.db, principal.memberId, avatar, ctx.now());
  return avatar;
}

/**
 * PUT /wps/member/language (spec §4 "updates the server-side language"): one of the brand's
 * languages, any case, kept upper-case; stored on the member when the caller is logged in.
 */
export async function setLanguage(ctx: AppContext, principal: Principal | null, language: string) {
  const brand = await getBrand(ctx.db);
  const wanted = language.trim().toUpperCase();
  if (!brand.supportedLanguages.some((l) => l.toUpperCase() === wanted)) throw fieldErrors({ language: 'INVALID' });
  if (principal) await updateLanguage(ctx.db, principal.memberId, wanted, ctx.now());
  return wanted;
}

/** GET /wps/member/security: the member centre's security page. */
export async function security(ctx: AppContext, principal: Principal) {
  const member = await profileOf(ctx, principal);
  return { member, loginHistory: await loginHistory(ctx.db, member.id) };
}
