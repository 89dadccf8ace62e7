// The site ended this game session (the member signed out there, or their sessions were ended):
// the studio closes the page's socket with CLOSE_SESSION_ENDED (socket-route.ts) and refuses the
// token from then on, so reconnecting is pointless. The page stops and says why, with the way back.
import { bootLanguage } from './boot';
import { kitWords } from './kit-words';
import { h } from './ui';

/** The close code of a socket whose game session the site ended (the server's CLOSE_SESSION_ENDED). */
export const CLOSE_SESSION_ENDED = 4001;

/** True for a socket close that means the session ended (the page must not reconnect). */
export function sessionEndedBy(event: { code?: number }): boolean {
  return event.code === CLOSE_SESSION_ENDED;
}

/** Covers the page with the notice, once, linking where the frame's lobby button does (else the site). */
export function showSessionEnded(): void {
  if (document.querySelector('[data-testid="session-ended"]')) return;
  const w = kitWords(bootLanguage()).frame;
  const lobby = document.querySelector('[data-testid="lobby"]')?.getAttribute('href') ?? '/';
  const back = h('a', { class: 'button primary', href: lobby, target: '_top' }, w.backToLobby);
  const box = h(
    'div',
    {
      class: 'panel',
      role: 'alertdialog',
      'aria-modal': 'true',
      'aria-labelledby': 'session-ended-title',
      style: 'max-width:22rem;width:100%;',
    },
    h('h2', { id: 'session-ended-title' }, w.sessionEndedTitle),
    h('p', {}, w.sessionEnded),
    h('div', { style: 'display:flex;gap:.5rem;margin-top:1rem;' }, back),
  );
  document.body.append(
    h(
      'div',
      {
        'data-testid': 'session-ended',
        style:
          'position:fixed;inset:0;z-index:1001;display:flex;align-items:center;justify-content:center;' +
          'padding:1rem;background:rgba(0,0,0,.75);',
      },
      box,
    ),
  );
  queueMicrotask(() => back.focus());
}
