import { bannerImageUrl } from '@gamehall/shared/api/catalogue';
import type { Conn } from '../db/database';
import { DEMO_ANNOUNCEMENTS_TY, DEMO_BANNER_TITLES_TY, DEMO_NOTICES_TY } from './content-seed-ty';
import {
  insertAnnouncements,
  insertBanners,
  insertHelpArticles,
  insertNotices,
  insertResources,
  isEmpty,
} from './seed.queries';

/**
 * The demo's content is in English (the brand's default language, which also serves every language
 * without content of its own) and in Filipino (TY), the brand's second language.
 */
const EN = 'EN';
const TY = 'TY';

// Demo site content (demo mode only). Texts may carry the placeholders {site}, {currency} and
// {amount} of spec §3; the web app fills them from brand settings.

export const DEMO_RESOURCES: [type: string, name: string, label: string, url: string][] = [
  ['FACEBOOK', 'facebook', 'Facebook', 'https://www.facebook.com/gamehall'],
  ['INSTAGRAM', 'instagram', 'Instagram', 'https://www.instagram.com/gamehall'],
  ['TWITTER', 'twitter', 'Twitter', 'https://twitter.com/gamehall'],
  ['YOUTUBE', 'youtube', 'YouTube', 'https://www.youtube.com/@gamehall'],
  ['TELEGRAM', 'telegram', 'Telegram', 'https://t.me/gamehall'],
  ['MESSAGING', 'telegram-support', 'Telegram support', 'https://t.me/gamehall_support'],
  ['MOBILECONFIG', 'mobileconfig', 'iOS profile', '/download/mobileconfig'],
  ['IOS', 'ios', 'Web app for iPhone', '/download/ios'],
  ['ANDROID', 'android', 'Web app for Android', '/download/android'],
  ['CUSTOMER_SERVICE', 'customer-service', 'Customer service', '/help'],
];

// Every text says only what the demo brand really runs: the house studio's games (slots, crash, RNG
// baccarat and roulette tables, fishing, the three-card duel, virtual football and derby fights,
// lottery draws), the cashier, the security centre, and the programmes its seeds configure (the
// welcome promotion, VIP levels, rebates, daily missions, points and the points mall, invite
// friends). A programme banner (PROGRAMME_BANNERS) must name what the programme's seed really
// configures; honest-content.test.ts checks each against the database.

// linkage_type: 'ROUTE' opens a path of the site, 'URL' an outside address; null is not clickable.
export const DEMO_BANNERS: [
  group: string,
  slug: string,
  title: string,
  linkage: 'ROUTE' | 'URL' | null,
  link: string | null,
][] = [
  ['w_login', 'login-welcome', 'Welcome back', null, null],
  ['w_register', 'register-start', 'Create your account in a minute', null, null],
  ['w_forget', 'forget-help', 'We are here to help', 'ROUTE', '/help'],
  ['w_home', 'home-welcome', 'Welcome: slots, tables, crash and lottery', 'ROUTE', '/rng'],
  ['w_home', 'home-slots', 'Pick a slot and spin', 'ROUTE', '/rng'],
  ['w_home', 'home-tables', 'Virtual baccarat and roulette tables', 'ROUTE', '/live'],
  ['w_home', 'home-sports', 'Virtual football: each match plays the moment you bet', 'ROUTE', '/sports'],
  [
    'w_activity',
    'activity-welcome-bonus',
    'Welcome bonus: 100% of your first deposit, up to 1,000',
    'ROUTE',
    '/promotions',
  ],
  ['w_activity', 'activity-vip', 'VIP club: a bonus at every new level', 'ROUTE', '/member/vip'],
  [
    'w_activity',
    'activity-rebate',
    'Rebate on every valid bet, claim it when you like',
    'ROUTE',
    '/member/manualRebate',
  ],
  ['w_activity', 'activity-missions', 'Daily missions: log in, play, get paid', 'ROUTE', '/member/missionLeaderboard'],
  ['w_activity', 'activity-points', 'Points on your bets for the points mall', 'ROUTE', '/pointMall'],
  ['w_activity', 'activity-invite', 'Invite friends: earn on their first deposit', 'ROUTE', '/member/referral'],
  ['w_activity', 'activity-fair', 'Provably fair: check any house round', null, null],
  ['w_activity', 'activity-crash', 'Crash: cash out before it falls', 'ROUTE', '/rng'],
  ['w_activity', 'activity-lottery-draw', 'A lottery draw every two minutes', 'ROUTE', '/elott'],
  ['w_activity', 'activity-security', 'Two-factor sign-in for your account', null, null],
  ['w_activity', 'activity-deposit', 'Online deposits credited once paid', null, null],
  ['w_model', 'model-tables', 'Virtual baccarat and roulette', 'ROUTE', '/live'],
  ['w_model', 'model-slots', 'Slots from the house studio', 'ROUTE', '/rng'],
  ['w_model', 'model-arcade', 'Arcade slots', 'ROUTE', '/jili'],
  ['w_model', 'model-responsible', 'Play responsibly', 'URL', 'https://www.begambleaware.org'],
];

/** The banners that advertise a programme (their claims are checked against its seeded configuration). */
export const PROGRAMME_BANNERS = [
  'activity-welcome-bonus',
  'activity-vip',
  'activity-rebate',
  'activity-missions',
  'activity-points',
  'activity-invite',
] as const;

// type: B banner, PL player, PU popup, PR promotion, H headline (spec §7 getListAnnouncements);
// audience: A logged in, B visitor, F first login (spec §4). No PR: no promotion is running.
export const DEMO_ANNOUNCEMENTS: [
  type: string,
  audience: string,
  title: string,
  content: string,
  promo: string | null,
][] = [
  [
    'PU',
    'B',
    'Welcome to {site}',
    'Create your account in one minute. Slots, crash, virtual tables, fishing, card duels, virtual sports and lottery draws are waiting, every one played by the house studio.',
    null,
  ],
  [
    'PU',
    'A',
    'Deposits and withdrawals',
    'Online payments are credited as soon as the gateway confirms them, bank transfers once the cashier has checked them. Withdrawals are reviewed by the cashier, then paid to the account you bound.',
    null,
  ],
  [
    'PU',
    'F',
    'Your first steps',
    'Bind a bank account, set a payment password in the security centre and make your first deposit.',
    null,
  ],
  [
    'PU',
    'A',
    'Provably fair rounds',
    "Every round of the house games can be checked: open the verifier from a game page and enter the round's seeds.",
    null,
  ],
  [
    'B',
    'A',
    'Lottery draws',
    'The quick lotto draws every two minutes and the lotto every five; the numbers show on the lottery page as soon as a draw runs.',
    null,
  ],
  ['B', 'B', 'Secure deposits', 'We never ask for your password or verification codes by phone or chat.', null],
  [
    'B',
    'A',
    'Virtual sports',
    'Each virtual football match plays out the moment you place your bet, with the odds shown before you bet.',
    null,
  ],
  [
    'PL',
    'A',
    'Protect your account',
    'Turn on login verification and never share your verification codes with anyone, including our staff.',
    null,
  ],
  [
    'PL',
    'A',
    'Two-factor sign-in',
    'Add an authenticator app in the security centre: a sign-in from a new device then needs its code.',
    null,
  ],
  [
    'PL',
    'A',
    'Payment password',
    'Set your payment password in the security centre before your first withdrawal.',
    null,
  ],
  [
    'H',
    'A',
    'Crash rounds all day',
    'Crash runs one shared round after another: place a bet and cash out before the multiplier falls.',
    null,
  ],
  ['H', 'A', 'Play responsibly', 'Set yourself a budget before you play, and take regular breaks.', null],
  ['H', 'B', 'Register and play', 'Register today and try the games.', null],
];

export const DEMO_NOTICES: [title: string, content: string][] = [
  [
    'This is a demo',
    'The games and the cashier are real software; the money is play money and the provider names are invented.',
  ],
  [
    'Virtual tables',
    "The baccarat and roulette tables are virtual: every result is drawn by the house studio's provably fair generator, not dealt by a dealer.",
  ],
  ['Withdrawal review', 'Every withdrawal is reviewed by the cashier before it is paid to the account you bound.'],
  [
    'Bank transfers',
    'Quote the deposit reference in your transfer so the cashier can match it, and upload the slip if you have one.',
  ],
  [
    'Online payments expire',
    'An online payment not completed within 30 minutes expires; open a new deposit to pay again.',
  ],
  [
    'Confirm your withdrawals',
    'After a withdrawal is paid, confirm in the withdrawal record whether it arrived; one left unconfirmed for 60 minutes counts as received.',
  ],
  ['Beware of scams', 'Our staff never ask for your password or verification code.'],
  ['Lottery results', "Each draw's numbers show on the lottery page as soon as the draw runs."],
  ['Login verification', 'A sign-in from a new network asks for a code sent to your mobile number or email.'],
  ['Fish hunt', 'Aim at any fish you like: on average every shot returns the same share of its value.'],
  ['Card duel', 'Three cards each against the house: a win pays 1.95 times the stake and a tie returns it.'],
];

export const DEMO_HELP: [category: string, title: string, content: string][] = [
  [
    'Deposits',
    'How do I make a deposit?',
    'Log in, open the member centre and choose Deposit. Pick a payment method, enter the amount and follow the instructions. Your balance is updated as soon as the payment is confirmed, usually within a few minutes.',
  ],
  [
    'Deposits',
    'What are the minimum and maximum deposit amounts?',
    'Each payment method shows its own limits on the deposit page. If an amount is outside the limits the form tells you before you submit.',
  ],
  [
    'Deposits',
    'My deposit has not arrived. What should I do?',
    'A bank transfer is credited once the cashier has matched it to your order. If it is still pending after some hours, contact customer service with the deposit reference and a screenshot of the payment receipt.',
  ],
  [
    'Withdrawals',
    'How do I withdraw my winnings?',
    'Bind a bank account in the member centre, then choose Withdraw, enter the amount and your payment password. Withdrawals are reviewed and paid to the account you bound.',
  ],
  [
    'Withdrawals',
    'Why is my withdrawal pending?',
    'A withdrawal stays pending until the cashier has reviewed it. The withdrawal page shows any turnover still required before you can withdraw.',
  ],
  [
    'Withdrawals',
    'How do I confirm I received a withdrawal?',
    'After the payment is sent, confirm in the withdrawal record whether you received it in full, in part, or not at all. If you did not receive it, attach a screenshot of your account statement.',
  ],
  [
    'Account security',
    'How do I keep my account safe?',
    'Use a password you do not use anywhere else, set a separate payment password, and never share verification codes. Our staff will never ask for your password.',
  ],
  [
    'Account security',
    'Why was I asked to verify a new login?',
    'When you log in from a device or network we have not seen before, we ask you to confirm it is you with a code sent to your mobile number or email.',
  ],
  [
    'Account security',
    'I forgot my password.',
    'Choose Forgot password on the login window. You can reset it with the email bound to your account or with an SMS code sent to your mobile number.',
  ],
  [
    'Responsible gaming',
    'Play for fun, not for money',
    'Gaming should be entertainment. Set a budget before you play, never chase losses, and take regular breaks.',
  ],
  [
    'Responsible gaming',
    'Taking a break',
    'Decide before you start how long and how much you will play, and stop when you reach it. If you want to stop for longer, contact customer service.',
  ],
  [
    'Responsible gaming',
    'Where to get help',
    'If gaming is no longer fun, talk to someone. Independent organisations such as GamCare and Gamblers Anonymous offer free and confidential support.',
  ],
  [
    'Responsible gaming',
    'Age restriction',
    'You must be at least 18 years old to register and play. We may ask for proof of age at any time.',
  ],
];

export async function seedContent(db: Conn, now: Date): Promise<void> {
  if (await isEmpty(db, 'resources')) {
    await insertResources(
      db,
      DEMO_RESOURCES.map(([type, name, label, url], sort) => ({
        resource_type: type,
        name,
        label_name_en: label,
        url,
        sort,
      })),
    );
  }
  if (await isEmpty(db, 'banners')) {
    await insertBanners(
      db,
      DEMO_BANNERS.flatMap(([group, slug, title, linkage, link], sort) => {
        const banner = {
          group_name: group,
          image_url: bannerImageUrl(slug),
          linkage_type: linkage,
          link_url: link,
          sort,
        };
        const ty = DEMO_BANNER_TITLES_TY[slug];
        return [{ ...banner, title, language: EN }, ...(ty ? [{ ...banner, title: ty, language: TY }] : [])];
      }),
    );
  }
  if (await isEmpty(db, 'announcements')) {
    // Started a day ago so they show at once even when the clock of a test has moved.
    const startsAt = new Date(now.getTime() - 24 * 3600_000);
    await insertAnnouncements(
      db,
      DEMO_ANNOUNCEMENTS.flatMap(([type, audience, title, content, promo], sort) => {
        const row = { type, audience, promotion_type: promo, execution: 'B', sort, starts_at: startsAt };
        const ty = DEMO_ANNOUNCEMENTS_TY[sort];
        return [
          { ...row, title, content, language: EN },
          ...(ty ? [{ ...row, title: ty[0], content: ty[1], language: TY }] : []),
        ];
      }),
    );
  }
  if (await isEmpty(db, 'notices')) {
    await insertNotices(
      db,
      DEMO_NOTICES.flatMap(([title, content], sort) => {
        const ty = DEMO_NOTICES_TY[sort];
        return [
          { title, content, sort, language: EN },
          ...(ty ? [{ title: ty[0], content: ty[1], sort, language: TY }] : []),
        ];
      }),
    );
  }
  if (await isEmpty(db, 'help_articles')) {
    await insertHelpArticles(
      db,
      DEMO_HELP.map(([category, title, content], sort) => ({ category, title, content, sort })),
    );
  }
}
