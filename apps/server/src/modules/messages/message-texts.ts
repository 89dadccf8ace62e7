import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMoney } from '@gamehall/shared/money';
import { z } from 'zod';
import type { MessageParams } from './messages.tables';

/**
 * The kinds of system message. A message is stored as its
 * kind and params; the text is rendered here in the reader's language at read time, with the spec
 * §3 placeholders {site}, {currency} and {amount} filled (amount from params, in minor units).
 */
export const SYSTEM_MESSAGE_KINDS = [
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_paid',
  'withdrawal_rejected',
  'bank_account_confirmed',
  'reward_issued',
  'contract_offered',
  'password_changed',
  'payment_password_changed',
  'feedback_answered',
  'support_answered',
  'kyc_document_approved',
  'kyc_document_rejected',
  'contract_offer_received',
  'contract_accepted',
  'contract_rejected',
  'contract_termination_requested',
  'contract_ended',
  'statement_paid',
  'statement_held',
] as const;
export type SystemMessageKind = (typeof SYSTEM_MESSAGE_KINDS)[number];

type Template = { title: string; content: string };

/**
 * A language file: a template per kind, and `terms`, the words of coded params. A param `p` whose
 * value `v` has a term `p.v` shows as that term (the contract kind `contractKind.dividend`, the end
 * reason `why.upline_rate_lowered`), so a code never reaches the reader.
 */
const TextFile = z
  .object({ terms: z.record(z.string(), z.string()).optional() })
  .catchall(z.object({ title: z.string(), content: z.string() }));

/** Where the texts live: one JSON file per language, named as the player site's locale files. */
export const TEXTS_DIR = fileURLToPath(new URL('./texts/', import.meta.url));

export const FALLBACK_LANGUAGE = 'EN';

/**
 * Texts by language code (members.language, upper case as the brand's supportedLanguages), read
 * once from texts/<code>.json so a translator edits data, not code. English is the fallback of a
 * language without a file and of a key a file lacks. Besides the spec's placeholders a template may
 * name any param ({reason}, {account}, {answer}); texts.test.ts holds every file to English's keys
 * and placeholders.
 */
export function loadTexts(dir = TEXTS_DIR): Record<string, Partial<Record<SystemMessageKind, Template>>> {
  const texts: Record<string, Partial<Record<SystemMessageKind, Template>>> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const { terms: _terms, ...parsed } = TextFile.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    const known = Object.entries(parsed).filter(([kind]) => isSystemMessageKind(kind));
    texts[file.slice(0, -'.json'.length).toUpperCase()] = Object.fromEntries(known);
  }
  const english = texts[FALLBACK_LANGUAGE];
  const missing = SYSTEM_MESSAGE_KINDS.filter((kind) => !english?.[kind]);
  if (missing.length > 0) throw new Error(`texts/en.json lacks ${missing.join(', ')}`);
  return texts;
}

let cached: ReturnType<typeof loadTexts> | undefined;
function texts() {
  cached ??= loadTexts();
  return cached;
}

/** The terms of coded params by language code (see TextFile), English's keys required of none here. */
export function loadTerms(dir = TEXTS_DIR): Record<string, Record<string, string>> {
  const terms: Record<string, Record<string, string>> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const parsed = TextFile.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    terms[file.slice(0, -'.json'.length).toUpperCase()] = parsed.terms ?? {};
  }
  return terms;
}

let cachedTerms: ReturnType<typeof loadTerms> | undefined;
function termsOf(language: string): { own: Record<string, string>; english: Record<string, string> } {
  cachedTerms ??= loadTerms();
  return { own: cachedTerms[language.toUpperCase()] ?? {}, english: cachedTerms[FALLBACK_LANGUAGE] ?? {} };
}

export type RenderSettings = { siteName: string; currency: string; currencySymbol: string };

/** Fills {name} placeholders; an unknown placeholder is left as written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function placeholderValues(params: MessageParams, brand: RenderSettings, language: string): Record<string, string> {
  const values: Record<string, string> = { site: brand.siteName, currency: brand.currency };
  const terms = termsOf(language);
  for (const [key, value] of Object.entries(params)) {
    const term = `${key}.${value}`;
    values[key] = typeof value === 'string' ? (terms.own[term] ?? terms.english[term] ?? value) : String(value);
  }
  values.amount = typeof params.amount === 'number' ? formatMoney(params.amount) : '';
  values.reason = typeof params.reason === 'string' ? params.reason : '';
  return values;
}

export function isSystemMessageKind(kind: string): kind is SystemMessageKind {
  return (SYSTEM_MESSAGE_KINDS as readonly string[]).includes(kind);
}

/** The text of a system message in `language`, or in English when that language has none. */
export function renderSystemMessage(
  kind: SystemMessageKind,
  params: MessageParams,
  language: string,
  brand: RenderSettings,
): Template {
  const all = texts();
  const template = all[language.toUpperCase()]?.[kind] ?? (all[FALLBACK_LANGUAGE]?.[kind] as Template);
  const values = placeholderValues(params, brand, language);
  return {
    title: fillPlaceholders(template.title, values),
    content: fillPlaceholders(template.content, values).trim(),
  };
}

/** A broadcast's operator-written text also takes the spec's placeholders ({site}, {currency}). */
export function renderBroadcastText(text: Template, brand: RenderSettings): Template {
  const values = { site: brand.siteName, currency: brand.currency };
  return { title: fillPlaceholders(text.title, values), content: fillPlaceholders(text.content, values) };
}
