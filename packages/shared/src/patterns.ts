// Registration patterns by patternId (spec §5). The numbering is fixed and shared by the server
// (which enforces every field), the back office (which assigns patterns to fields) and the web
// forms (which show the hint and check as the user types). No server imports here.

export type PatternId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18;

export type Pattern = {
  id: PatternId;
  /** Tested against the whole value (anchored, Unicode-aware). */
  regex: RegExp;
  /** English hint; (min) and (max) are replaced by the rule's bounds (see hintFor). */
  text: string;
  /** A further check the regex cannot express (a real calendar date). */
  check?: (value: string) => boolean;
};

/** The rule of one registration field, as the server sends it (spec §3 "Registration field rule"). */
export type FieldRule = {
  enabled: boolean;
  required: boolean;
  minLength: number;
  maxLength: number;
  patternId: number | null;
  /** An extra regular expression the whole value must match; '*' matches anything. */
  acceptedPattern: string;
};

export type FieldReason = 'REQUIRED' | 'TOO_SHORT' | 'TOO_LONG' | 'PATTERN';

function isCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** yyyy-MM-dd or MM-dd-yyyy (patterns 11 and 12) -> 'yyyy-MM-dd', or null when not a real date. */
export function parsePatternDate(value: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  let year: number;
  let month: number;
  let day: number;
  if (m) {
    year = Number(m[1]);
    month = Number(m[2]);
    day = Number(m[3]);
  } else {
    m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
    if (!m) return null;
    month = Number(m[1]);
    day = Number(m[2]);
    year = Number(m[3]);
  }
  if (year < 1000 || !isCalendarDate(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const LENGTH = 'Please enter (min) - (max) characters';

export const patterns: Record<PatternId, Pattern> = {
  1: {
    id: 1,
    regex: /^[A-Za-z][A-Za-z0-9]*$/,
    text: `${LENGTH}, starting with a letter, then letters and numbers`,
  },
  2: { id: 2, regex: /^[\p{Script=Han}0-9]+$/u, text: `${LENGTH}: Chinese characters and numbers` },
  3: {
    id: 3,
    regex: /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
    text: `${LENGTH}: a valid mailbox, for example name@example.com`,
  },
  4: { id: 4, regex: /^[A-Za-z0-9]+$/, text: `${LENGTH}: letters or numbers` },
  5: {
    id: 5,
    regex: /^(?=[A-Za-z0-9]*[A-Za-z])(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]+$/,
    text: `${LENGTH}: a combination of letters and numbers`,
  },
  6: { id: 6, regex: /^[0-9]+$/, text: `${LENGTH}: digits only` },
  7: {
    id: 7,
    regex: /^(?=[A-Za-z0-9]*[A-Z])[A-Za-z0-9]+$/,
    text: `${LENGTH}: letters and numbers with at least one uppercase letter`,
  },
  8: { id: 8, regex: /^[A-Za-z ]*[A-Za-z][A-Za-z ]*$/, text: `${LENGTH}: English letters and spaces` },
  9: { id: 9, regex: /^\S+$/u, text: `${LENGTH}, without spaces` },
  10: {
    id: 10,
    regex: /^[\p{Script=Han}\p{P}\u3000]+$/u,
    text: `${LENGTH}: Chinese characters and punctuation`,
  },
  11: {
    id: 11,
    regex: /^\d{4}-\d{2}-\d{2}$/,
    text: 'Please enter a date in the format yyyy-MM-dd',
    check: (v) => parsePatternDate(v) !== null,
  },
  12: {
    id: 12,
    regex: /^\d{2}-\d{2}-\d{4}$/,
    text: 'Please enter a date in the format MM-dd-yyyy',
    check: (v) => parsePatternDate(v) !== null,
  },
  13: { id: 13, regex: /^\p{Script=Hangul}+(?: \p{Script=Hangul}+)*$/u, text: `${LENGTH} in Korean` },
  14: { id: 14, regex: /^\p{Script=Thai}+(?: \p{Script=Thai}+)*$/u, text: `${LENGTH} in Thai` },
  15: { id: 15, regex: /^[A-Z]+$/, text: `${LENGTH}: uppercase letters` },
  16: {
    id: 16,
    regex: /^(?=[!-~]*[a-z])(?=[!-~]*[A-Z])(?=[!-~]*[0-9])(?=[!-~]*[^A-Za-z0-9])[!-~]+$/,
    text: `${LENGTH}, including an uppercase letter, a lowercase letter, a digit and a special symbol`,
  },
  17: {
    // Given name and family name; further parts ("Juan dela Cruz") are allowed.
    id: 17,
    regex: /^\p{L}[\p{L}\p{M}'.-]*(?: \p{L}[\p{L}\p{M}'.-]*)+$/u,
    text: `${LENGTH}: your full name, given name and family name separated by a space`,
  },
  18: {
    // Full-width only: hiragana, katakana (not the half-width forms U+FF65-FF9F), kanji,
    // full-width Latin letters, digits and symbols, Japanese punctuation and the ideographic space.
    id: 18,
    regex: /^[\u3040-\u309F\u30A0-\u30FF\u31F0-\u31FF\p{Script=Han}\uFF01-\uFF5E\u3000-\u303F]+$/u,
    text: `${LENGTH} in full-width Japanese characters`,
  },
};

export function patternOf(patternId: number | null | undefined): Pattern | undefined {
  if (patternId === null || patternId === undefined) return undefined;
  return (patterns as Record<number, Pattern | undefined>)[patternId];
}

/**
 * Hint text of a pattern with (min) and (max) replaced by the bounds; a single value when they are
 * equal (spec §5). Without a pattern, the plain length hint.
 */
export function hintFor(patternId: number | null | undefined, min: number, max: number): string {
  const text = patternOf(patternId)?.text ?? LENGTH;
  if (min === max) return text.replace(/\(min\)\s*-\s*\(max\)/g, String(min)).replaceAll('(min)', String(min));
  return text.replaceAll('(min)', String(min)).replaceAll('(max)', String(max));
}

const accepted = new Map<string, RegExp | null>();

// A back-office regex that does not compile refuses every value: a broken rule should be seen and
// fixed, not silently accept anything.
function acceptedRegex(source: string): RegExp | null {
  let re = accepted.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(`^(?:${source})$`, 'u');
    } catch {
      re = null;
    }
    if (accepted.size > 200) accepted.clear();
    accepted.set(source, re);
  }
  return re;
}

/** Length in characters as a person counts them (code points, so one emoji or one Han is one). */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/**
 * Checks one value against its rule. An empty value (undefined, null, '') is REQUIRED when the rule
 * requires it and fine otherwise. Whether a disabled field may be sent at all is the caller's
 * concern (the form hides it; the server refuses it).
 */
export function checkField(value: string | null | undefined, rule: FieldRule): FieldReason | null {
  if (value === undefined || value === null || value === '') return rule.required ? 'REQUIRED' : null;
  const length = charLength(value);
  if (length < rule.minLength) return 'TOO_SHORT';
  if (length > rule.maxLength) return 'TOO_LONG';
  const pattern = patternOf(rule.patternId);
  if (pattern && (!pattern.regex.test(value) || (pattern.check && !pattern.check(value)))) return 'PATTERN';
  if (rule.acceptedPattern && rule.acceptedPattern !== '*') {
    const re = acceptedRegex(rule.acceptedPattern);
    if (!re?.test(value)) return 'PATTERN';
  }
  return null;
}
