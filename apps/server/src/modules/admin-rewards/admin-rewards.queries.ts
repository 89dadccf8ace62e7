import type { PromotionInput } from '@gamehall/shared/api/rewards';
import type { Conn } from '../../db/database';

// The back office's writes to promotions (migration 0035); the reads live with the rewards area
// and are reached through its service.

/** The columns an operator edits, from the form (rules and texts are stored as JSON). */
function promotionColumns(input: PromotionInput, now: Date) {
  return {
    type: input.type,
    kind: input.kind,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    rules: JSON.stringify(input.rules),
    texts: JSON.stringify(input.texts),
    sort: input.sort,
    updated_at: now,
  };
}

export function insertPromotion(db: Conn, input: PromotionInput, now: Date) {
  return db.insertInto('promotions').values(promotionColumns(input, now)).returningAll().executeTakeFirstOrThrow();
}

export function updatePromotion(db: Conn, id: number, input: PromotionInput, now: Date) {
  return db
    .updateTable('promotions')
    .set(promotionColumns(input, now))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves the state only if it is still `from`, so two operators' moves at once apply once; undefined otherwise. */
export function movePromotionState(
  db: Conn,
  id: number,
  from: 'draft' | 'active' | 'paused' | 'ended',
  to: 'draft' | 'active' | 'paused' | 'ended',
  now: Date,
) {
  return db
    .updateTable('promotions')
    .set({ state: to, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();
}
