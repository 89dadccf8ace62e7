// The match page's list of events: each goal (or map won) as it happens, coloured by its side.
import { h } from '../ui';
import type { MatchEvent } from './arcade-present';
import type { MatchWords } from './match-state';

export function createGoalList(esports: boolean, words: MatchWords) {
  const el = h('ul', {
    class: 'goal-list',
    'data-testid': 'events',
    'aria-label': esports ? words.maps : words.goals,
  });
  return {
    el,
    clear: () => el.replaceChildren(),
    add: (e: MatchEvent) => el.append(h('li', { class: e.side }, e.text)),
  };
}
