import { holdsPermission } from '@gamehall/shared/api/permissions';
import type { AdminPvpFlagReviewBody, PvpFlagReview, PvpFlagState } from '@gamehall/shared/api/pvp-history';
import type { PvpChipDumpFlag, PvpSoftPlayFlag, PvpTogetherPair } from '@gamehall/shared/api/pvp-records';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import { raiseOnFinding, type SharedAddressOrDevice } from '../risk/risk.service';
import type { PvpIntegrityReviewsTable } from './pvp.tables';

// Operators' decisions on the integrity flags (docs/pvp.md "Reviewing flags"). The studio computes
// the flags afresh on every request; a decision is kept here under the flag's key (kind, members,
// stake), which the same flag computed again has too, with the hands the flag counted then. A flag
// is in the state of its latest decision while it counts no hand outside those; one counting other
// hands is open again, so new hands bring a cleared flag back.

/** A pair the studio saw dealt in together whose members share an address or a device (pvp.linked.ts). */
export type LinkedFlag = PvpTogetherPair & { kind: 'linked_accounts'; shared: SharedAddressOrDevice[] };

export type IntegrityFlag = PvpChipDumpFlag | PvpSoftPlayFlag | LinkedFlag;

/** What identifies a flag across computations: kind, members (ordered as the flag orders them), stake. */
export function flagKey(f: IntegrityFlag): string {
  switch (f.kind) {
    case 'chip_dumping':
      return `chip_dumping:${f.currency}:${f.from}>${f.to}`;
    case 'soft_play':
      return `soft_play:${f.currency}:${f.bigBlind}:${f.a}+${f.b}`;
    case 'linked_accounts':
      return `linked_accounts:${f.a}+${f.b}`;
  }
}

/** The flag's kind in the words of a risk level's history. */
const KIND_WORDS: Record<IntegrityFlag['kind'], string> = {
  chip_dumping: 'chip dumping',
  soft_play: 'soft play',
  linked_accounts: 'linked accounts at a table',
};

/** The member behind a studio player id (the member id in decimal), or null for one the platform did not make. */
export const memberIdOf = (player: string) => (/^\d{1,15}$/.test(player) ? Number(player) : null);

type ReviewRow = Pick<
  PvpIntegrityReviewsTable,
  'flag_key' | 'revision' | 'decision' | 'reason' | 'reviewed_by_username' | 'first_hand_id' | 'last_hand_id'
> & { reviewed_at: Date; raised_members: number[] };

/** The latest decision on each of `keys` that has one. */
export async function latestReviews(db: Conn, keys: string[]): Promise<Map<string, ReviewRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('pvp_integrity_reviews')
    .select([
      'flag_key',
      'revision',
      'decision',
      'reason',
      'reviewed_by_username',
      'reviewed_at',
      'first_hand_id',
      'last_hand_id',
      'raised_members',
    ])
    .distinctOn('flag_key')
    .where('flag_key', 'in', [...new Set(keys)])
    .orderBy('flag_key')
    .orderBy('revision', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.flag_key, r]));
}

/** The flag's review state under its latest decision (none: open, revision 0). */
export function reviewOf(flag: { firstHandId: number; lastHandId: number }, row: ReviewRow | undefined): PvpFlagReview {
  if (!row) return { state: 'open', revision: 0, last: null, newHands: false };
  const covered = flag.firstHandId >= Number(row.first_hand_id) && flag.lastHandId <= Number(row.last_hand_id);
  return {
    state: covered ? row.decision : 'open',
    revision: row.revision,
    last: {
      decision: row.decision,
      reason: row.reason,
      by: row.reviewed_by_username,
      at: new Date(row.reviewed_at).toISOString(),
      firstHandId: Number(row.first_hand_id),
      lastHandId: Number(row.last_hand_id),
      raised: row.raised_members.map(Number),
    },
    newHands: !covered,
  };
}

/** The flag's two members by member id, in the flag's order (loser first for chip dumping). */
function membersOf(f: IntegrityFlag): [number | null, number | null] {
  return f.kind === 'chip_dumping' ? [memberIdOf(f.from), memberIdOf(f.to)] : [memberIdOf(f.a), memberIdOf(f.b)];
}

const conflict = () => new AppError('PVP_FLAG_REVIEW_CONFLICT');

export type FlagDecision = {
  key: string;
  kind: IntegrityFlag['kind'];
  members: [number | null, number | null];
  before: PvpFlagState;
  review: PvpFlagReview;
  raised: number[];
};

/**
 * Records a decision on `flag`, as the studio computed it for body.from..to just before. Refused
 * with nothing changed when the operator saw another revision or other hands than there are now
 * (PVP_FLAG_REVIEW_CONFLICT), or asks to raise risk levels without risk.write (AUTH_FORBIDDEN). Two
 * operators deciding on one revision at once: UNIQUE (flag_key, revision) lets one insert, and the
 * other's insert does nothing, which is its conflict.
 */
export async function decide(
  ctx: AppContext,
  operator: Principal,
  flag: IntegrityFlag,
  body: AdminPvpFlagReviewBody,
): Promise<FlagDecision> {
  if (body.raiseRisk && !holdsPermission(operator.permissions, 'risk.write')) throw new AppError('AUTH_FORBIDDEN');
  if (flag.firstHandId !== body.firstHandId || flag.lastHandId !== body.lastHandId) throw conflict();
  const key = flagKey(flag);
  const members = membersOf(flag);
  return ctx.db.transaction().execute(async (trx) => {
    const latest = (await latestReviews(trx, [key])).get(key);
    if ((latest?.revision ?? 0) !== body.revision) throw conflict();
    const before = reviewOf(flag, latest).state;
    const now = ctx.now();
    const raised = body.raiseRisk
      ? await raiseOnFinding(
          trx,
          operator,
          members.filter((id) => id !== null),
          `Confirmed card-room ${KIND_WORDS[flag.kind]} (hands #${flag.firstHandId} to #${flag.lastHandId}): ${body.reason}`,
          now,
        )
      : [];
    const inserted = await trx
      .insertInto('pvp_integrity_reviews')
      .values({
        flag_key: key,
        revision: body.revision + 1,
        kind: flag.kind,
        member_a: members[0],
        member_b: members[1],
        decision: body.decision,
        reason: body.reason,
        first_hand_id: flag.firstHandId,
        last_hand_id: flag.lastHandId,
        window_from: body.from,
        window_to: body.to,
        raised_members: JSON.stringify(raised),
        reviewed_by: operator.memberId,
        reviewed_by_username: operator.username,
        reviewed_at: now,
      })
      .onConflict((oc) => oc.columns(['flag_key', 'revision']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw conflict();
    const row: ReviewRow = {
      flag_key: key,
      revision: body.revision + 1,
      decision: body.decision,
      reason: body.reason,
      reviewed_by_username: operator.username,
      reviewed_at: now,
      first_hand_id: flag.firstHandId,
      last_hand_id: flag.lastHandId,
      raised_members: raised,
    };
    return { key, kind: flag.kind, members, before, review: reviewOf(flag, row), raised };
  });
}
