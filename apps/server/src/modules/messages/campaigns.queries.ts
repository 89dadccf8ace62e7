import type { CampaignChannel, CampaignText, SegmentFilter } from '@gamehall/shared/api/campaigns';
import { AGENT_ACCOUNT_TYPES, MEMBER_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import type {} from './campaigns.tables';

/** Account types a campaign can reach: members and agents (never trial accounts or operators). */
const REACHABLE_TYPES = [MEMBER_ACCOUNT_TYPE, ...AGENT_ACCOUNT_TYPES];

/** A LIKE pattern matching the text anywhere, with the text's own % _ and \ taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The member search's text match (member-page.queries matchingIds), as a condition on member row
 * `m`: the field contains the text, case-insensitive; `all` tries every field the text can occur
 * in. Null when the text cannot match the field (letters in an id): the segment is then empty.
 */
function textMatch(text: string, field: SegmentFilter['field']): RawBuilder<boolean> | null {
  const p = containing(text);
  const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
  const want = (f: SegmentFilter['field'], could = true) => field === f || (field === 'all' && could);
  const parts: RawBuilder<unknown>[] = [];
  if (want('id') && id !== null) parts.push(sql`m.id = ${id}`);
  if (want('username')) parts.push(sql`lower(m.username) LIKE ${p}`);
  if (want('email')) parts.push(sql`lower(m.email) LIKE ${p}`);
  if (want('name', /\p{L}/u.test(text))) {
    parts.push(sql`m.id IN (SELECT member_id FROM kyc_identities WHERE lower(verified_name) LIKE ${p})`);
    parts.push(sql`lower(m.full_name) LIKE ${p}`);
  }
  const phone = text.replace(/^\+\d{1,3}\s+/, '').replace(/[\s()-]/g, '');
  if (want('mobile', /^\d+$/.test(phone)) && phone.length > 0) parts.push(sql`m.mobile_num LIKE ${containing(phone)}`);
  if (want('ip', /^[0-9a-f.:]+$/i.test(text))) {
    parts.push(sql`m.register_ip LIKE ${p}`);
    parts.push(sql`m.last_login_ip LIKE ${p}`);
    parts.push(sql`m.id IN (SELECT member_id FROM member_login_ips WHERE ip LIKE ${p})`);
  }
  if (parts.length === 0) return null;
  return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
}

/** THE segment rule: whether member row `m` is in a segment with this filter. */
export function inSegment(filter: SegmentFilter): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [sql`m.type IN (${sql.join(REACHABLE_TYPES)})`];
  if (filter.q !== undefined) conditions.push(textMatch(filter.q, filter.field) ?? sql`false`);
  if (filter.status !== undefined) conditions.push(sql`m.status = ${filter.status}`);
  if (filter.tag !== undefined)
    conditions.push(sql`m.id IN (SELECT member_id FROM member_tags WHERE lower(tag) = ${filter.tag.toLowerCase()})`);
  if (filter.agentsOnly) conditions.push(sql`m.type IN (${sql.join([...AGENT_ACCOUNT_TYPES])})`);
  if (filter.vipMin !== undefined) conditions.push(sql`m.vip_level >= ${filter.vipMin}`);
  if (filter.vipMax !== undefined) conditions.push(sql`m.vip_level <= ${filter.vipMax}`);
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * Campaigns are marketing: a member on a time-out or self-exclusion is left out while the break
 * lasts (responsible.queries marketingBlocked's rule, as messages.queries inAudience has it).
 */
function notOnBreak(now: Date): RawBuilder<boolean> {
  return sql<boolean>`NOT EXISTS (
    SELECT 1 FROM responsible_settings rs WHERE rs.member_id = m.id
      AND rs.break_kind IS NOT NULL AND (rs.break_until IS NULL OR rs.break_until > ${now}))`;
}

export async function segmentSize(db: Conn, filter: SegmentFilter): Promise<number> {
  const row = await sql<{ n: string | number }>`SELECT count(*) AS n FROM members m WHERE ${inSegment(filter)}`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
}

/** How many members of the segment a campaign reaches now, and how many of them on each contact. */
export async function segmentReach(db: Conn, filter: SegmentFilter, now: Date) {
  const row = await sql<{ members: string | number; sms: string | number; mail: string | number }>`
    SELECT count(*) AS members,
           count(*) FILTER (WHERE m.mobile_num IS NOT NULL AND m.country_dialing_code IS NOT NULL) AS sms,
           count(*) FILTER (WHERE m.email IS NOT NULL) AS mail
      FROM members m
     WHERE ${inSegment(filter)} AND ${notOnBreak(now)}`.execute(db);
  const r = row.rows[0];
  return { members: Number(r?.members ?? 0), sms: Number(r?.sms ?? 0), mail: Number(r?.mail ?? 0) };
}

export type SegmentMember = {
  id: number;
  username: string;
  nickname: string | null;
  language: string;
  vip_level: number;
  email: string | null;
  mobile_num: string | null;
  country_dialing_code: string | null;
};

/** The members a campaign is sent to now, in id order (`limit` for a preview's sample). */
export async function segmentMembers(db: Conn, filter: SegmentFilter, now: Date, limit?: number) {
  const result = await sql<SegmentMember>`
    SELECT m.id, m.username, m.nickname, m.language, m.vip_level, m.email, m.mobile_num, m.country_dialing_code
      FROM members m
     WHERE ${inSegment(filter)} AND ${notOnBreak(now)}
     ORDER BY m.id
     ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`.execute(db);
  return result.rows;
}

// ---- segments

export function insertSegment(db: Conn, s: { name: string; filter: SegmentFilter; createdBy: number; now: Date }) {
  return db
    .insertInto('campaign_segments')
    .values({ name: s.name, filter: JSON.stringify(s.filter), created_by: s.createdBy, created_at: s.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findSegment(db: Conn, id: number) {
  return db.selectFrom('campaign_segments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSegments(db: Conn) {
  return db.selectFrom('campaign_segments').selectAll().orderBy('id', 'desc').limit(200).execute();
}

// ---- campaigns

export function insertCampaign(
  db: Conn,
  c: {
    name: string;
    segmentId: number;
    channels: CampaignChannel[];
    texts: Record<string, CampaignText>;
    fallbackLanguage: string;
    links: string[];
    sendAt: Date;
    confirmedReach: number;
    sendKey: string;
    createdBy: number;
    now: Date;
  },
) {
  return db
    .insertInto('campaigns')
    .values({
      send_key: c.sendKey,
      name: c.name,
      segment_id: c.segmentId,
      channels: JSON.stringify(c.channels),
      texts: JSON.stringify(c.texts),
      fallback_language: c.fallbackLanguage,
      links: JSON.stringify(c.links),
      status: 'scheduled',
      send_at: c.sendAt,
      confirmed_reach: c.confirmedReach,
      created_by: c.createdBy,
      created_at: c.now,
    })
    .onConflict((oc) => oc.column('send_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** The id of the campaign a send key made, if any. */
export async function findCampaignIdByKey(db: Conn, sendKey: string) {
  const row = await db.selectFrom('campaigns').select('id').where('send_key', '=', sendKey).executeTakeFirst();
  return row?.id;
}

/**
 * Moves a scheduled campaign to sent, once: the conditional update takes the row's lock, so a second
 * sender (another worker, or a job running twice) waits for the first to commit and then finds it
 * no longer scheduled. Null when it was not scheduled.
 */
export function claimCampaign(db: Conn, id: number, now: Date) {
  return db
    .updateTable('campaigns')
    .set({ status: 'sent', sent_at: now })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .returningAll()
    .executeTakeFirst();
}

export async function cancelCampaign(db: Conn, id: number) {
  const row = await db
    .updateTable('campaigns')
    .set({ status: 'cancelled' })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordReach(
  db: Conn,
  id: number,
  reach: { members: number; inbox: number; sms: number; mail: number },
) {
  await db
    .updateTable('campaigns')
    .set({ reach_members: reach.members, reach_inbox: reach.inbox, reach_sms: reach.sms, reach_mail: reach.mail })
    .where('id', '=', id)
    .execute();
}

/** Scheduled campaigns whose time has come, oldest first; rows another sender holds are skipped. */
export async function dueCampaigns(db: Conn, now: Date, limit: number) {
  const result = await sql<{ id: number }>`
    SELECT id FROM campaigns WHERE status = 'scheduled' AND send_at <= ${now}
     ORDER BY send_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(db);
  return result.rows.map((r) => Number(r.id));
}

export async function insertRecipients(db: Conn, campaignId: number, list: { memberId: number; token: string }[]) {
  if (list.length === 0) return;
  await db
    .insertInto('campaign_recipients')
    .values(list.map((r) => ({ campaign_id: campaignId, member_id: r.memberId, token: r.token })))
    .execute();
}

export async function insertCampaignMessages(
  db: Conn,
  campaignId: number,
  list: { memberId: number; title: string; content: string }[],
  now: Date,
) {
  if (list.length === 0) return;
  await db
    .insertInto('member_messages')
    .values(
      list.map((m) => ({
        member_id: m.memberId,
        kind: null,
        params: '{}',
        title: m.title,
        content: m.content,
        campaign_id: campaignId,
        created_at: now,
      })),
    )
    .execute();
}

/** One page of campaigns, newest first, with their segment's name and read and click counts. */
export async function pageCampaigns(db: Conn, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('campaigns as c')
      .innerJoin('campaign_segments as s', 's.id', 'c.segment_id')
      .selectAll('c')
      .select((eb) => [
        's.name as segment_name',
        eb
          .selectFrom('member_messages as mm')
          .select((x) => x.fn.countAll<string | number>().as('n'))
          .whereRef('mm.campaign_id', '=', 'c.id')
          .where('mm.read_at', 'is not', null)
          .as('read_count'),
        eb
          .selectFrom('campaign_clicks as k')
          .select((x) => x.fn.countAll<string | number>().as('n'))
          .whereRef('k.campaign_id', '=', 'c.id')
          .as('clicks'),
        eb
          .selectFrom('campaign_clicks as k')
          .select(sql<string | number>`count(DISTINCT k.member_id)`.as('n'))
          .whereRef('k.campaign_id', '=', 'c.id')
          .as('clickers'),
      ])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('campaigns')
      .select((x) => x.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export type CampaignListRow = Awaited<ReturnType<typeof pageCampaigns>>['rows'][number];

export function findCampaign(db: Conn, id: number) {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

// ---- tracked links

export function findRecipientByToken(db: Conn, token: string) {
  return db
    .selectFrom('campaign_recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select(['r.campaign_id', 'r.member_id', 'c.links'])
    .where('r.token', '=', token)
    .executeTakeFirst();
}

export async function insertClick(db: Conn, c: { campaignId: number; memberId: number; linkNo: number; now: Date }) {
  await db
    .insertInto('campaign_clicks')
    .values({ campaign_id: c.campaignId, member_id: c.memberId, link_no: c.linkNo, clicked_at: c.now })
    .execute();
}

/** Which of the connected members (ids) have the inbox copy of a campaign, for the live badge push. */
export async function campaignReaches(db: Conn, campaignId: number, connected: number[]): Promise<number[]> {
  if (connected.length === 0) return [];
  const rows = await db
    .selectFrom('member_messages')
    .select('member_id')
    .where('campaign_id', '=', campaignId)
    .where('member_id', 'in', connected)
    .execute();
  return rows.map((r) => Number(r.member_id));
}
