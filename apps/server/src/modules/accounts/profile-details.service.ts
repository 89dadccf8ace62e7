import { PROFILE_DETAIL_FIELDS, type ProfileDetailField, type ProfileDetailsBody } from '@gamehall/shared/api/member';
import { checkField, hintFor, parsePatternDate } from '@gamehall/shared/patterns';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { getBrand } from '../brand/brand.service';
import { type DetailColumns, readDetails, updateDetails } from './profile-details.queries';
import { ageOn, loadRuleSet } from './registration.service';

// The sign-up asks only what the brand requires; the optional fields it has enabled are added here
// later, each held to the same rule as at registration. The real name (payouts go to it) and the
// birthday (the age check used it) are set once and then kept; an operator corrects them.

const COLUMN: Record<ProfileDetailField, keyof DetailColumns> = {
  payeeName: 'payee_name',
  birthday: 'birthday',
  fullName: 'full_name',
  address: 'address',
  nationality: 'nationality',
  occupation: 'occupation',
  sourceOfIncome: 'source_of_income',
  placeOfBirth: 'place_of_birth',
  qqNum: 'qq_num',
  line: 'line',
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  wechat: 'wechat',
  telegram: 'telegram',
  zalo: 'zalo',
};
const SET_ONCE = new Set<ProfileDetailField>(['payeeName', 'birthday']);

function shown(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value);
  return text === '' ? null : /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
}

export async function profileDetails(ctx: AppContext, principal: Principal) {
  const [rules, row] = await Promise.all([loadRuleSet(ctx.db), readDetails(ctx.db, principal.memberId)]);
  if (!row) throw new AppError('NOT_FOUND');
  return PROFILE_DETAIL_FIELDS.flatMap((field) => {
    const rule = rules.get(field);
    if (!rule?.enabled) return [];
    const value = shown(row[COLUMN[field]]);
    const hint = hintFor(rule.patternId, rule.minLength, rule.maxLength);
    return [{ field, value, locked: SET_ONCE.has(field) && value !== null, rule: { field, ...rule, hint } }];
  });
}

export async function changeProfileDetails(ctx: AppContext, principal: Principal, body: ProfileDetailsBody) {
  const [rules, brand] = await Promise.all([loadRuleSet(ctx.db), getBrand(ctx.db)]);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await readDetails(trx, principal.memberId, { forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND');
    const failures: Record<string, string> = {};
    const patch: DetailColumns = {};
    for (const field of PROFILE_DETAIL_FIELDS) {
      const given = body[field];
      if (given === undefined) continue;
      const value = given.trim();
      const rule = rules.get(field);
      const current = shown(row[COLUMN[field]]);
      if (!rule?.enabled) failures[field] = 'NOT_ALLOWED';
      else if (SET_ONCE.has(field) && current !== null) {
        if (value !== current) failures[field] = 'NOT_ALLOWED';
      } else if (value === '') patch[COLUMN[field]] = null;
      else {
        // Optional here whatever the sign-up said: a member adds details one at a time.
        const reason = checkField(value, { ...rule, required: false });
        if (reason) failures[field] = reason;
        else if (field === 'birthday') {
          const birthday = parsePatternDate(value);
          if (!birthday) failures[field] = 'PATTERN';
          else if (ageOn(birthday, now) < Math.max(brand.minAge, brand.birthdayCheckAge))
            throw new AppError('ACCOUNT_AGE_RESTRICTED');
          else patch.birthday = birthday;
        } else patch[COLUMN[field]] = value;
      }
    }
    if (Object.keys(failures).length > 0) throw fieldErrors(failures);
    if (Object.keys(patch).length > 0) await updateDetails(trx, principal.memberId, patch, now);
  });
  return profileDetails(ctx, principal);
}
