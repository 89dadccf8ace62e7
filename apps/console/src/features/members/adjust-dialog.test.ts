// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import members from '../../locales/en/members.json';
import { setUpDom } from '../../test/dom';
import { adjustmentRulesQuery } from './api';
import { AdjustDialog } from './member-dialogs';

// The adjust dialog says, under the chosen type, whether it counts in the upline agents' dividend
// base (docs/agents.md "Manual adjustments"), as the brand's settings answer it.

const dom = setUpDom({ members });

describe('the adjust dialog', () => {
  it("names whether the chosen type counts in the agent's base", async () => {
    const client = new QueryClient();
    client.setQueryData(adjustmentRulesQuery.queryKey, {
      approvalThreshold: 1_000,
      currency: 'PHP',
      bonusWageringMultiple: 5,
      bonusWageringDays: 30,
      agentBase: { correction: true, goodwill: false, manual_deposit: false, bonus: true },
    });
    const member = { id: 7, username: 'player7', balances: { currency: 'PHP' } } as never;
    await dom.render(
      createElement(
        QueryClientProvider,
        { client },
        createElement(AdjustDialog, { member, open: true, onClose: () => {} }),
      ),
    );
    const line = () => document.body.querySelector('[data-testid="adjust-agent-base"]')?.textContent;
    expect(line()).toBe("Counts in the agent's base: deducted from the upline agents' dividend base.");
    const select = document.body.querySelector<HTMLSelectElement>('select[name="type"]');
    if (!select) throw new Error('no type select');
    await act(async () => {
      select.value = 'goodwill';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(line()).toBe("Does not count in the agent's base: the upline agents' dividends are not charged with it.");
  });
});
