// The HTML shells of the studio's pages. Everything dynamic is drawn by the bundled client scripts;
// values put into the markup are escaped.

import { engineTitle, gameWords } from './client/game-words';
import { pageLanguageOf } from './client/words';
import { errorWords } from './kit/error-words';
import { safeLobbyPath } from './kit/lobby-url';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page's language tag from the platform's launch language (TY is the brand code for Filipino),
 * so the browser, screen readers and translation offers treat the page as the player's language.
 */
export function htmlLang(language: string): string {
  const code = language.trim().toLowerCase();
  if (code === 'ty') return 'fil';
  return /^[a-z]{2,3}(-[a-z]{2,4})?$/.test(code) ? code : 'en';
}

function shell(title: string, body: string, script: string | null, language = 'EN'): string {
  return `<!doctype html>
<html lang="${htmlLang(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/studio/assets/studio.css">
</head>
<body>
${body}
${script ? `<script type="module" src="/studio/assets/${script}"></script>` : ''}
</body>
</html>`;
}

export function playPage(p: {
  kind: string;
  gameCode: string;
  /** The name the platform launched the game by; the client shows it instead of the code. */
  gameName: string | null;
  lobbyUrl: string | null;
  mode: string;
  language: string;
  /** Whose page this is (the session's owner): the sound choice is remembered per player. */
  member?: string;
}): string {
  const boot = JSON.stringify(p).replace(/</g, '\\u003c');
  return shell(
    `${p.gameName ?? engineTitle(p.kind, p.language)} · Gamehall Studio`,
    `<main id="app" class="app" data-kind="${escapeHtml(p.kind)}"><p class="loading">Loading…</p></main>
<script type="application/json" id="boot">${boot}</script>`,
    'play.js',
    p.language,
  );
}

/**
 * The sportsbook's page (the lobby games SPORTS-000, ESPORTS-000, COCKFIGHT-000): its own script,
 * bundled from client/sportsbook/, draws everything from /studio/api/sb and /studio/ws/sb.
 */
export function sportsbookPage(p: {
  category: 'SPORTS' | 'ESPORTS' | 'COCKFIGHT';
  gameCode: string;
  gameName: string | null;
  lobbyUrl: string | null;
  mode: string;
  language: string;
  member?: string;
}): string {
  const boot = JSON.stringify({ kind: 'sportsbook', ...p }).replace(/</g, '\\u003c');
  return shell(
    `${p.gameName ?? 'Sportsbook'} · Gamehall Studio`,
    `<main id="app" class="app sportsbook" data-kind="sportsbook"><p class="loading">Loading…</p></main>
<script type="application/json" id="boot">${boot}</script>`,
    'sportsbook.js',
    p.language,
  );
}

/**
 * The card room's page (a PVP tile that opens the Hold'em tables, game-map.ts): its own script,
 * bundled from client/cardroom/, draws the lobby and the table from /studio/api/pvp and /studio/ws/pvp.
 * `preset`: the lobby filter the tile's title names.
 */
export function cardRoomPage(p: {
  gameCode: string;
  gameName: string | null;
  lobbyUrl: string | null;
  mode: string;
  language: string;
  member?: string;
  preset: { seats?: number; betting?: string };
}): string {
  const boot = JSON.stringify({ kind: 'cardroom', ...p }).replace(/</g, '\\u003c');
  return shell(
    `${p.gameName ?? "Texas Hold'em"} · Gamehall Studio`,
    `<main id="app" class="app cardroom" data-kind="cardroom"><p class="loading">Loading…</p></main>
<script type="application/json" id="boot">${boot}</script>`,
    'cardroom.js',
    p.language,
  );
}

/**
 * The public verifier in the language a game page linked it with (?lang=TY, words.ts fairUrl), so
 * the page's texts follow the player's launch language as the game pages' do; English otherwise.
 */
export function fairPage(language: unknown = 'EN'): string {
  const lang = pageLanguageOf(language);
  const boot = JSON.stringify({ language: lang });
  return shell(
    `${gameWords(lang).fair.title} · Gamehall Studio`,
    `<main id="app" class="app fair"><p class="loading">Loading…</p></main>
<script type="application/json" id="boot">${boot}</script>`,
    'fair.js',
    lang,
  );
}

/**
 * The page a failed launch shows: its heading and lobby link in the launch language `language`
 * (English for a language the platform has not; the value itself is never written into the page).
 */
export function errorPage(message: string, lobby: string | null, language: unknown = 'EN'): string {
  const lobbyUrl = safeLobbyPath(lobby);
  const lang = pageLanguageOf(language);
  const words = errorWords(lang).launch;
  return shell(
    'Gamehall Studio',
    `<main class="app"><section class="panel error-page"><h1>${escapeHtml(words.cannotOpen)}</h1><p>${escapeHtml(message)}</p>${
      lobbyUrl
        ? `<p><a class="button" href="${escapeHtml(lobbyUrl)}" target="_top">${escapeHtml(words.backToLobby)}</a></p>`
        : ''
    }</section></main>`,
    null,
    lang,
  );
}
