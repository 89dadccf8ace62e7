// The games feature's route modules, in one lazy chunk (app/router.tsx).
export { BettingRecordPage } from './betting-record-page';
export { FreePlayPage } from './free-play-page';
export { GameCentrePage, LobbyPage } from './game-centre-page';
export { LotteryRoute, SeaLotteryRoute, VnLotteryRoute } from './lottery-page';
export { PersonalProfitPage } from './personal-profit-page';
export { SeamlessPage } from './seamless-page';
export { WinnersPage } from './winners-page';
