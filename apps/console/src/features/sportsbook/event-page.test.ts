// @vitest-environment happy-dom
import type { TraderEventDetail } from '@gamehall/shared/api/sportsbook-trader';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import sportsbook from '../../locales/en/sportsbook.json';
import { alerts, button, click, setUpDom } from '../../test/dom';
import { ResultForm } from './event-page';

// The result form in a DOM: a sabong fight's result is chosen as Meron, Wala or a draw and sent as
// the book scores it (1-0, 0-1, 0-0), where other sports give their scores.

const dom = setUpDom({ sportsbook });

function event(o: Partial<TraderEventDetail> = {}): TraderEventDetail {
  return {
    id: 'cf-slw-20261126-05',
    sport: 'cockfight',
    league: { id: 'cf-slw', name: 'Riverbend Derby' },
    home: 'Ashgrove Farm',
    away: 'Bluestem Roosters',
    startsAt: '2026-11-26T05:40:00.000Z',
    status: 'live',
    score: { decided: { home: 0, away: 0 }, counted: { home: 0, away: 0 } },
    phase: 'FIGHT',
    suspended: false,
    marginPpm: 60_000,
    stake: 0,
    liability: 0,
    bets: 0,
    result: null,
    corrections: 0,
    source: 'simulator',
    markets: [],
    ...o,
  };
}

describe('the result form', () => {
  it('takes a fight as Meron, Wala or a draw and sends the score the book settles on', async () => {
    const onSubmit = vi.fn();
    await dom.render(createElement(ResultForm, { event: event(), onSubmit }));
    const host = dom.host();
    expect(host.querySelectorAll('input[type=number]')).toHaveLength(0);
    const labels = [...host.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['Meron won (Ashgrove Farm)', 'Wala won (Bluestem Roosters)', 'Draw']);
    // Nothing chosen: refused beside the form, nothing sent.
    await click(button(host, 'Enter result'));
    expect(alerts(host)).toContain('Choose how the fight ended: Meron, Wala or a draw.');
    expect(onSubmit).not.toHaveBeenCalled();
    await click(host.querySelector<HTMLInputElement>('input[value=draw]')!);
    await click(button(host, 'Enter result'));
    expect(onSubmit).toHaveBeenCalledWith({
      ft: { decided: { home: 0, away: 0 }, counted: { home: 0, away: 0 } },
      correction: false,
    });
    await click(host.querySelector<HTMLInputElement>('input[value=wala]')!);
    await click(button(host, 'Enter result'));
    expect(onSubmit).toHaveBeenLastCalledWith({
      ft: { decided: { home: 0, away: 1 }, counted: { home: 0, away: 1 } },
      correction: false,
    });
  });

  it('asks other sports for their scores', async () => {
    await dom.render(
      createElement(ResultForm, { event: event({ sport: 'football', phase: '2H' }), onSubmit: vi.fn() }),
    );
    expect(dom.host().querySelectorAll('input[type=number]')).toHaveLength(8);
    expect(dom.host().querySelectorAll('input[type=radio]')).toHaveLength(0);
  });
});
