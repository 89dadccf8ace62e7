import { CONTRACT_KINDS, CONTRACT_RELAY_PATHS, type ContractKind } from '@gamehall/shared/api/contracts';
import type { AppContext } from '../context';
import type { App } from '../http/app-type';
import { endSession, issueSession, resolveSession } from '../modules/accounts/sessions.service';
import { offerFromTemplateOrTerms as operatorOffer } from '../modules/agents/contracts.service';
import { findDemoPlayers, hasAnyContract } from './demo-play.queries';

// agent01's demo contracts: the operator offers agent01 one contract of each
// kind through the back office's service (within the kind's top-agent limit), and each agent of the
// demo chain accepts, then offers its sub-agent a lower rate, through the spec's relay calls
// (MCS2_processDividendReq and its siblings) with a session of its own, so every contract rule
// (own rate, direct downline, one open contract per kind) and audit applies as for a person.

/** The chain of agents, top first: each offers the next one, its direct downline. */
export const DEMO_AGENT_CHAIN = ['agent01', 'subagent01', 'subagent02', 'subagent03'] as const;

type Tier = { minValidBet: number; minActiveMembers: number; ratePpm: number };

/**
 * Rates by level of the chain (ppm; 10,000 = 1%), each below its upline's. agent01's daily salary
 * has two tiers (a higher rate once three members of its team played that day), the others one.
 */
const DEMO_TIERS: Record<ContractKind, Tier[][]> = {
  dividend: [[tier(300_000)], [tier(250_000)], [tier(200_000)], [tier(150_000)]],
  daily_salary: [
    [tier(8_000), { minValidBet: 50, minActiveMembers: 3, ratePpm: 10_000 }],
    [tier(7_000)],
    [tier(5_000)],
    [tier(3_000)],
  ],
  hourly_salary: [[tier(6_000)], [tier(5_000)], [tier(4_000)], [tier(2_000)]],
  realtime_salary: [[tier(5_000)], [tier(4_000)], [tier(3_000)], [tier(1_000)]],
};

function tier(ratePpm: number): Tier {
  return { minValidBet: 0, minActiveMembers: 0, ratePpm };
}

/** The dividend period of the demo contracts: daily, so a few periods have closed by the next day. */
const DEMO_DIVIDEND_PERIOD = 'daily';

type Reply = { statusCode: number; json: () => unknown };

function value<T>(res: Reply, what: string): T {
  const body = res.json() as { success?: boolean; value?: T; error?: { code?: string } };
  if (res.statusCode !== 200 || body.success === false)
    throw new Error(`${what} answered ${res.statusCode} ${body.error?.code ?? ''}`.trim());
  return body.value as T;
}

/** True when agent01 already has a contract of any kind or state: the demo contracts were made. */
export async function demoContractsMade(ctx: AppContext): Promise<boolean> {
  const [agent] = await findDemoPlayers(ctx.db, ['agent01']);
  return !agent || (await hasAnyContract(ctx.db, agent.id));
}

/**
 * Makes the demo contracts at the context's clock (the demo moves it to the start of its past play,
 * docs/agents.md "Demo"). Returns how many contracts are active afterwards; 0 when they were made
 * before or the demo accounts are missing.
 */
export async function makeDemoContracts(app: App, ctx: AppContext): Promise<number> {
  if (await demoContractsMade(ctx)) return 0;
  const chain = await findDemoPlayers(ctx.db, [...DEMO_AGENT_CHAIN, 'admin']);
  const byName = new Map(chain.map((m) => [m.username.toLowerCase(), m]));
  const admin = byName.get('admin');
  const agents = DEMO_AGENT_CHAIN.map((u) => byName.get(u));
  if (!admin || agents.some((a) => a === undefined)) return 0;

  const sessions = new Map<number, string>();
  const sessionOf = async (memberId: number, area: 'member' | 'admin') => {
    const known = sessions.get(memberId);
    if (known) return known;
    const token = await issueSession(ctx, ctx.db, {
      memberId,
      area,
      ip: '127.0.0.1',
      userAgent: 'Gamehall demo contracts',
    });
    sessions.set(memberId, token);
    return token;
  };
  const relay = async (memberId: number, kind: ContractKind, payload: object) =>
    value<{ id: number }>(
      await app.inject({
        method: 'POST',
        url: CONTRACT_RELAY_PATHS[kind],
        headers: { authorization: await sessionOf(memberId, 'member') },
        payload,
      }),
      `${kind} ${(payload as { action: string }).action}`,
    );

  let active = 0;
  try {
    const operator = await resolveSession(ctx, await sessionOf(admin.id, 'admin'));
    if (!operator) throw new Error('the demo operator session did not resolve');
    for (const kind of CONTRACT_KINDS) {
      const period = kind === 'dividend' ? { period: DEMO_DIVIDEND_PERIOD } : {};
      const [top, ...below] = agents as NonNullable<(typeof agents)[number]>[];
      if (!top) continue;
      const offered = await operatorOffer(ctx, operator, {
        agentId: top.id,
        kind,
        ...period,
        tiers: DEMO_TIERS[kind][0] ?? [],
      } as Parameters<typeof operatorOffer>[2]);
      await relay(top.id, kind, { action: 'accept', contractId: offered.id });
      active++;
      let upline = top;
      for (const [level, agent] of below.entries()) {
        const c = await relay(upline.id, kind, {
          action: 'offer',
          downlineId: agent.id,
          ...period,
          tiers: DEMO_TIERS[kind][level + 1] ?? [],
        });
        await relay(agent.id, kind, { action: 'accept', contractId: c.id });
        active++;
        upline = agent;
      }
    }
  } finally {
    for (const token of sessions.values()) {
      const principal = await resolveSession(ctx, token);
      if (principal) await endSession(ctx, principal.sessionId);
    }
  }
  return active;
}
