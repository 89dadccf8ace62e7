import type { RegisterFieldRule } from '@gamehall/shared/api/registration';
import { patternOf } from '@gamehall/shared/patterns';

/**
 * What a phone shows to type a value: a mobile number opens the telephone keypad, a code sent by
 * SMS or e-mail (or an authenticator's) the digit pad, with the one-time-code autofill a phone
 * offers from the message it just received. Every such field of the site spreads one of these.
 */
export const KEYPAD = {
  mobile: { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' },
  code: { inputMode: 'numeric', autoComplete: 'one-time-code' },
  digits: { inputMode: 'numeric' },
} as const;

export type Keypad = (typeof KEYPAD)[keyof typeof KEYPAD];

/** Registration fields whose value is a phone number (the mobile, and the messengers reached by one). */
const PHONE_FIELDS = new Set(['mobileNum', 'whatsapp', 'zalo']);

/**
 * The keypad of a registration field drawn from the brand's rule: phone numbers and the SMS code
 * by their name, any other field whose pattern takes digits only (QQ number, a numeric payment
 * password) the digit pad; none for the rest.
 */
export function keypadForRule(rule: Pick<RegisterFieldRule, 'field' | 'patternId'>): Keypad | undefined {
  if (PHONE_FIELDS.has(rule.field)) return KEYPAD.mobile;
  if (rule.field === 'verificationCode') return KEYPAD.code;
  if (patternOf(rule.patternId)?.regex.source === '^[0-9]+$') return KEYPAD.digits;
  return undefined;
}
