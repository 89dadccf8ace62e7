// The offline page (cache-rules OFFLINE_PAGE, OFFLINE_SCRIPT) in the member's language (docs/pwa.md "Offline page"). offline.html
// is static and must work with no network, and the site's policy allows no inline script, so the
// build writes /offline.js beside it: the page's three strings (locales `download.offline`) of every
// language that has them, and a few lines that pick the language the site stored (localStorage
// `lang`, as lib/i18n.ts writes it) or else the browser's, falling back to English.

export type OfflineTexts = { title: string; text: string; retry: string };

type Tree = { [key: string]: unknown };

/** `download.offline` of one locale file, when it has all three strings. */
export function offlineTextsOf(locale: Tree): OfflineTexts | undefined {
  const offline = (locale.download as Tree | undefined)?.offline as Tree | undefined;
  if (!offline) return undefined;
  const { title, text, retry } = offline;
  if (typeof title !== 'string' || typeof text !== 'string' || typeof retry !== 'string') return undefined;
  return { title, text, retry };
}

const RTL = ['ar', 'fa', 'he', 'ur'];

/** The script: `texts` by locale code (file name: en, zh-hant), English required. */
export function offlineScript(texts: Record<string, OfflineTexts>): string {
  if (!texts.en) throw new Error('offline page: English texts missing');
  return `(function () {
  var T = ${JSON.stringify(texts)};
  var wanted = 'en';
  try { wanted = localStorage.getItem('lang') || navigator.language || 'en'; } catch (e) { wanted = navigator.language || 'en'; }
  var code = String(wanted).toLowerCase();
  if (!T[code]) code = code.split('-')[0];
  if (!T[code]) code = 'en';
  var x = T[code];
  document.documentElement.lang = code;
  document.documentElement.dir = ${JSON.stringify(RTL)}.indexOf(code) >= 0 ? 'rtl' : 'ltr';
  document.title = x.title;
  var nodes = document.querySelectorAll('[data-offline]');
  for (var i = 0; i < nodes.length; i++) nodes[i].textContent = x[nodes[i].getAttribute('data-offline')] || '';
})();
`;
}
