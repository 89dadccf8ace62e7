// spec §2 "Agent centre menu", in the spec's order. `contract` marks the entries shown only when
// the agent holds a contract of that kind (spec: "Some entries show only when the agent has the
// matching feature type"; the consolidated contract info flags say which).
export type ContractKindName = 'dividend' | 'daily_salary' | 'hourly_salary' | 'realtime_salary';

export type AgentMenuEntry = { name: string; key: string; contract?: ContractKindName };

export const AGENT_MENU: readonly AgentMenuEntry[] = [
  { name: 'announcement', key: 'agent.menu.announcement' },
  { name: 'agentTeamOverview', key: 'agent.menu.agentTeamOverview' },
  { name: 'registerCentre', key: 'agent.menu.registerCentre' },
  { name: 'downlineManagement', key: 'agent.menu.downlineManagement' },
  { name: 'teamBetting', key: 'agent.menu.teamBetting' },
  { name: 'userLossStatements', key: 'agent.menu.userLossStatements' },
  { name: 'revenueReport', key: 'agent.menu.revenueReport' },
  { name: 'downlineTransactions', key: 'agent.menu.downlineTransactions' },
  { name: 'dividendRecord', key: 'agent.menu.dividendRecord', contract: 'dividend' },
  { name: 'dailyWages', key: 'agent.menu.dailyWages', contract: 'daily_salary' },
  { name: 'hourlySalary', key: 'agent.menu.hourlySalary', contract: 'hourly_salary' },
  { name: 'realtimeSalary', key: 'agent.menu.realtimeSalary', contract: 'realtime_salary' },
  { name: 'myIncome', key: 'agent.menu.myIncome' },
  { name: 'myContracts', key: 'agent.menu.myContracts' },
  { name: 'referralLink', key: 'agent.menu.referralLink' },
];

/** The default page (spec: team overview, agentTeamOverview). */
export const AGENT_DEFAULT_ENTRY = 'agentTeamOverview';

/** The entries an agent sees: every plain entry, and a contract entry only for a kind it holds. */
export function visibleAgentMenu(held: ReadonlySet<ContractKindName>): AgentMenuEntry[] {
  return AGENT_MENU.filter((entry) => !entry.contract || held.has(entry.contract));
}
