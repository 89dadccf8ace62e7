import { bannerImageUrl } from '@gamehall/shared/api/catalogue';
import type { Conn } from '../database';
import {
  insertAnnouncements,
  insertBanners,
  insertHelpArticles,
  insertNotices,
  insertResources,
  isEmpty,
} from './seed.queries';

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
  ['IOS', 'ios', 'iOS app', '/download/ios'],
  ['ANDROID', 'android', 'Android app', '/download/android'],
  ['CUSTOMER_SERVICE', 'customer-service', 'Customer service', '/help'],
];

// linkage_type: 'ROUTE' opens a path of the site, 'URL' an outside address; null is not clickable.
export const DEMO_BANNERS: [
  group: string,
  slug: string,
  title: string,
  linkage: 'ROUTE' | 'URL' | null,
  link: string | null,
][] = [
  ['w_login', 'login-welcome', 'Welcome back', null, null],
  ['w_register', 'register-bonus', 'Join today: 100% first deposit bonus', 'ROUTE', '/promotions'],
  ['w_forget', 'forget-help', 'We are here to help', 'ROUTE', '/help'],
  ['w_home', 'home-welcome', 'Welcome bonus 100% on your first deposit', 'ROUTE', '/promotions'],
  ['w_home', 'home-slots', '10,000+ slot games', 'ROUTE', '/rng'],
  ['w_home', 'home-live', 'Live casino with real dealers', 'ROUTE', '/live'],
  ['w_home', 'home-sports', 'Every match, every market', 'ROUTE', '/sports'],
  ['w_activity', 'activity-first-deposit', 'First deposit bonus 100%', 'ROUTE', '/promotions'],
  ['w_activity', 'activity-daily-rebate', 'Daily rebate up to 1.2%', 'ROUTE', '/promotions'],
  ['w_activity', 'activity-vip', 'VIP club rewards', 'ROUTE', '/promotions'],
  ['w_activity', 'activity-referral', 'Invite friends, earn together', 'ROUTE', '/promotions'],
  ['w_activity', 'activity-app', 'Play anywhere with our app', 'ROUTE', '/down'],
  ['w_model', 'model-asia-gaming', 'Asia Gaming live tables', 'ROUTE', '/live?vassalage=AG'],
  ['w_model', 'model-playtech', 'Playtech slots and live', 'ROUTE', '/rng?vassalage=PT'],
  ['w_model', 'model-jili', 'JILI arcade favourites', 'ROUTE', '/jili'],
  ['w_model', 'model-responsible', 'Play responsibly', 'URL', 'https://www.begambleaware.org'],
];

// type: B banner, PL player, PU popup, PR promotion, H headline (spec §7 getListAnnouncements);
// audience: A logged in, B visitor, F first login (spec §4).
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
    'Create your account in one minute and claim a 100% first deposit bonus. Over 10,000 games are waiting for you.',
    'NEWBIE',
  ],
  [
    'PU',
    'A',
    'Weekend reload bonus',
    'Deposit from Friday to Sunday and get 20% extra, up to {currency} 2,000. Rollover 10x on slots.',
    'DEPOSIT',
  ],
  [
    'PU',
    'F',
    'Your first steps',
    'Bind a bank account, set a payment password and make your first deposit to unlock your welcome bonus.',
    'NEWBIE',
  ],
  [
    'PU',
    'A',
    'Scheduled maintenance',
    'Sports betting will be unavailable on Tuesday from 02:00 to 04:00 while our provider upgrades its systems.',
    null,
  ],
  [
    'PR',
    'A',
    'Daily slot rebate 1.2%',
    'Every valid slot bet earns a 1.2% rebate, paid to your wallet every day at noon. No rollover.',
    'REBATE',
  ],
  [
    'PR',
    'B',
    'Invite friends, earn together',
    'Share your referral link. When a friend deposits, you both receive a bonus ticket.',
    'REFERRAL',
  ],
  [
    'PR',
    'A',
    'Live casino cash back',
    'Lost on the live tables this week? Get 5% of your net loss back every Monday.',
    'LIVE',
  ],
  [
    'PR',
    'A',
    'App download gift',
    'Log in from our mobile app for the first time and receive 50 points.',
    'APP_DOWNLOAD',
  ],
  ['B', 'A', 'New games every week', 'Fresh slot titles from JILI, CQ9 and Playtech land every Thursday.', null],
  [
    'B',
    'B',
    'Secure deposits',
    'Deposits are credited in minutes. We never ask for your password by phone or chat.',
    null,
  ],
  [
    'PL',
    'A',
    'Protect your account',
    'Turn on login verification and never share your verification codes with anyone, including our staff.',
    null,
  ],
  ['PL', 'A', 'VIP upgrade', 'Deposit {amount} this month to reach the next VIP level and raise your rebate.', null],
  [
    'H',
    'A',
    'Jackpot counter',
    'The simulated jackpot counter on the home page has passed {currency} 31,000,000.',
    null,
  ],
  ['H', 'B', 'Register and win', 'Register today and spin the prize wheel for free.', 'NEWBIE'],
];

export const DEMO_NOTICES: [title: string, content: string][] = [
  ['Sports maintenance on Tuesday', 'Sports betting is unavailable Tuesday 02:00-04:00 (GMT+8).'],
  ['New JILI games', 'Ten new JILI titles are now in the slot lobby.'],
  ['Deposit channels updated', 'GCash and Maya deposits are now credited within five minutes.'],
  ['Withdrawal times', 'Withdrawals requested before 22:00 are paid the same day.'],
  ['Weekend reload bonus', 'Deposit this weekend and receive 20% extra.'],
  ['VIP birthday gift', 'VIP members receive a birthday bonus; keep your birthday up to date in your profile.'],
  ['Beware of scams', 'Our staff never ask for your password or verification code.'],
  ['Live casino new tables', 'Speed Baccarat tables are now open around the clock.'],
  ['Lottery results', 'Lottery results are published within five minutes of each draw.'],
  ['App update', 'Update the mobile app to the latest version for faster game loading.'],
  ['Points mall restocked', 'New rewards are available in the points mall. Points never expire.'],
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
    'Bank transfers can take up to 30 minutes. If your balance has not changed after that, contact customer service with the transaction reference and a screenshot of the payment receipt.',
  ],
  [
    'Withdrawals',
    'How do I withdraw my winnings?',
    'Bind a bank account or e-wallet in the member centre, then choose Withdraw, enter the amount and your payment password. Withdrawals are reviewed and paid to the account you bound.',
  ],
  [
    'Withdrawals',
    'Why is my withdrawal pending?',
    'A withdrawal stays pending while we check the turnover requirement of any bonus you accepted. Requests made before 22:00 are usually paid the same day.',
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
    'Setting limits and taking a break',
    'Contact customer service to set a deposit limit or to exclude yourself for a period. Limits take effect immediately and cannot be raised until the period ends.',
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
      DEMO_BANNERS.map(([group, slug, title, linkage, link], sort) => ({
        group_name: group,
        title,
        image_url: bannerImageUrl(slug),
        linkage_type: linkage,
        link_url: link,
        sort,
      })),
    );
  }
  if (await isEmpty(db, 'announcements')) {
    // Started a day ago so they show at once even when the clock of a test has moved.
    const startsAt = new Date(now.getTime() - 24 * 3600_000);
    await insertAnnouncements(
      db,
      DEMO_ANNOUNCEMENTS.map(([type, audience, title, content, promo], sort) => ({
        type,
        audience,
        title,
        content,
        promotion_type: promo,
        execution: 'B',
        sort,
        starts_at: startsAt,
      })),
    );
  }
  if (await isEmpty(db, 'notices')) {
    await insertNotices(
      db,
      DEMO_NOTICES.map(([title, content], sort) => ({ title, content, sort })),
    );
  }
  if (await isEmpty(db, 'help_articles')) {
    await insertHelpArticles(
      db,
      DEMO_HELP.map(([category, title, content], sort) => ({ category, title, content, sort })),
    );
  }
}
