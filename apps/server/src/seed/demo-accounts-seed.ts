import { randomBytes } from 'node:crypto';
import type { Conn, Trx } from '../db/database';
import { OPERATOR_ACCOUNT_TYPE } from '../http/auth';
import { hashPassword } from '../modules/accounts/passwords';
import { post } from '../modules/ledger/ledger.service';
import {
  findMembersByUsernames,
  insertKnownIps,
  insertMember,
  insertMemberMessages,
  insertMissingAffiliateCode,
} from './seed.queries';

// The demo accounts of api-conventions.md "Demo content". `password: null` means the brand default
// password (spec §4: it forces a change at first login).
type DemoAccount = {
  username: string;
  password: string | null;
  type: number;
  nickname: string;
  upline?: string;
  email?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  payeeName?: string;
  permissions?: string[];
  avatar: number;
  /** fresh01 has never logged in; the others have, so first-login flows stay out of the way. */
  neverLoggedIn?: boolean;
  /** Opening balance in minor units, credited as a deposit posting. */
  openingDeposit?: number;
  affiliateCode?: string;
  welcomeMessages?: boolean;
};

/** Members of agent01's team: [username, upline, type]; type 2 marks a sub-agent. */
const DEMO_TEAM: [string, string, number][] = [
  ['subagent01', 'agent01', 2],
  ['team01', 'agent01', 0],
  ['team02', 'subagent01', 0],
  ['team03', 'subagent01', 0],
  ['subagent02', 'subagent01', 2],
  ['team04', 'subagent02', 0],
  ['team05', 'subagent02', 0],
  ['subagent03', 'subagent02', 2],
  ['team06', 'subagent03', 0],
];

function demoTeam(): DemoAccount[] {
  return DEMO_TEAM.map(([username, upline, type], i) => ({
    username,
    password: 'Demo@1234',
    type,
    nickname: username.replace(
      /^(\D+)(\d+)$/,
      (_, word: string, n: string) => `${word[0]?.toUpperCase()}${word.slice(1)} ${n}`,
    ),
    upline,
    avatar: (i % 12) + 1,
    openingDeposit: type === 0 ? 200_000 : 50_000,
    ...(type === 2 ? { affiliateCode: username.toUpperCase() } : {}),
  }));
}

/** The team's usernames, for the demo play and its tests. */
export const DEMO_TEAM_USERNAMES = DEMO_TEAM.map(([username]) => username);

// Agents first: downlines point at them.
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'agent01', password: 'Demo@1234', type: 1, nickname: 'Agent 01', avatar: 5, affiliateCode: 'AGENT01' },
  {
    username: 'demo01',
    password: 'Demo@1234',
    type: 0,
    nickname: 'Demo',
    upline: 'agent01',
    email: 'demo01@gamehall.local',
    mobileNum: '9171234567',
    countryDialingCode: '63',
    payeeName: 'Demo Player',
    avatar: 3,
    openingDeposit: 1_000_000,
    welcomeMessages: true,
  },
  { username: 'trial01', password: 'Demo@1234', type: 4, nickname: 'Trial', avatar: 7 },
  {
    username: 'fresh01',
    password: null,
    type: 0,
    nickname: 'Fresh',
    upline: 'agent01',
    avatar: 1,
    neverLoggedIn: true,
  },
  // agent01's demo team: sub-agents and members on four levels below it, funded so the
  // demo play at first start (demo/demo-play.ts) gives the agent centre real figures.
  ...demoTeam(),
  {
    username: 'admin',
    password: 'Admin@1234',
    type: OPERATOR_ACCOUNT_TYPE,
    nickname: 'Administrator',
    permissions: ['*'],
    avatar: 12,
  },
];

// Local logins of the demo accounts are never asked for new-IP verification (spec §4).
export const DEMO_KNOWN_IPS = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

const WELCOME_MESSAGES = [
  {
    title: 'Welcome to {site}',
    content:
      'Thank you for joining us. Your account is ready: slots, crash, virtual tables, fishing, card duels, virtual sports and lottery draws are waiting.',
  },
  {
    title: 'Your first deposit',
    content:
      'Open Deposit in the member centre, pick a method and follow its steps: an online payment is credited as soon as it is paid, a bank transfer once the cashier has matched it.',
  },
  {
    title: 'Keep your account safe',
    content:
      'Set a payment password and bind your mobile number in the security centre. We will never ask for your password.',
  },
];

/** Usernames of the demo accounts that do not exist yet. */
export async function missingDemoAccounts(db: Conn) {
  const existing = await findMembersByUsernames(
    db,
    DEMO_ACCOUNTS.map((a) => a.username),
  );
  const have = new Set(existing.map((m) => m.username.toLowerCase()));
  return DEMO_ACCOUNTS.filter((a) => !have.has(a.username)).map((a) => a.username);
}

/** argon2 is deliberately slow: hash only what is missing, all at once, outside any transaction. */
export async function hashDemoPasswords(usernames: string[], defaultPassword: string): Promise<Map<string, string>> {
  const accounts = DEMO_ACCOUNTS.filter((a) => usernames.includes(a.username));
  // One hash per distinct password: the demo accounts share published passwords, so a shared salt
  // hides nothing, and the seed of every test database stays one argon2 run per password.
  const passwords = [...new Set(accounts.map((a) => a.password ?? defaultPassword))];
  const hashed = new Map(await Promise.all(passwords.map(async (p) => [p, await hashPassword(p)] as const)));
  return new Map(accounts.map((a) => [a.username, hashed.get(a.password ?? defaultPassword) as string]));
}

/** Creates the missing demo accounts (given their password hashes) with their IPs, money and messages. */
export async function seedDemoAccounts(
  trx: Trx,
  hashes: Map<string, string>,
  options: { now: Date; currency: string },
): Promise<void> {
  const existing = await findMembersByUsernames(
    trx,
    DEMO_ACCOUNTS.map((a) => a.username),
  );
  const ids = new Map(existing.map((m) => [m.username.toLowerCase(), m.id]));

  for (const account of DEMO_ACCOUNTS) {
    const hash = hashes.get(account.username);
    if (ids.has(account.username) || !hash) continue;
    const id = await insertMember(trx, {
      username: account.username,
      password_hash: hash,
      type: account.type,
      nickname: account.nickname,
      email: account.email ?? null,
      mobile_num: account.mobileNum ?? null,
      country_dialing_code: account.countryDialingCode ?? null,
      payee_name: account.payeeName ?? null,
      upline_id: account.upline ? (ids.get(account.upline) ?? null) : null,
      referral_code: randomBytes(5).toString('hex').toUpperCase(),
      permissions: JSON.stringify(account.permissions ?? []),
      avatar: account.avatar,
      password_changed_at: options.now,
      first_login_at: account.neverLoggedIn ? null : options.now,
      register_method: 'WEB',
    });
    ids.set(account.username, id);
    await insertKnownIps(trx, id, DEMO_KNOWN_IPS, options.now);

    if (account.openingDeposit) {
      await post(trx, {
        idempotencyKey: `seed:${account.username}:opening-deposit`,
        type: 'deposit',
        reference: `SEED-${account.username.toUpperCase()}-OPENING`,
        entries: [
          { account: { member: id, currency: options.currency }, amount: account.openingDeposit },
          { account: { house: 'bank', currency: options.currency }, amount: -account.openingDeposit },
        ],
      });
    }
    if (account.welcomeMessages) {
      await insertMemberMessages(
        trx,
        WELCOME_MESSAGES.map((m) => ({ member_id: id, ...m })),
      );
    }
  }

  for (const account of DEMO_ACCOUNTS) {
    const id = ids.get(account.username);
    if (account.affiliateCode && id !== undefined) await insertMissingAffiliateCode(trx, account.affiliateCode, id);
  }
}
