// Small DOM helpers for the studio pages (no framework: the pages are small and must load fast on phones).
import { bootLanguage } from './boot';
import { fill } from './i18n';
import { kitWords } from './kit-words';
import { pageLanguageOf } from './words';

type Attrs = Record<string, string | number | boolean | ((e: Event) => void) | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.replace(/^on/, ''), value);
    else if (key === 'class') el.className = String(value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An icon drawn on a 24-unit grid, `size` pixels square and hidden from screen readers (the control
 * it sits in carries the name); one path per entry of `paths`, with those attributes.
 */
export function svgIcon(size: number, paths: Record<string, string>[], className?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('aria-hidden', 'true');
  if (className) svg.setAttribute('class', className);
  for (const attributes of paths) {
    const path = document.createElementNS(SVG_NS, 'path');
    for (const [name, value] of Object.entries(attributes)) path.setAttribute(name, value);
    svg.append(path);
  }
  return svg;
}

/** Minor units to display (two decimals, grouped). */
export function money(minor: number | null | undefined): string {
  if (minor === null || minor === undefined || minor < 0) return '—';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** What the refusal concerns, as the server sent it (a selection, a limit), or null. */
    readonly detail: unknown = null,
  ) {
    super(message);
  }
}

/**
 * A call to the studio's API. The server's own message is shown as it comes; when there is none (no
 * connection, a body that is not the API's), the page says so in its language (`language`, the
 * page's launch language by default).
 */
export async function request<T>(
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
  language: unknown = bootLanguage(),
): Promise<T> {
  const words = kitWords(language).errors;
  // The server words its refusals in the session's language; this one tells it the page's before the
  // session is known (a missing or expired token).
  const headers: Record<string, string> = { 'x-game-lang': pageLanguageOf(language) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['x-game-token'] = options.token;
  let response: Response;
  try {
    response = await fetch(`/studio${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError('NETWORK', words.connectionLost, 0);
  }
  const data = (await response.json().catch(() => null)) as {
    error?: { code: string; message: string; detail?: unknown };
  } | null;
  if (!response.ok) {
    throw new ApiError(
      data?.error?.code ?? 'ERROR',
      data?.error?.message ?? fill(words.requestFailed, { status: response.status }),
      response.status,
      data?.error?.detail ?? null,
    );
  }
  return data as T;
}

export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}
