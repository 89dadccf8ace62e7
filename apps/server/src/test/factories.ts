import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { hashPassword } from '../modules/accounts/passwords';
import { sealTotpSecret } from '../modules/accounts/two-factor.crypto';

let counter = 0;

/** Creates a member row directly (for tests); returns its id and the credentials. */
export async function createMember(
  ctx: AppContext,
  input: {
    username?: string;
    password?: string;
    type?: number;
    email?: string | null;
    mobileNum?: string | null;
    countryDialingCode?: string | null;
    payeeName?: string | null;
    uplineId?: number | null;
    status?: 'active' | 'disabled';
    knownIps?: string[];
    passwordChangedAt?: Date;
    permissions?: string[];
    totpSecret?: string | null;
  } = {},
) {
  counter++;
  const username = input.username ?? `user${Date.now().toString(36)}${counter}`;
  const password = input.password ?? 'Secret@123';
  const row = await ctx.db
    .insertInto('members')
    .values({
      username,
      password_hash: await hashPassword(password),
      type: input.type ?? 0,
      status: input.status ?? 'active',
      email: input.email ?? null,
      mobile_num: input.mobileNum ?? null,
      country_dialing_code: input.countryDialingCode ?? (input.mobileNum ? '63' : null),
      payee_name: input.payeeName ?? null,
      upline_id: input.uplineId ?? null,
      referral_code: randomBytes(5).toString('hex').toUpperCase(),
      password_changed_at: input.passwordChangedAt ?? new Date(),
      permissions: JSON.stringify(input.permissions ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.totpSecret) {
    // An authenticator already switched on, sealed as enrolment seals it.
    await ctx.db
      .insertInto('member_totp')
      .values({
        member_id: row.id,
        secret_sealed: sealTotpSecret(ctx, row.id, input.totpSecret),
        enabled_at: new Date(),
      })
      .execute();
  }
  for (const ip of input.knownIps ?? ['127.0.0.1']) {
    await ctx.db.insertInto('member_login_ips').values({ member_id: row.id, ip }).execute();
  }
  return { id: row.id, username, password };
}
