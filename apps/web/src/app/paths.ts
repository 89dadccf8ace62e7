// spec §2 route table: the one place that names the site's paths.
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  /** The forgot-by-email link (spec §4): /resetPassword?token=... */
  resetPassword: '/resetPassword',
  help: '/help',
  /** Feedback for anyone (spec: not members-only); members also have it in the member centre. */
  feedback: '/feedback',
  promotions: '/promotions',
  pointMall: '/pointMall',
  seamless: '/seamless',
  /** A game's free trial in the page (a guest's too, with FREEPLAY3): /try?nodeId=... */
  freePlay: '/try',
  lobby: '/lobby',
  winners: '/winners',
  lottery: '/lottery',
  seaLottery: '/seaLottery',
  vnLottery: '/vnLottery',
  agentHome: '/agentHome',
  /** spec §2 agent centre menu: /agentHome/<entry> (features/agents/menu.ts). */
  agentEntry: (name: string) => `/agentHome/${name}`,
  down: '/down',
  /** The pages a licensed site shows: /legal/terms, /legal/privacy, ... (lib/legal-links.ts). */
  legal: (slug: string) => `/legal/${slug}`,
  member: '/member',
  securityCenter: '/member/securityCenter',
  profile: '/member/profile',
  /** The VIP page (docs/vip.md), linked from the header's level badge and the member centre. */
  vip: '/member/vip',
  memberEntry: (name: string) => `/member/${name}`,
  category: (gameType: string) => categoryPath(gameType),
} as const;

/** spec §2: category routes and the game type each one lists. */
export const CATEGORY_ROUTES: Readonly<Record<string, string>> = {
  sports: 'SPORTS',
  esports: 'ESPORTS',
  live: 'LIVE',
  lott: 'LOTT',
  elott: 'ELOTT',
  fish: 'FISH',
  pvp: 'PVP',
  rng: 'RNG',
  cockfight: 'COCKFIGHT',
  jili: 'JL',
  mini: 'MINI',
};

/**
 * The route of a game type: the one lookup behind paths.category, so a game type whose route is
 * not its lower-cased code (JL lists under /jili, spec §2) still lands on its page.
 */
export function categoryPath(gameType: string): string {
  const upper = gameType.toUpperCase();
  const route = Object.keys(CATEGORY_ROUTES).find((r) => CATEGORY_ROUTES[r] === upper);
  return `/${route ?? gameType.toLowerCase()}`;
}

/** spec §2: these pages need a session; without a token the guard goes to /login. */
export const SIGN_IN_ROUTES = [paths.lottery, paths.seaLottery, paths.vnLottery, paths.seamless, paths.member];

/** spec §2 "Pages counted as game pages" (header only, no footer). */
export const GAME_PAGES = [paths.seamless, paths.freePlay, paths.lottery, paths.vnLottery, paths.seaLottery];

export function needsSignIn(pathname: string): boolean {
  return SIGN_IN_ROUTES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** spec §2 member centre menu, in order; `ready` marks the entries this build fills. */
export const MEMBER_MENU = [
  { name: 'securityCenter', key: 'member.menu.securityCenter' },
  { name: 'profile', key: 'member.menu.profile' },
  { name: 'transferFund', key: 'member.menu.transferFund' },
  { name: 'depositv2', key: 'member.menu.depositv2' },
  { name: 'withdraw', key: 'member.menu.withdraw' },
  { name: 'bankAccount', key: 'wallet.menu.bankAccount' },
  { name: 'transferUpline', key: 'member.menu.transferUpline' },
  { name: 'personalHistoryCopy', key: 'member.menu.personalHistoryCopy' },
  { name: 'transactionHistory', key: 'member.menu.transactionHistory' },
  { name: 'personalProfit', key: 'member.menu.personalProfit' },
  { name: 'bonusDetails', key: 'member.menu.bonusDetails' },
  { name: 'rewardCenter', key: 'member.menu.rewardCenter', badge: 'availablePromoCount' },
  { name: 'vip', key: 'member.menu.vip' },
  { name: 'referral', key: 'member.menu.referral' },
  { name: 'tickets', key: 'member.menu.tickets' },
  { name: 'missionLeaderboard', key: 'member.menu.missionLeaderboard', badge: 'missionCount' },
  { name: 'messageV2', key: 'member.menu.messageV2', badge: 'unreadMessage' },
  { name: 'feedback', key: 'member.menu.feedback' },
  // spec §1 "chat room", §6 Member: the public room, beside the inbox and feedback.
  { name: 'chatRoom', key: 'member.menu.chatRoom' },
  { name: 'manualRebate', key: 'member.menu.manualRebate' },
  { name: 'verification', key: 'member.menu.verification' },
  { name: 'responsiblePlay', key: 'member.menu.responsiblePlay' },
] as const;
