import { formatMoney } from '@gamehall/shared/money';
import type { MessageParams } from './messages.tables';

/**
 * The kinds of system message (issue 14 "System messages on events"). A message is stored as its
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
  'kyc_document_approved',
  'kyc_document_rejected',
] as const;
export type SystemMessageKind = (typeof SYSTEM_MESSAGE_KINDS)[number];

type Template = { title: string; content: string };

// Texts by language code (members.language, upper case as the brand's supportedLanguages). English
// is the fallback of every language that has no text of its own; the lead adds further languages.
// Besides the spec's placeholders a template may name any param ({reason}, {name}, {answer}).
const TEXTS: Record<string, Record<SystemMessageKind, Template>> = {
  EN: {
    deposit_credited: {
      title: 'Deposit credited',
      content: 'Your deposit of {currency} {amount} has been credited to your {site} wallet.',
    },
    withdrawal_approved: {
      title: 'Withdrawal approved',
      content: 'Your withdrawal of {currency} {amount} has been approved and will be paid soon.',
    },
    withdrawal_paid: {
      title: 'Withdrawal paid',
      content: 'Your withdrawal of {currency} {amount} has been paid to your bank account.',
    },
    withdrawal_rejected: {
      title: 'Withdrawal rejected',
      content: 'Your withdrawal of {currency} {amount} was rejected and the money is back in your wallet. {reason}',
    },
    bank_account_confirmed: {
      title: 'Bank account confirmed',
      content: 'Your bank account {account} is confirmed and can now receive withdrawals from {site}.',
    },
    reward_issued: {
      title: 'Reward issued',
      content:
        'You received a reward of {currency} {amount}. Claim it in the reward centre and enjoy playing at {site}!',
    },
    contract_offered: {
      title: 'New agent contract offered',
      content: 'You have been offered a new agent contract at {site}. Open the agent centre to review and accept it.',
    },
    password_changed: {
      title: 'Password changed',
      content:
        'The password of your {site} account was changed. If you did not do this, contact customer service at once.',
    },
    payment_password_changed: {
      title: 'Payment password changed',
      content:
        'The payment password of your {site} account was changed. If you did not do this, contact customer service at once.',
    },
    feedback_answered: {
      title: 'Your feedback was answered',
      content: '{answer}',
    },
    kyc_document_approved: {
      title: 'Document approved',
      content: 'Your {document} was approved. Your verification level at {site} is now {level}.',
    },
    kyc_document_rejected: {
      title: 'Document rejected',
      content: 'Your {document} could not be accepted: {reason} Please upload a new one on the Verification page.',
    },
  },
};

export const FALLBACK_LANGUAGE = 'EN';

export type RenderSettings = { siteName: string; currency: string; currencySymbol: string };

/** Fills {name} placeholders; an unknown placeholder is left as written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function placeholderValues(params: MessageParams, brand: RenderSettings): Record<string, string> {
  const values: Record<string, string> = { site: brand.siteName, currency: brand.currency };
  for (const [key, value] of Object.entries(params)) values[key] = String(value);
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
  const texts = TEXTS[language.toUpperCase()] ?? TEXTS[FALLBACK_LANGUAGE];
  const template = texts?.[kind] ?? (TEXTS[FALLBACK_LANGUAGE] as Record<SystemMessageKind, Template>)[kind];
  const values = placeholderValues(params, brand);
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
