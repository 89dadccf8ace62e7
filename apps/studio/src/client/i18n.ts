// The studio pages' words in the platform's languages: a product keeps one data file per language
// (words/<code>.json, the platform's language code in lower case: ty for Filipino, zh-hant for
// traditional Chinese, as the player site's locales are), plain strings with {name} placeholders and
// counted phrases as { one, other, ... } by the language's plural rules (Intl.PluralRules), so a
// language is added as data, with no code. English is complete and bundled with the page; another
// language is a chunk of its own, loaded when the page opens in it, and any phrase it lacks is the
// English one.

/** A counted phrase: one form per plural category the language uses (`other` is always there). */
export type Counted = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** The page's language: its platform code (upper case, as the launch names it) and its Intl locale. */
export type LaunchLanguage = { code: string; locale: string };

/** The platform's languages, by the code its brands launch a game with (lower case here). */
export const PAGE_LANGUAGES: readonly string[] = [
  'en',
  'ar',
  'bn',
  'cs',
  'da',
  'de',
  'el',
  'es',
  'fa',
  'fi',
  'fr',
  'he',
  'hi',
  'id',
  'it',
  'ja',
  'km',
  'ko',
  'lo',
  'ms',
  'my',
  'nb',
  'ne',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sv',
  'ta',
  'th',
  'tr',
  'ty',
  'uk',
  'ur',
  'vi',
  'zh',
  'zh-hant',
];

/**
 * The platform's language code to the page's: TY is Filipino (fil); a code that is not one of the
 * platform's languages is English, so what a page writes as its language is always one of them.
 */
export function launchLanguage(code: unknown): LaunchLanguage {
  const lower = typeof code === 'string' ? code.trim().toLowerCase() : '';
  if (!PAGE_LANGUAGES.includes(lower) || lower === 'en') return { code: 'EN', locale: 'en' };
  if (lower === 'ty') return { code: 'TY', locale: 'fil' };
  const [base, script] = lower.split('-');
  const locale = script && script.length === 4 ? `${base}-${script[0]!.toUpperCase()}${script.slice(1)}` : lower;
  return { code: lower.toUpperCase(), locale };
}

/** `base` with every phrase `over` has put in its place (a phrase of another shape is ignored). */
export function mergeWords<T>(base: T, over: unknown): T {
  if (typeof base === 'string') return (typeof over === 'string' && over.trim() ? over : base) as T;
  if (!over || typeof over !== 'object' || Array.isArray(over)) return base;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base as Record<string, unknown>)) {
    out[key] = mergeWords(value, (over as Record<string, unknown>)[key]);
  }
  // A counted phrase may have plural forms English has not (few, many, zero, two).
  if ('other' in (base as object)) {
    for (const [key, value] of Object.entries(over as Record<string, unknown>)) {
      if (!(key in out) && typeof value === 'string') out[key] = value;
    }
  }
  return out as T;
}

/**
 * A product's words for `language`: English merged with the language's file, English alone when it
 * has none. `load` is the product's own `(file) => import(\`./words/${file}.json\`)`, a literal-prefixed
 * dynamic import, so esbuild and Vite make one chunk per language file of that product.
 */
export async function loadLanguageFile<T>(
  english: T,
  language: LaunchLanguage,
  load: (file: string) => Promise<{ default: unknown }>,
): Promise<T> {
  if (language.code === 'EN') return english;
  try {
    return mergeWords(english, (await load(language.code.toLowerCase())).default);
  } catch {
    return english;
  }
}

/** Words a page loads once at its start (before it draws) and reads synchronously from then on. */
export type PageWords<W> = {
  /** Loads the words of `language` for this page (English when its file cannot be loaded). */
  load(language: LaunchLanguage): Promise<W>;
  /** The words in the launch language `language`: the page's loaded ones, else English or Filipino. */
  get(language: unknown): W;
};

/**
 * A product's words as a page reads them: English and Filipino bundled (the platform's own two),
 * any other language loaded by `load` (see loadLanguageFile) and remembered for the page. `build`
 * turns a language's phrases into the words the page reads, in that language's locale.
 */
export function pageWords<P, W>(
  english: P,
  filipino: unknown,
  load: (file: string) => Promise<{ default: unknown }>,
  build: (phrases: P, locale: string) => W,
): PageWords<W> {
  const inEnglish = build(english, 'en');
  const inFilipino = build(mergeWords(english, filipino), 'fil');
  let loaded: { code: string; words: W } = { code: 'EN', words: inEnglish };
  return {
    async load(language) {
      let words = inFilipino;
      if (language.code !== 'TY') {
        const phrases = await loadLanguageFile(english, language, load);
        words = phrases === english ? inEnglish : build(phrases, language.locale);
      }
      loaded = { code: language.code, words };
      return words;
    },
    get(language) {
      const { code } = launchLanguage(language);
      if (code === loaded.code) return loaded.words;
      return code === 'TY' ? inFilipino : inEnglish;
    },
  };
}

/** A phrase with its {placeholders} filled; a placeholder with no value is left as it is. */
export function fill(phrase: string, values: Record<string, string | number> = {}): string {
  return phrase.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** A counted phrase for `n` in `locale`: the plural form its rules pick, `other` when that form is missing. */
export function counted(phrase: Counted, n: number, locale: string, formatted = String(n)): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const form = phrase[rules.select(n)] ?? phrase.other;
  return fill(form, { n: formatted });
}
