import type { Audience, PromotionRules } from '@gamehall/shared/api/rewards';
import type { RiskLevel } from '@gamehall/shared/api/risk';
import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import { OPERATOR_ACCOUNT_TYPE } from '../../http/auth';
import { countryOf } from '../site/region';

// Who a promotion is for (docs/rewards.md "Audience, caps and maximum bet"). One rule, read by
// every path that shows or grants a promotion: the member's list and page, earning, joining,
// applying, an operator's approval, claiming, and the report's eligible count.
//
// A member's facts are read once (one round trip) and matched by a pure function, so a new
// criterion is a fact read here and one clause in audienceMiss. The risk level is read as
// memberRiskLevel answers it (risk.service: no row is 'normal').

export type MemberFacts = {
  id: number;
  vipLevel: number;
  tags: string[];
  /** The member and every upline above it (agent_tree, depth 0 included). */
  teams: number[];
  /** ISO country of the registration IP (null: private, unknown or none). */
  country: string | null;
  registeredAt: Date;
  riskLevel: RiskLevel;
};

/** The first criterion of the audience the member does not meet, or null when it meets them all. */
export type AudienceMiss = 'vip' | 'tag' | 'agent' | 'country' | 'registered' | 'risk';

export function audienceMiss(audience: Audience | undefined, m: MemberFacts): AudienceMiss | null {
  if (!audience) return null;
  if (audience.vipLevels.length > 0 && !audience.vipLevels.includes(m.vipLevel)) return 'vip';
  if (audience.tags.length > 0 && !audience.tags.some((t) => m.tags.includes(t))) return 'tag';
  if (audience.agentIds.length > 0 && !audience.agentIds.some((a) => m.teams.includes(a))) return 'agent';
  if (audience.countries.length > 0 && (m.country === null || !audience.countries.includes(m.country)))
    return 'country';
  if (audience.riskLevels.length > 0 && !audience.riskLevels.includes(m.riskLevel)) return 'risk';
  const at = m.registeredAt.getTime();
  if (audience.registeredFrom && at < new Date(audience.registeredFrom).getTime()) return 'registered';
  if (audience.registeredTo && at >= new Date(audience.registeredTo).getTime()) return 'registered';
  return null;
}

/** True when the rules aim the promotion at part of the members only. */
export function isTargeted(rules: PromotionRules): boolean {
  const a = rules.audience;
  if (!a) return false;
  return (
    a.vipLevels.length > 0 ||
    a.tags.length > 0 ||
    a.agentIds.length > 0 ||
    a.countries.length > 0 ||
    a.riskLevels.length > 0 ||
    a.registeredFrom !== undefined ||
    a.registeredTo !== undefined
  );
}

type FactsRow = {
  id: number | string;
  vip_level: number;
  register_ip: string | null;
  created_at: Date | string;
  tags: string[] | null;
  teams: (number | string)[] | null;
  risk_level: RiskLevel;
};

function factsOf(row: FactsRow): MemberFacts {
  return {
    id: Number(row.id),
    vipLevel: Number(row.vip_level),
    tags: row.tags ?? [],
    teams: (row.teams ?? []).map(Number),
    country: row.register_ip ? countryOf(row.register_ip) : null,
    registeredAt: new Date(row.created_at),
    riskLevel: row.risk_level,
  };
}

// The member's risk level as memberRiskLevel answers it (no row: normal).
const RISK_LEVEL = sql`coalesce((SELECT r.level FROM member_risk_levels r WHERE r.member_id = m.id), 'normal')`;

const FACTS = sql`
  SELECT m.id, m.vip_level, m.register_ip, m.created_at,
         ARRAY(SELECT t.tag FROM member_tags t WHERE t.member_id = m.id) AS tags,
         ARRAY(SELECT a.ancestor_id FROM agent_tree a WHERE a.member_id = m.id) AS teams,
         ${RISK_LEVEL} AS risk_level
  FROM members m`;

/** The facts an audience is matched on, of one member (undefined: no such member). */
export async function memberFacts(db: Conn, memberId: number): Promise<MemberFacts | undefined> {
  const { rows } = await sql<FactsRow>`${FACTS} WHERE m.id = ${memberId}`.execute(db);
  return rows[0] ? factsOf(rows[0]) : undefined;
}

/**
 * The members (operators' accounts left out) an audience holds, for the report. The SQL narrows by
 * the criteria it can test; the country, from the IP database, is matched here.
 */
export async function audienceMembers(db: Conn, audience: Audience | undefined): Promise<number[]> {
  const a = audience;
  const where = [sql`m.type <> ${OPERATOR_ACCOUNT_TYPE}`];
  if (a && a.vipLevels.length > 0) where.push(sql`m.vip_level = ANY(${a.vipLevels}::int[])`);
  if (a && a.tags.length > 0)
    where.push(sql`EXISTS (SELECT 1 FROM member_tags t WHERE t.member_id = m.id AND t.tag = ANY(${a.tags}::text[]))`);
  if (a && a.agentIds.length > 0)
    where.push(
      sql`EXISTS (SELECT 1 FROM agent_tree x WHERE x.member_id = m.id AND x.ancestor_id = ANY(${a.agentIds}::bigint[]))`,
    );
  if (a && a.riskLevels.length > 0) where.push(sql`${RISK_LEVEL} = ANY(${a.riskLevels}::text[])`);
  if (a?.registeredFrom) where.push(sql`m.created_at >= ${new Date(a.registeredFrom)}`);
  if (a?.registeredTo) where.push(sql`m.created_at < ${new Date(a.registeredTo)}`);
  const { rows } = await sql<FactsRow>`${FACTS} WHERE ${sql.join(where, sql` AND `)}`.execute(db);
  return rows
    .map(factsOf)
    .filter((m) => audienceMiss(a, m) === null)
    .map((m) => m.id);
}
