import type { Conn } from '../../db/database';

// The member's optional details (registration fields added later from the profile).

export function readDetails(db: Conn, memberId: number, options: { forUpdate?: boolean } = {}) {
  let q = db
    .selectFrom('members')
    .select([
      'payee_name',
      'birthday',
      'full_name',
      'address',
      'nationality',
      'occupation',
      'source_of_income',
      'place_of_birth',
      'qq_num',
      'line',
      'whatsapp',
      'facebook',
      'wechat',
      'telegram',
      'zalo',
    ])
    .where('id', '=', memberId);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export type DetailColumns = Partial<{
  payee_name: string | null;
  birthday: string | null;
  full_name: string | null;
  address: string | null;
  nationality: string | null;
  occupation: string | null;
  source_of_income: string | null;
  place_of_birth: string | null;
  qq_num: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  telegram: string | null;
  zalo: string | null;
}>;

export async function updateDetails(db: Conn, memberId: number, patch: DetailColumns, now: Date) {
  await db
    .updateTable('members')
    .set({ ...patch, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}
