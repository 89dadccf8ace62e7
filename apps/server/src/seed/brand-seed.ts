import type { Conn } from '../db/database';
import {
  insertMissingCountries,
  insertMissingFieldRules,
  insertMissingSwitches,
  insertMissingVipLevels,
} from './seed.queries';

// Brand configuration every deployment starts with: the whitelabel switch tree of spec §3, the
// registration field rules of spec §5, dialing codes, and VIP levels. Inserted when missing only.

type SwitchDef = { modId: string; name: string; enabled: boolean; children?: SwitchDef[] };

// Group rows (LOGIN, REGISTRATION, ...) only shape the tree the client receives (permission info
// `whitelabelVal`); the eleven spec switches are the leaves. Everything starts on: a new brand
// should show every feature, and the operator turns off what it does not offer. Password expiry
// (PWDEXPFORCECHANGE3) is on too, with the brand's passwordExpiryDays (90).
export const SWITCH_TREE: SwitchDef[] = [
  {
    modId: 'LOGIN',
    name: 'Login',
    enabled: true,
    children: [
      { modId: 'MOBILEVERCODELOGIN3', name: 'Mobile SMS code login', enabled: true },
      { modId: 'FREEPLAY3', name: 'Free-play login', enabled: true },
    ],
  },
  {
    modId: 'REGISTRATION',
    name: 'Registration',
    enabled: true,
    children: [
      { modId: 'DIRECTREG3', name: 'Direct registration (register button)', enabled: true },
      { modId: 'USERNAMEREG3', name: 'Username registration', enabled: true },
      { modId: 'MOBILENUMREG3', name: 'Mobile number registration', enabled: true },
      { modId: 'REGMOBVERF3', name: 'Mobile verification code at registration', enabled: true },
      { modId: 'MOBILENUMPASSREG3', name: 'Mobile number and password registration', enabled: true },
    ],
  },
  {
    modId: 'SECURITY',
    name: 'Account security',
    enabled: true,
    children: [
      { modId: 'CHNGPASSVERIF3', name: 'Password reset by phone verification', enabled: true },
      { modId: 'PWDEXPFORCECHANGE3', name: 'Force change of an expired password', enabled: true },
    ],
  },
  {
    modId: 'AGENT',
    name: 'Agents',
    enabled: true,
    children: [{ modId: 'AGENTPOLICY3', name: 'Agent policy (contracts and consolidated wallet)', enabled: true }],
  },
  { modId: 'COMM3', name: 'Community (chat room and messaging channel)', enabled: true },
];

export function switchRows() {
  const rows: { mod_id: string; parent_mod_id: string | null; enabled: boolean; name: string; sort: number }[] = [];
  const walk = (defs: SwitchDef[], parent: string | null) => {
    for (const d of defs) {
      // Parents first: the parent_mod_id foreign key needs them.
      rows.push({ mod_id: d.modId, parent_mod_id: parent, enabled: d.enabled, name: d.name, sort: rows.length });
      if (d.children) walk(d.children, d.modId);
    }
  };
  walk(SWITCH_TREE, null);
  return rows;
}

type Rule = [field: string, enabled: boolean, required: boolean, min: number, max: number, patternId: number | null];

// spec §5 registration fields. Pattern ids are the shared numbering (1 letter-first alphanumeric,
// 3 email, 4 letters or numbers, 5 letters and numbers, 6 digits, 8 letters and spaces, 9 no spaces,
// 11 yyyy-MM-dd, 17 two-part full name). Contact and KYC fields start disabled: the operator
// enables what its market needs.
export const FIELD_RULES: Rule[] = [
  ['username', true, true, 4, 16, 1],
  ['password', true, true, 6, 20, 5],
  ['confirmPassword', true, true, 6, 20, 5],
  ['payeeName', true, false, 2, 50, 17],
  ['email', true, false, 6, 50, 3],
  ['qqNum', false, false, 5, 12, 6],
  ['mobileNum', true, false, 7, 11, 6],
  ['recommenderId', false, false, 4, 16, 4],
  // The proof-of-work challenge guards registration; the image captcha is there for operators who want it.
  ['captcha', false, false, 4, 6, 4],
  // Required only when the SMS verification of a mobile registration applies (REGMOBVERF3).
  ['verificationCode', true, false, 6, 6, 6],
  ['affiliateCode', true, false, 4, 20, 4],
  ['paymentPassword', true, false, 6, 6, 6],
  ['line', false, false, 4, 30, 9],
  ['whatsapp', false, false, 7, 15, 6],
  ['facebook', false, false, 5, 50, 9],
  ['wechat', false, false, 6, 20, 9],
  ['telegram', false, false, 5, 32, 9],
  ['zalo', false, false, 7, 15, 6],
  ['idNumber', false, false, 6, 20, 4],
  ['referralCode', true, false, 4, 20, 4],
  ['birthday', true, false, 10, 10, 11],
  ['address', false, false, 5, 120, null],
  ['nationality', false, false, 2, 40, 8],
  ['occupation', false, false, 2, 40, 8],
  ['sourceOfIncome', false, false, 2, 60, 8],
  ['placeOfBirth', false, false, 2, 60, 8],
  ['fullName', false, false, 3, 50, 17],
];

// Dialing codes with the local mobile number length (without the trunk 0), for an operator in
// South-East Asia first, then the region, then major markets elsewhere.
export const COUNTRIES: [code: string, dialing: string, name: string, digits: number][] = [
  ['PH', '63', 'Philippines', 10],
  ['VN', '84', 'Vietnam', 9],
  ['TH', '66', 'Thailand', 9],
  ['ID', '62', 'Indonesia', 11],
  ['MY', '60', 'Malaysia', 9],
  ['SG', '65', 'Singapore', 8],
  ['KH', '855', 'Cambodia', 9],
  ['LA', '856', 'Laos', 10],
  ['MM', '95', 'Myanmar', 9],
  ['BN', '673', 'Brunei', 7],
  ['TL', '670', 'Timor-Leste', 8],
  ['IN', '91', 'India', 10],
  ['CN', '86', 'China', 11],
  ['HK', '852', 'Hong Kong', 8],
  ['MO', '853', 'Macau', 8],
  ['TW', '886', 'Taiwan', 9],
  ['JP', '81', 'Japan', 10],
  ['KR', '82', 'South Korea', 10],
  ['MN', '976', 'Mongolia', 8],
  ['BD', '880', 'Bangladesh', 10],
  ['PK', '92', 'Pakistan', 10],
  ['LK', '94', 'Sri Lanka', 9],
  ['NP', '977', 'Nepal', 10],
  ['AE', '971', 'United Arab Emirates', 9],
  ['SA', '966', 'Saudi Arabia', 9],
  ['QA', '974', 'Qatar', 8],
  ['KW', '965', 'Kuwait', 8],
  ['TR', '90', 'Turkey', 10],
  ['AU', '61', 'Australia', 9],
  ['NZ', '64', 'New Zealand', 9],
  ['US', '1', 'United States', 10],
  ['CA', '1', 'Canada', 10],
  ['MX', '52', 'Mexico', 10],
  ['BR', '55', 'Brazil', 11],
  ['GB', '44', 'United Kingdom', 10],
  ['DE', '49', 'Germany', 11],
  ['FR', '33', 'France', 9],
  ['ES', '34', 'Spain', 9],
  ['IT', '39', 'Italy', 10],
  ['NL', '31', 'Netherlands', 9],
  ['RU', '7', 'Russia', 10],
  ['ZA', '27', 'South Africa', 9],
  ['NG', '234', 'Nigeria', 10],
  ['EG', '20', 'Egypt', 10],
  ['KE', '254', 'Kenya', 9],
];

// Minimum total deposit (major units) to reach each level; the promotions area may refine the rules.
export const VIP_LEVELS: [level: number, label: string, minDeposit: number][] = [
  [0, 'Member', 0],
  [1, 'Bronze', 1_000],
  [2, 'Silver', 5_000],
  [3, 'Gold', 20_000],
  [4, 'Platinum', 50_000],
  [5, 'Diamond', 100_000],
  [6, 'Crown', 300_000],
  [7, 'Royal', 800_000],
  [8, 'Elite', 2_000_000],
  [9, 'Legend', 5_000_000],
];

export async function seedBrand(db: Conn): Promise<void> {
  await insertMissingSwitches(db, switchRows());
  await insertMissingFieldRules(
    db,
    FIELD_RULES.map(([field, enabled, required, min, max, patternId], sort) => ({
      field,
      enabled,
      required,
      min_length: min,
      max_length: max,
      pattern_id: patternId,
      accepted_pattern: '*',
      sort,
    })),
  );
  await insertMissingCountries(
    db,
    COUNTRIES.map(([code, dialing, name, digits], sort) => ({
      country_code: code,
      country_dialing_code: dialing,
      name,
      mobile_digits: digits,
      sort,
    })),
  );
  await insertMissingVipLevels(
    db,
    VIP_LEVELS.map(([level, label, minDeposit]) => ({ level, label_name: label, min_deposit: minDeposit * 100 })),
  );
}
