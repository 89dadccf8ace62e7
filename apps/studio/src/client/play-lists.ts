// The game page's round history in the fairness drawer: the last 20 rounds, a closed one summarised
// by its own game, each with a link that recomputes it on the verifier.
import type { HistoryAnswer } from '../api-types';
import { roundSummary } from './games';
import { type PlayContext, verifyLinkText, winClass } from './play-state';
import { h, money } from './ui';
import { fairUrl } from './words';

export function createPlayLists({ api, w, language }: PlayContext) {
  const historyBody = h('tbody');
  const history = h(
    'section',
    { class: 'panel history-panel' },
    h('h2', {}, w.history),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'history', 'data-testid': 'history' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', {}, w.time),
            h('th', {}, w.stake),
            h('th', {}, w.win),
            h('th', {}, w.result),
            h('th', {}, w.verify),
          ),
        ),
        historyBody,
      ),
    ),
  );

  async function loadHistory() {
    const { rounds } = await api<HistoryAnswer>('/api/history?limit=20');
    const summaries = await Promise.all(
      rounds.map((r) => (r.status === 'closed' ? roundSummary(r) : w.roundStatus(r.status))),
    );
    historyBody.replaceChildren(
      ...rounds.map((r, i) =>
        h(
          'tr',
          { 'data-round-id': r.roundId },
          h('td', {}, new Date(r.createdAt).toLocaleTimeString()),
          h('td', {}, money(r.stake)),
          h('td', { class: winClass(r) }, money(r.win)),
          h('td', {}, summaries[i] ?? ''),
          h(
            'td',
            {},
            h(
              'a',
              { href: fairUrl(`round=${r.roundId}`, language), target: '_blank', 'data-testid': 'verify-link' },
              verifyLinkText(r, w),
            ),
          ),
        ),
      ),
    );
    if (!rounds.length) historyBody.append(h('tr', {}, h('td', { colspan: 5, class: 'muted' }, w.noRounds)));
  }

  return { history, loadHistory };
}
