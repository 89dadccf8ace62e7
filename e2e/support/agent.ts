import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { call, operatorPost } from './site';

// Steps of the agent centre's specs (agent-centre, my-contracts, referral).

/** Opens an entry of the agent centre's menu and waits for its heading. */
export async function openAgentEntry(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Agent centre' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** The relay call with which a holder answers an offer of each salary contract kind. */
const ANSWER_OFFER = {
  realtime_salary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  hourly_salary: '/wps/relay/MCS2_processContractHourSalary',
} as const;

/**
 * An agent needs an active salary contract of a kind to pass one of that kind on (docs/agents.md
 * "Offers"). The demo gives agent01 both; should the agent not hold one (a database from before the
 * demo contracts), the operator offers one and the agent accepts it through the relay call.
 */
export async function ensureSalaryContract(agentToken: string, kind: keyof typeof ANSWER_OFFER): Promise<void> {
  const held = await call<{ content: { kind: string }[] }>(
    'GET',
    '/wps/contracts?status=active&pageSize=50',
    agentToken,
  );
  assert.equal(held.success, true, JSON.stringify(held));
  if (held.value?.content.some((c) => c.kind === kind)) return;
  const info = await call<{ id: number }>('GET', '/wps/member/info', agentToken);
  const offer = await operatorPost('/admin/agents/contracts', {
    agentId: info.value?.id,
    kind,
    tiers: [{ minValidBet: 0, minActiveMembers: 0, ratePpm: 5_000 }],
  });
  const accepted = await call('POST', ANSWER_OFFER[kind], agentToken, { action: 'accept', contractId: offer.id });
  assert.equal(accepted.success, true, JSON.stringify(accepted));
}
