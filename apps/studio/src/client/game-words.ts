// The games' own texts (the reality check, the tables, the lottery, crash, the instant-game page shell, the slot, the arcade games), in the launch
// language the frame uses (frame-words.ts): English and Filipino (the platform's TY). Filipino keeps
// the casino terms Filipino players use in English (Free spins, Wild, Scatter, Stake, Auto, Turbo,
// Meron, Wala); numbers and money are formatted the same in both.
import { count, inLanguage } from './words';

type Count = (n: number) => string;

export type GameWords = {
  table: {
    phases: Record<string, string>;
    undo: string;
    clear: string;
    seedHashShown: (no: number) => string;
    clientSeed: string;
    nonce: (nonce: number) => string;
    serverSeed: string;
    verify: string;
    seedRevealedLater: string;
    outcomeDrawn: (hash: string) => string;
    provablyFair: string;
    player: string;
    banker: string;
    betType: string;
    chipValue: string;
    chip: (amount: string) => string;
    placeBet: string;
    repeat: string;
    pickChip: string;
    beadPlate: string;
    bigRoad: string;
    recentNumbers: string;
    yourBets: string;
    myColumns: string[];
    playersThisRound: string;
    playerColumns: string[];
    bettingClosed: string;
    ballLands: (number: string, color: string) => string;
    win: (amount: string) => string;
    opening: string;
    connecting: string;
    round: (no: number) => string;
    noBets: string;
    youWin: (amount: string) => string;
    betPlaced: (bet: string) => string;
    couldNotBet: string;
  };
  lottery: {
    tiers: Record<string, string>;
    betTypeHint: (name: string, picks: number, digits: number, pays: string) => string;
    paysByPrize: (tiers: string) => string;
    paysPerHit: (times: string) => string;
    drawsIn: (clock: string) => string;
    drawing: string;
    betType: string;
    numbers: string;
    numbersPlaceholder: string;
    stake: string;
    stakeIn: (currency: string) => string;
    pickNumbers: string;
    pick: (n: string) => string;
    quickPick: string;
    buyTicket: string;
    replay: string;
    showAll: string;
    show: string;
    provablyFair: string;
    fairIntro: string;
    verifier: string;
    openSeedHash: string;
    revealedSeeds: string;
    beingDrawn: (numero: string) => string;
    drawWon: (numero: string, top: string, won: string) => string;
    drawNoWin: (numero: string, top: string) => string;
    drawTop: (numero: string, top: string) => string;
    firstDraw: string;
    columns: string[];
    outcome: Record<'pending' | 'paying' | 'won' | 'lost' | 'refunding' | 'refunded', string>;
    wonHits: (outcome: string, hits: number) => string;
    noTickets: string;
    noDraws: string;
    seed: (numero: string) => string;
    hash: (hash: string) => string;
    bought: (numero: string) => string;
    couldNotBuy: string;
    yourTicket: string;
    myTickets: string;
    drawHistory: string;
    toClose: (clock: string) => string;
    closed: string;
    draw: string;
    drawsAt: (time: string) => string;
    awaitingClosed: (numero: string, clock: string) => string;
    awaitingDrawing: (numero: string) => string;
    couldNotLoad: string;
    latestDraw: string;
    drawResults: string;
    drawTitle: (numero: string) => string;
    notDrawn: string;
  };
  realityCheck: {
    title: string;
    continuePlaying: string;
    stopPlaying: string;
    timeSinceLogin: (minutes: number) => string;
    netSinceLogin: (currency: string, net: string) => string;
  };
  crash: {
    connecting: string;
    placeBets: (seconds: string) => string;
    starting: string;
    crashedAt: (point: string) => string;
    rising: string;
    lost: string;
    refunded: string;
    enterAmount: string;
    autoNeedsCashout: string;
    roundsRange: string;
    limitsPositive: string;
    allRoundsPlayed: string;
    lossLimitReached: string;
    profitReached: string;
    nextBetPassesLimit: string;
    betRefused: string;
    betAmount: string;
    off: string;
    none: string;
    autoCashoutAt: string;
    rounds: string;
    stopOnLossOf: string;
    stopOnProfitOf: string;
    halfBet: string;
    doubleBet: string;
    cashOut: string;
    cashOutAmount: (amount: string) => string;
    manual: string;
    auto: string;
    stopOnLoss: (currency: string) => string;
    stopOnProfit: (currency: string) => string;
    betMode: string;
    bet: (currency: string) => string;
    autoCashout: string;
    recentPoints: string;
    provablyFair: string;
    playersThisRound: string;
    player: string;
    betColumn: string;
    out: string;
    win: string;
    round: string;
    yourBets: string;
    autoStopped: (reason: string | null, played: number, net: string) => string;
    autoProgress: (placed: number, rounds: number, net: string) => string;
    playersSummary: (players: number, bet: string, won: string) => string;
    noBets: string;
    verifyRound: (id: string | number) => string;
    terminatingHash: string;
    mustHashTo: (id: string | number) => string;
    roundHash: string;
    verify: string;
    hashShownLater: string;
    formula: (salt: string) => string;
    verifier: string;
    betButton: string;
    startAuto: string;
    stopAuto: string;
    autoCashedOut: (point: string, win: string) => string;
    crashedLost: (point: string) => string;
    connectionLost: string;
    noAnswer: string;
    requestFailed: string;
    betPlaced: (amount: string, autoCashout: string | null) => string;
    couldNotBet: string;
    autoOn: (rounds: number, amount: string, cashout: string) => string;
    cashoutRange: string;
    cashedOut: (point: string, win: string, pending: boolean) => string;
    couldNotCashOut: string;
  };
  shell: {
    cannotOpen: string;
    somethingWrong: string;
    win: string;
    history: string;
    time: string;
    stake: string;
    result: string;
    verify: string;
    verifyLink: string;
    noRounds: string;
    provablyFair: string;
    fairIntro: string;
    verifier: string;
    serverSeedHash: string;
    nonce: string;
    clientSeed: string;
    clientSeedSaved: string;
    save: string;
    previousSeed: string;
    revealedLine: (hash: string, clientSeed: string, lastNonce: number) => string;
    rotate: string;
    winPending: string;
    freeSpinsToPlay: Count;
    youWon: (amount: string) => string;
    noWin: string;
    playFreeSpin: (left: number) => string;
    playAll: string;
    welcomeBack: Count;
    roundStatus: (status: string) => string;
  };
  slot: {
    spin: string;
    stopAuto: (left: number) => string;
    stopAutoLabel: Count;
    turbo: string;
    auto: string;
    autoplay: string;
    spins: string;
    numberOfSpins: string;
    stopOnWin: string;
    stopAfterLosing: string;
    lossLimit: string;
    stake: string;
    reels: Count;
    lineWin: (line: number, run: number, name: string, amount: string) => string;
    waysWin: (ways: number, run: number, name: string, amount: string) => string;
    scatter: string;
    winTotal: (amount: string) => string;
    freeSpinsState: (played: number, left: number, multiplier: number) => string;
    tier: { big: string; mega: string; epic: string };
    freeSpinsAwarded: (n: number, more: boolean, multiplier: number) => string;
    summaryFreeSpin: string;
    summaryWins: (wins: number, freeSpins: number) => string;
    linesOrWays: (mode: 'lines' | 'ways', n: number) => string;
    volatility: (volatility: string) => string;
    paytableLabel: string;
    returnToPlayer: string;
    paysAtStake: (stake: string, perLine: string | null) => string;
    lineRules: string;
    waysRules: string;
    symbol: string;
    scatterPay: (n: number, name: string, pay: string | null, multiple: number, spins: number) => string;
    wildRule: (wild: string, scatter: string | null) => string;
    scatterRule: (scatter: string) => string;
    freeSpinRule: (multiplier: number, cap: number) => string;
    line: (n: number) => string;
    close: string;
    serverDecides: string;
    none: string;
    start: string;
    rules: string;
  };
  duel: {
    stake: string;
    duel: string;
    rules: (hands: string) => string;
    you: string;
    opponent: string;
    youHand: (hand: string) => string;
    opponentHand: (hand: string) => string;
    cardLabel: (rank: string, suit: number) => string;
    verdict: { win: string; tie: string; loss: string };
    summary: { win: string; tie: string; loss: string };
  };
  derby: {
    stake: string;
    draw: string;
    slip: (fight: string, label: string) => string;
    betAndFight: string;
    pickSide: string;
    rules: string;
    drawAfter: (seconds: number) => string;
    wins: (name: string, seconds: number) => string;
    pickSideIdle: string;
    placeBet: string;
    summary: { meron: string; wala: string; draw: string };
  };
  match: {
    stake: string;
    betAndPlay: string;
    pickSelection: string;
    maps: string;
    goals: string;
    map: (n: number) => string;
    bestOf3: string;
    kickOff: string;
    end: string;
    fullTime: string;
    overUnder: (selection: string, market: 'goals' | 'maps') => string;
    selection: (market: string, selection: string) => string;
    pickSelectionIdle: string;
    rules: string;
  };
  fish: {
    shots: string;
    shotValue: string;
    perShot: (amount: string) => string;
    target: string;
    anyFish: string;
    payTable: string;
    rules: string;
    fire: string;
    caught: (names: string, captured: number, shots: number) => string;
    noCatch: Count;
    firing: Count;
    shotTally: (shot: number, shots: number, win: string) => string;
    tally: (captured: number, shots: number, win: string) => string;
    summary: (captured: number, shots: number) => string;
    shotCount: Count;
    chooseAndFire: string;
  };
};

const over = (selection: string) => selection === 'over';

const EN: GameWords = {
  table: {
    undo: 'Undo',
    clear: 'Clear',
    seedHashShown: (no) => `Round #${no} server seed hash (shown before betting): `,
    clientSeed: 'Client seed: ',
    nonce: (nonce) => ` · nonce ${nonce}`,
    serverSeed: 'Server seed: ',
    verify: 'Verify',
    seedRevealedLater: 'The seed is revealed with the result.',
    outcomeDrawn: (hash) =>
      `The outcome is drawn from HMAC-SHA256(server seed, "client seed:nonce:cursor") and fixed before betting opens (${hash}).`,
    phases: { betting: 'Place your bets', dealing: 'Dealing', result: 'Result', done: 'Next round soon' },
    provablyFair: 'Provably fair',
    player: 'Player',
    banker: 'Banker',
    betType: 'Bet type',
    chipValue: 'Chip value',
    chip: (amount) => `Chip ${amount}`,
    placeBet: 'Place bet',
    repeat: 'Repeat',
    pickChip: 'Pick a chip, tap the areas',
    beadPlate: 'Bead plate',
    bigRoad: 'Big road',
    recentNumbers: 'Recent numbers',
    yourBets: 'Your bets',
    myColumns: ['Round', 'Bet', 'Stake', 'Win'],
    playersThisRound: 'Players this round',
    playerColumns: ['Player', 'Stake', 'Result'],
    bettingClosed: 'Betting is closed for this round',
    ballLands: (number, color) => `The ball lands on ${number} ${color}`,
    win: (amount) => `Win ${amount}`,
    opening: 'Opening the table…',
    connecting: 'Connecting…',
    round: (no) => `Round #${no}`,
    noBets: 'No bets yet',
    youWin: (amount) => `You win ${amount}`,
    betPlaced: (bet) => `Bet placed: ${bet}`,
    couldNotBet: 'Could not place the bet',
  },
  lottery: {
    tiers: {
      special: 'Special',
      first: '1st',
      second: '2nd',
      third: '3rd',
      fourth: '4th',
      fifth: '5th',
      sixth: '6th',
      seventh: '7th',
      starter: 'Starter',
      consolation: 'Consolation',
    },
    betTypeHint: (name, picks, digits, pays) =>
      `${name}: pick ${count(picks, 'number')} of ${count(digits, 'digit')}; ${pays}`,
    paysByPrize: (tiers) => `pays by prize: ${tiers} the stake`,
    paysPerHit: (times) => `pays ${times}× the stake per hit`,
    drawsIn: (clock) => `draws in ${clock}`,
    drawing: 'drawing…',
    betType: 'Bet type',
    numbers: 'Numbers',
    numbersPlaceholder: 'e.g. 27 or 12,34',
    stake: 'Stake',
    stakeIn: (currency) => `Stake (${currency})`,
    pickNumbers: 'Pick numbers',
    pick: (n) => `Pick ${n}`,
    quickPick: 'Quick pick',
    buyTicket: 'Buy ticket',
    replay: 'Replay draw',
    showAll: 'Show all',
    show: 'Show',
    provablyFair: 'Provably fair',
    fairIntro:
      'Each draw is HMAC-SHA256(server seed, draw id:0:n). The seed’s hash is committed before betting closes and the seed revealed once drawn: check any draw on the ',
    verifier: 'verifier',
    openSeedHash: 'Open draw, server seed hash: ',
    revealedSeeds: 'Revealed seeds',
    beingDrawn: (numero) => `Draw ${numero} is being drawn…`,
    drawWon: (numero, top, won) => `Draw ${numero}: ${top}. You won ${won}!`,
    drawNoWin: (numero, top) => `Draw ${numero}: ${top}. No win this time`,
    drawTop: (numero, top) => `Draw ${numero}: ${top}`,
    firstDraw: 'The first draw is on its way: buy a ticket for it',
    columns: ['Draw', 'Bet', 'Stake', 'Result', 'Win', 'Numbers'],
    outcome: {
      pending: 'pending',
      paying: 'paying',
      won: 'won',
      lost: 'lost',
      refunding: 'refunding',
      refunded: 'refunded',
    },
    wonHits: (outcome, hits) => `${outcome} (${count(hits, 'hit')})`,
    noTickets: 'No tickets yet',
    noDraws: 'No draws yet',
    seed: (numero) => `${numero}: seed `,
    hash: (hash) => ` (hash ${hash})`,
    bought: (numero) => `Ticket bought for draw ${numero}`,
    couldNotBuy: 'Could not buy the ticket',
    yourTicket: 'Your ticket',
    myTickets: 'My tickets',
    drawHistory: 'Draw history',
    toClose: (clock) => `${clock} to close`,
    closed: 'closed',
    draw: 'Draw ',
    drawsAt: (time) => ` · draws at ${time}`,
    awaitingClosed: (numero, clock) => `Draw ${numero} closed · drawn in ${clock}`,
    awaitingDrawing: (numero) => `Draw ${numero} · drawing…`,
    couldNotLoad: 'Could not load the lottery',
    latestDraw: 'Latest draw',
    drawResults: 'Draw results',
    drawTitle: (numero) => `Draw ${numero}`,
    notDrawn: 'not drawn yet',
  },
  realityCheck: {
    title: 'Reality check',
    continuePlaying: 'Continue playing',
    stopPlaying: 'Stop playing',
    timeSinceLogin: (minutes) => `Time since you logged in: ${minutes} min`,
    netSinceLogin: (currency, net) => `Your net result since login: ${currency} ${net}`,
  },
  crash: {
    connecting: 'Connecting…',
    placeBets: (seconds) => `Place your bets: ${seconds} s`,
    starting: 'Starting…',
    crashedAt: (point) => `Crashed at ${point} · next round soon`,
    rising: 'Rising…',
    lost: 'lost',
    refunded: 'refunded',
    enterAmount: 'Enter a bet amount',
    autoNeedsCashout: 'Auto-bet needs an auto cash-out from 1.01× to 10000×',
    roundsRange: 'Rounds: 1 to 1000',
    limitsPositive: 'Limits are positive amounts',
    allRoundsPlayed: 'all rounds played',
    lossLimitReached: 'loss limit reached',
    profitReached: 'profit target reached',
    nextBetPassesLimit: 'the next bet would pass the loss limit',
    betRefused: 'the bet was refused',
    betAmount: 'Bet amount',
    off: 'off',
    none: 'none',
    autoCashoutAt: 'Auto cash-out at (×)',
    rounds: 'Rounds',
    stopOnLossOf: 'Stop on loss of',
    stopOnProfitOf: 'Stop on profit of',
    halfBet: '½ of the bet',
    doubleBet: '2× the bet',
    cashOut: 'Cash out',
    cashOutAmount: (amount) => `Cash out ${amount}`,
    manual: 'Manual',
    auto: 'Auto',
    stopOnLoss: (currency) => `Stop on loss (${currency})`,
    stopOnProfit: (currency) => `Stop on profit (${currency})`,
    betMode: 'Bet mode',
    bet: (currency) => `Bet (${currency})`,
    autoCashout: 'Auto cash-out (×)',
    recentPoints: 'Recent crash points',
    provablyFair: 'Provably fair',
    playersThisRound: 'Players this round',
    player: 'Player',
    betColumn: 'Bet',
    out: 'Out',
    win: 'Win',
    round: 'Round',
    yourBets: 'Your bets',
    autoStopped: (reason, played, net) =>
      `Auto-bet stopped${reason ? `: ${reason}` : ''} · ${count(played, 'round')} played, net ${net}`,
    autoProgress: (placed, rounds, net) => `Auto-bet: ${placed} of ${rounds} · net ${net}`,
    playersSummary: (players, bet, won) => `${count(players, 'player')} · ${bet} bet · ${won} won`,
    noBets: 'No bets yet',
    verifyRound: (id) => `Round ${id}: verify`,
    terminatingHash: 'Chain terminating hash (published before round 1): ',
    mustHashTo: (id) => `Round #${id} must hash to: `,
    roundHash: 'Round hash: ',
    verify: 'Verify',
    hashShownLater: 'The round hash is shown when the round crashes.',
    formula: (salt) => `Crash point = max(1, floor(99 / (1 − X)) / 100), X from HMAC-SHA256(round hash, "${salt}"). `,
    verifier: 'verifier',
    betButton: 'Bet',
    startAuto: 'Start auto-bet',
    stopAuto: 'Stop auto-bet',
    autoCashedOut: (point, win) => `Auto cash-out at ${point}: you win ${win}`,
    crashedLost: (point) => `Crashed at ${point}: your bet is lost`,
    connectionLost: 'Connection lost: check your bets and balance',
    noAnswer: 'No answer from the server: check your bets and balance',
    requestFailed: 'Request failed',
    betPlaced: (amount, autoCashout) => `Bet ${amount} placed${autoCashout ? `, auto cash-out at ${autoCashout}` : ''}`,
    couldNotBet: 'Could not place the bet',
    autoOn: (rounds, amount, cashout) => `Auto-bet on: ${count(rounds, 'round')} at ${amount}, cash-out at ${cashout}`,
    cashoutRange: 'Auto cash-out must be from 1.01× to 10000×',
    cashedOut: (point, win, pending) =>
      `Cashed out at ${point}: you win ${win}${pending ? ' (payment on its way)' : ''}`,
    couldNotCashOut: 'Could not cash out',
  },
  shell: {
    cannotOpen: 'Cannot open the game',
    somethingWrong: 'Something went wrong, please try again',
    win: 'Win',
    history: 'History',
    time: 'Time',
    stake: 'Stake',
    result: 'Result',
    verify: 'Verify',
    verifyLink: 'verify',
    noRounds: 'No rounds yet',
    provablyFair: 'Provably fair',
    fairIntro:
      'Each result is HMAC-SHA256(server seed, client seed:nonce). You see the server seed’s hash before you play; rotating reveals the seed so you can check every round on the ',
    verifier: 'verifier',
    serverSeedHash: 'Server seed hash',
    nonce: 'Nonce',
    clientSeed: 'Client seed',
    clientSeedSaved: 'Client seed saved',
    save: 'Save',
    previousSeed: 'Previous server seed: ',
    revealedLine: (hash, clientSeed, lastNonce) =>
      `hash ${hash} · client seed ${clientSeed} · nonces 0 to ${lastNonce}`,
    rotate: 'Rotate seed (reveal)',
    winPending: 'Your win is being delivered to your wallet…',
    freeSpinsToPlay: (n) => `${count(n, 'free spin')} to play`,
    youWon: (amount) => `You won ${amount}!`,
    noWin: 'No win this time',
    playFreeSpin: (left) => `Play free spin (${left} left)`,
    playAll: 'Play all',
    welcomeBack: (n) => `Welcome back: ${count(n, 'free spin')} ${n === 1 ? 'is' : 'are'} waiting`,
    roundStatus: (status) => status.replace('_', ' '),
  },
  slot: {
    spin: 'Spin',
    stopAuto: (left) => `Stop auto (${left})`,
    stopAutoLabel: (n) => `Stop autoplay, ${count(n, 'spin')} left`,
    turbo: 'Turbo',
    auto: 'Auto',
    autoplay: 'Autoplay',
    spins: 'Spins',
    numberOfSpins: 'Number of spins',
    stopOnWin: 'Stop on any win',
    stopAfterLosing: 'Stop after losing',
    lossLimit: 'Loss limit',
    stake: 'Stake',
    reels: (n) => `${n} reels`,
    lineWin: (line, run, name, amount) => `Line ${line}: ${run}× ${name} ${amount}`,
    waysWin: (ways, run, name, amount) => `${count(ways, 'way')}: ${run}× ${name} ${amount}`,
    scatter: 'Scatter',
    winTotal: (amount) => `Win ${amount}`,
    freeSpinsState: (played, left, multiplier) =>
      `Free spins: ${played} played · ${left} left${multiplier > 1 ? ` · wins ×${multiplier}` : ''}`,
    tier: { big: 'BIG WIN', mega: 'MEGA WIN', epic: 'EPIC WIN' },
    freeSpinsAwarded: (n, more, multiplier) =>
      `${n}${more ? ' MORE' : ''} FREE SPIN${n === 1 ? '' : 'S'}${multiplier > 1 ? ` · wins ×${multiplier}` : ''}`,
    summaryFreeSpin: 'free spin',
    summaryWins: (wins, freeSpins) => `${count(wins, 'win')}${freeSpins ? `, ${freeSpins} FS` : ''}`,
    linesOrWays: (mode, n) => (mode === 'lines' ? `${n} lines` : `${n} ways`),
    volatility: (volatility) => `${volatility} volatility`,
    paytableLabel: 'Paytable and rules',
    returnToPlayer: 'Return to player',
    paysAtStake: (stake, perLine) => `Pays at a stake of ${stake}${perLine ? ` (${perLine} per line)` : ''}.`,
    lineRules:
      'Line wins pay left to right from the first reel; the highest win per line is paid and line wins add up.',
    waysRules:
      'Ways wins pay for matching symbols on adjacent reels from the first reel, in any row; each combination of rows is a way, and a win pays the amount below once per way.',
    symbol: 'Symbol',
    scatterPay: (n, name, pay, multiple, spins) =>
      `${n} × ${name}: ${pay ? `${pay} (${multiple}× the stake)` : 'no pay'}${spins > 0 ? ` + ${spins} free spins` : ''}`,
    wildRule: (wild, scatter) => `${wild} (WILD) stands in for every symbol except ${scatter ?? 'the scatter'}.`,
    scatterRule: (scatter) => `${scatter} (FREE) pays anywhere on the reels:`,
    freeSpinRule: (multiplier, cap) =>
      `Free spins play at the same stake${multiplier > 1 ? ` and every win in them is multiplied by ${multiplier}` : ''}; scatters during free spins award more, up to ${count(cap, 'free spin')} in a round.`,
    line: (n) => `Line ${n}`,
    close: 'Close',
    serverDecides: 'Every result is decided by the server and can be checked on the verifier.',
    none: 'none',
    start: 'Start',
    rules: 'Rules',
  },
  duel: {
    stake: 'Stake',
    duel: 'Duel',
    rules: (hands) =>
      `Three-card duel: the better hand wins 0.95:1 (a 5% commission on wins), a tie returns the stake (${hands}).`,
    you: 'You',
    opponent: 'Opponent',
    youHand: (hand) => `You: ${hand}`,
    opponentHand: (hand) => `Opponent: ${hand}`,
    cardLabel: (rank, suit) => `${rank} of ${['spades', 'hearts', 'diamonds', 'clubs'][suit] ?? ''}`,
    verdict: { win: 'You win', tie: 'Tie', loss: 'You lose' },
    summary: { win: 'win', tie: 'tie', loss: 'loss' },
  },
  derby: {
    stake: 'Stake',
    draw: 'Draw',
    slip: (fight, label) => `Fight ${fight}: ${label}`,
    betAndFight: 'Bet & fight',
    pickSide: 'Pick a side first',
    rules:
      'Decimal odds: a winning bet returns the stake × the odds. A draw refunds Meron and Wala bets (the stake comes back).',
    drawAfter: (seconds) => `Draw after ${seconds}s`,
    wins: (name, seconds) => `${name} wins (${seconds}s)`,
    pickSideIdle: 'Pick a side',
    placeBet: 'Place your bet',
    summary: { meron: 'meron', wala: 'wala', draw: 'draw' },
  },
  match: {
    stake: 'Stake',
    betAndPlay: 'Bet & play',
    pickSelection: 'Pick a selection first',
    maps: 'Maps',
    goals: 'Goals',
    map: (n) => `Map ${n}`,
    bestOf3: 'Best of 3',
    kickOff: 'Kick-off',
    end: 'End',
    fullTime: 'FT',
    overUnder: (selection, market) => `${selection} 2.5 ${market}`,
    selection: (market, selection) => `${market} ${selection}`,
    pickSelectionIdle: 'Pick a selection',
    rules: 'Decimal odds: a winning bet returns the stake × the odds.',
  },
  fish: {
    shots: 'Shots',
    shotValue: 'Shot value',
    perShot: (amount) => `${amount} per shot`,
    target: 'Target',
    anyFish: 'Any fish (random)',
    payTable: 'Pay table',
    rules:
      'The stake is the number of shots × the shot value; a caught fish pays its multiplier × the shot value. A shot aimed at a kind that is not in the sea hits a random fish.',
    fire: 'Fire',
    caught: (names, captured, shots) => `Caught ${names} (${captured} of ${count(shots, 'shot')})`,
    noCatch: (n) => `No catch in ${count(n, 'shot')}`,
    firing: (n) => `Firing ${count(n, 'shot')}…`,
    shotTally: (shot, shots, win) => `Shot ${shot}/${shots} · Win ${win}`,
    tally: (captured, shots, win) => `${captured}/${shots} caught · Win ${win}`,
    summary: (captured, shots) => `${captured}/${shots} caught`,
    shotCount: (n) => count(n, 'shot'),
    chooseAndFire: 'Choose your shots and fire',
  },
};

const TY_STATUS: Record<string, string> = {
  open: 'bukas',
  closed: 'tapos',
  rolled_back: 'ibinalik',
  rolling_back: 'ibinabalik',
};
const TY_COLOURS: Record<string, string> = { red: 'pula', black: 'itim', green: 'berde' };
const TY_SIDES: Record<string, string> = { home: 'Home', away: 'Away', draw: 'Tabla' };
const TY_VOLATILITY: Record<string, string> = { low: 'mababa', medium: 'katamtaman', high: 'mataas' };

const TY: GameWords = {
  table: {
    undo: 'Bawiin',
    clear: 'Burahin',
    seedHashShown: (no) => `Hash ng server seed ng round #${no} (ipinakita bago ang pagtaya): `,
    clientSeed: 'Client seed: ',
    nonce: (nonce) => ` · nonce ${nonce}`,
    serverSeed: 'Server seed: ',
    verify: 'Suriin',
    seedRevealedLater: 'Ibinubunyag ang seed kasabay ng resulta.',
    outcomeDrawn: (hash) =>
      `Ang resulta ay kinukuha mula sa HMAC-SHA256(server seed, "client seed:nonce:cursor") at itinatakda bago magbukas ang pagtaya (${hash}).`,
    phases: {
      betting: 'Ilagay ang taya',
      dealing: 'Nagbabahagi',
      result: 'Resulta',
      done: 'Susunod na round maya-maya',
    },
    provablyFair: 'Provably fair',
    player: 'Player',
    banker: 'Banker',
    betType: 'Uri ng taya',
    chipValue: 'Halaga ng chip',
    chip: (amount) => `Chip ${amount}`,
    placeBet: 'Ilagay ang taya',
    repeat: 'Ulitin',
    pickChip: 'Pumili ng chip, pindutin ang mga puwesto',
    beadPlate: 'Bead plate',
    bigRoad: 'Big road',
    recentNumbers: 'Mga huling numero',
    yourBets: 'Mga taya mo',
    myColumns: ['Round', 'Taya', 'Halaga', 'Panalo'],
    playersThisRound: 'Mga manlalaro ngayong round',
    playerColumns: ['Manlalaro', 'Halaga', 'Resulta'],
    bettingClosed: 'Sarado na ang pagtaya sa round na ito',
    ballLands: (number, color) => `Tumama ang bola sa ${number} ${TY_COLOURS[color] ?? color}`,
    win: (amount) => `Panalo ${amount}`,
    opening: 'Binubuksan ang mesa…',
    connecting: 'Kumokonekta…',
    round: (no) => `Round #${no}`,
    noBets: 'Wala pang taya',
    youWin: (amount) => `Panalo ka ng ${amount}`,
    betPlaced: (bet) => `Nailagay ang taya: ${bet}`,
    couldNotBet: 'Hindi mailagay ang taya',
  },
  lottery: {
    tiers: {
      special: 'Special',
      first: 'Ika-1',
      second: 'Ika-2',
      third: 'Ika-3',
      fourth: 'Ika-4',
      fifth: 'Ika-5',
      sixth: 'Ika-6',
      seventh: 'Ika-7',
      starter: 'Starter',
      consolation: 'Consolation',
    },
    betTypeHint: (name, picks, digits, pays) => `${name}: pumili ng ${picks} numero na may ${digits} digit; ${pays}`,
    paysByPrize: (tiers) => `bayad ayon sa premyo: ${tiers} ng taya`,
    paysPerHit: (times) => `bayad ${times}× ng taya bawat tama`,
    drawsIn: (clock) => `bubunutin sa ${clock}`,
    drawing: 'binubunot…',
    betType: 'Uri ng taya',
    numbers: 'Mga numero',
    numbersPlaceholder: 'hal. 27 o 12,34',
    stake: 'Taya',
    stakeIn: (currency) => `Taya (${currency})`,
    pickNumbers: 'Pumili ng mga numero',
    pick: (n) => `Piliin ang ${n}`,
    quickPick: 'Quick pick',
    buyTicket: 'Bumili ng tiket',
    replay: 'Ulitin ang bunutan',
    showAll: 'Ipakita lahat',
    show: 'Ipakita',
    provablyFair: 'Provably fair',
    fairIntro:
      'Bawat bunutan ay HMAC-SHA256(server seed, draw id:0:n). Ang hash ng seed ay itinatakda bago magsara ang pagtaya at ibinubunyag ang seed kapag nabunot na: suriin ang kahit anong bunutan sa ',
    verifier: 'verifier',
    openSeedHash: 'Bukas na bunutan, hash ng server seed: ',
    revealedSeeds: 'Mga ibinunyag na seed',
    beingDrawn: (numero) => `Binubunot na ang draw ${numero}…`,
    drawWon: (numero, top, won) => `Draw ${numero}: ${top}. Nanalo ka ng ${won}!`,
    drawNoWin: (numero, top) => `Draw ${numero}: ${top}. Walang panalo ngayon`,
    drawTop: (numero, top) => `Draw ${numero}: ${top}`,
    firstDraw: 'Paparating na ang unang bunutan: bumili ng tiket para dito',
    columns: ['Draw', 'Taya', 'Halaga', 'Resulta', 'Panalo', 'Mga numero'],
    outcome: {
      pending: 'naghihintay',
      paying: 'binabayaran',
      won: 'panalo',
      lost: 'talo',
      refunding: 'ibinabalik',
      refunded: 'ibinalik',
    },
    wonHits: (outcome, hits) => `${outcome} (${hits} tama)`,
    noTickets: 'Wala pang tiket',
    noDraws: 'Wala pang bunutan',
    seed: (numero) => `${numero}: seed `,
    hash: (hash) => ` (hash ${hash})`,
    bought: (numero) => `Nabili ang tiket para sa draw ${numero}`,
    couldNotBuy: 'Hindi mabili ang tiket',
    yourTicket: 'Ang tiket mo',
    myTickets: 'Mga tiket ko',
    drawHistory: 'Kasaysayan ng bunutan',
    toClose: (clock) => `${clock} bago magsara`,
    closed: 'sarado',
    draw: 'Draw ',
    drawsAt: (time) => ` · bubunutin ng ${time}`,
    awaitingClosed: (numero, clock) => `Sarado na ang draw ${numero} · bubunutin sa ${clock}`,
    awaitingDrawing: (numero) => `Draw ${numero} · binubunot…`,
    couldNotLoad: 'Hindi ma-load ang lottery',
    latestDraw: 'Pinakahuling bunutan',
    drawResults: 'Mga resulta ng bunutan',
    drawTitle: (numero) => `Draw ${numero}`,
    notDrawn: 'hindi pa nabubunot',
  },
  realityCheck: {
    title: 'Reality check',
    continuePlaying: 'Ituloy ang paglalaro',
    stopPlaying: 'Itigil ang paglalaro',
    timeSinceLogin: (minutes) => `Oras mula nang mag-log in ka: ${minutes} min`,
    netSinceLogin: (currency, net) => `Ang net na resulta mo mula nang mag-log in: ${currency} ${net}`,
  },
  crash: {
    connecting: 'Kumokonekta…',
    placeBets: (seconds) => `Ilagay ang taya: ${seconds} s`,
    starting: 'Magsisimula na…',
    crashedAt: (point) => `Nag-crash sa ${point} · susunod na round maya-maya`,
    rising: 'Tumataas…',
    lost: 'talo',
    refunded: 'ibinalik',
    enterAmount: 'Ilagay ang halaga ng taya',
    autoNeedsCashout: 'Kailangan ng auto-bet ng auto cash-out mula 1.01× hanggang 10000×',
    roundsRange: 'Mga round: 1 hanggang 1000',
    limitsPositive: 'Dapat positibong halaga ang mga limitasyon',
    allRoundsPlayed: 'nalaro na ang lahat ng round',
    lossLimitReached: 'naabot ang limitasyon ng talo',
    profitReached: 'naabot ang target na tubo',
    nextBetPassesLimit: 'lalampas sa limitasyon ng talo ang susunod na taya',
    betRefused: 'tinanggihan ang taya',
    betAmount: 'Halaga ng taya',
    off: 'off',
    none: 'wala',
    autoCashoutAt: 'Auto cash-out sa (×)',
    rounds: 'Mga round',
    stopOnLossOf: 'Huminto kapag natalo ng',
    stopOnProfitOf: 'Huminto kapag tumubo ng',
    halfBet: '½ ng taya',
    doubleBet: '2× ng taya',
    cashOut: 'Cash out',
    cashOutAmount: (amount) => `Cash out ${amount}`,
    manual: 'Manual',
    auto: 'Auto',
    stopOnLoss: (currency) => `Huminto sa talo (${currency})`,
    stopOnProfit: (currency) => `Huminto sa tubo (${currency})`,
    betMode: 'Paraan ng pagtaya',
    bet: (currency) => `Taya (${currency})`,
    autoCashout: 'Auto cash-out (×)',
    recentPoints: 'Mga huling crash point',
    provablyFair: 'Provably fair',
    playersThisRound: 'Mga manlalaro ngayong round',
    player: 'Manlalaro',
    betColumn: 'Taya',
    out: 'Labas',
    win: 'Panalo',
    round: 'Round',
    yourBets: 'Mga taya mo',
    autoStopped: (reason, played, net) =>
      `Huminto ang auto-bet${reason ? `: ${reason}` : ''} · ${played} round ang nalaro, net ${net}`,
    autoProgress: (placed, rounds, net) => `Auto-bet: ${placed} sa ${rounds} · net ${net}`,
    playersSummary: (players, bet, won) => `${players} manlalaro · ${bet} taya · ${won} panalo`,
    noBets: 'Wala pang taya',
    verifyRound: (id) => `Round ${id}: suriin`,
    terminatingHash: 'Terminating hash ng chain (inilathala bago ang round 1): ',
    mustHashTo: (id) => `Ang round #${id} ay dapat mag-hash sa: `,
    roundHash: 'Hash ng round: ',
    verify: 'Suriin',
    hashShownLater: 'Ipinapakita ang hash ng round kapag nag-crash na ito.',
    formula: (salt) =>
      `Crash point = max(1, floor(99 / (1 − X)) / 100), X mula sa HMAC-SHA256(hash ng round, "${salt}"). `,
    verifier: 'verifier',
    betButton: 'Taya',
    startAuto: 'Simulan ang auto-bet',
    stopAuto: 'Itigil ang auto-bet',
    autoCashedOut: (point, win) => `Auto cash-out sa ${point}: panalo ka ng ${win}`,
    crashedLost: (point) => `Nag-crash sa ${point}: talo ang taya mo`,
    connectionLost: 'Naputol ang koneksyon: tingnan ang iyong mga taya at balanse',
    noAnswer: 'Walang sagot mula sa server: tingnan ang iyong mga taya at balanse',
    requestFailed: 'Hindi natuloy ang request',
    betPlaced: (amount, autoCashout) =>
      `Nailagay ang taya na ${amount}${autoCashout ? `, auto cash-out sa ${autoCashout}` : ''}`,
    couldNotBet: 'Hindi mailagay ang taya',
    autoOn: (rounds, amount, cashout) => `Bukas ang auto-bet: ${rounds} round sa ${amount}, cash-out sa ${cashout}`,
    cashoutRange: 'Dapat mula 1.01× hanggang 10000× ang auto cash-out',
    cashedOut: (point, win, pending) =>
      `Nag-cash out sa ${point}: panalo ka ng ${win}${pending ? ' (papunta na ang bayad)' : ''}`,
    couldNotCashOut: 'Hindi maka-cash out',
  },
  shell: {
    cannotOpen: 'Hindi mabuksan ang laro',
    somethingWrong: 'May nangyaring mali, pakisubukan ulit',
    win: 'Panalo',
    history: 'Kasaysayan',
    time: 'Oras',
    stake: 'Taya',
    result: 'Resulta',
    verify: 'Suriin',
    verifyLink: 'suriin',
    noRounds: 'Wala pang round',
    provablyFair: 'Provably fair',
    fairIntro:
      'Bawat resulta ay HMAC-SHA256(server seed, client seed:nonce). Makikita mo ang hash ng server seed bago ka maglaro; kapag pinalitan ito, ibinubunyag ang seed para masuri mo ang bawat round sa ',
    verifier: 'verifier',
    serverSeedHash: 'Hash ng server seed',
    nonce: 'Nonce',
    clientSeed: 'Client seed',
    clientSeedSaved: 'Na-save ang client seed',
    save: 'I-save',
    previousSeed: 'Naunang server seed: ',
    revealedLine: (hash, clientSeed, lastNonce) =>
      `hash ${hash} · client seed ${clientSeed} · mga nonce 0 hanggang ${lastNonce}`,
    rotate: 'Palitan ang seed (ibunyag)',
    winPending: 'Ipinapadala na ang panalo mo sa iyong wallet…',
    freeSpinsToPlay: (n) => `${n} free spin ang lalaruin`,
    youWon: (amount) => `Nanalo ka ng ${amount}!`,
    noWin: 'Walang panalo ngayon',
    playFreeSpin: (left) => `Laruin ang free spin (${left} natitira)`,
    playAll: 'Laruin lahat',
    welcomeBack: (n) => `Maligayang pagbabalik: may ${n} free spin na naghihintay`,
    roundStatus: (status) => TY_STATUS[status] ?? status.replace('_', ' '),
  },
  slot: {
    spin: 'Spin',
    stopAuto: (left) => `Itigil ang auto (${left})`,
    stopAutoLabel: (n) => `Itigil ang autoplay, ${n} spin ang natitira`,
    turbo: 'Turbo',
    auto: 'Auto',
    autoplay: 'Autoplay',
    spins: 'Mga spin',
    numberOfSpins: 'Bilang ng spin',
    stopOnWin: 'Huminto sa anumang panalo',
    stopAfterLosing: 'Huminto kapag natalo ng',
    lossLimit: 'Limitasyon ng talo',
    stake: 'Taya',
    reels: (n) => `${n} reel`,
    lineWin: (line, run, name, amount) => `Linya ${line}: ${run}× ${name} ${amount}`,
    waysWin: (ways, run, name, amount) => `${ways} way: ${run}× ${name} ${amount}`,
    scatter: 'Scatter',
    winTotal: (amount) => `Panalo ${amount}`,
    freeSpinsState: (played, left, multiplier) =>
      `Free spins: ${played} nalaro · ${left} natitira${multiplier > 1 ? ` · panalo ×${multiplier}` : ''}`,
    tier: { big: 'BIG WIN', mega: 'MEGA WIN', epic: 'EPIC WIN' },
    freeSpinsAwarded: (n, more, multiplier) =>
      `${more ? 'DAGDAG NA ' : ''}${n} FREE SPIN${multiplier > 1 ? ` · panalo ×${multiplier}` : ''}`,
    summaryFreeSpin: 'free spin',
    summaryWins: (wins, freeSpins) => `${wins} panalo${freeSpins ? `, ${freeSpins} FS` : ''}`,
    linesOrWays: (mode, n) => (mode === 'lines' ? `${n} linya` : `${n} way`),
    volatility: (volatility) => `${TY_VOLATILITY[volatility] ?? volatility} na volatility`,
    paytableLabel: 'Paytable at mga patakaran',
    returnToPlayer: 'Return to player',
    paysAtStake: (stake, perLine) => `Bayad sa taya na ${stake}${perLine ? ` (${perLine} bawat linya)` : ''}.`,
    lineRules:
      'Ang panalo sa linya ay binibilang mula kaliwa pakanan simula sa unang reel; ang pinakamataas na panalo sa bawat linya ang ibinabayad at pinagsasama ang mga panalo sa linya.',
    waysRules:
      'Ang panalo sa ways ay para sa magkakaparehong simbolo sa magkakatabing reel simula sa unang reel, sa kahit anong hilera; bawat kombinasyon ng hilera ay isang way, at ang halaga sa ibaba ay ibinabayad nang isang beses bawat way.',
    symbol: 'Simbolo',
    scatterPay: (n, name, pay, multiple, spins) =>
      `${n} × ${name}: ${pay ? `${pay} (${multiple}× ng taya)` : 'walang bayad'}${spins > 0 ? ` + ${spins} free spin` : ''}`,
    wildRule: (wild, scatter) =>
      `Ang ${wild} (WILD) ay pamalit sa lahat ng simbolo maliban sa ${scatter ?? 'scatter'}.`,
    scatterRule: (scatter) => `Ang ${scatter} (FREE) ay nagbabayad kahit saan sa mga reel:`,
    freeSpinRule: (multiplier, cap) =>
      `Ang free spins ay nilalaro sa parehong taya${multiplier > 1 ? ` at bawat panalo dito ay pinaparami ng ${multiplier}` : ''}; ang mga scatter habang free spins ay nagbibigay ng dagdag, hanggang ${cap} free spin sa isang round.`,
    line: (n) => `Linya ${n}`,
    close: 'Isara',
    serverDecides: 'Ang bawat resulta ay itinatakda ng server at masusuri sa verifier.',
    none: 'wala',
    start: 'Simulan',
    rules: 'Patakaran',
  },
  duel: {
    stake: 'Taya',
    duel: 'Duel',
    rules: (hands) =>
      `Three-card duel: ang mas malakas na kamay ang panalo ng 0.95:1 (5% na komisyon sa panalo), sa tabla ibinabalik ang taya (${hands}).`,
    you: 'Ikaw',
    opponent: 'Kalaban',
    youHand: (hand) => `Ikaw: ${hand}`,
    opponentHand: (hand) => `Kalaban: ${hand}`,
    cardLabel: (rank, suit) => `${rank} ng ${['spade', 'heart', 'diamond', 'club'][suit] ?? ''}`,
    verdict: { win: 'Panalo ka', tie: 'Tabla', loss: 'Talo ka' },
    summary: { win: 'panalo', tie: 'tabla', loss: 'talo' },
  },
  derby: {
    stake: 'Taya',
    draw: 'Draw',
    slip: (fight, label) => `Laban ${fight}: ${label}`,
    betAndFight: 'Tumaya at ilaban',
    pickSide: 'Pumili muna ng panig',
    rules:
      'Decimal odds: ang panalong taya ay nagbabalik ng taya × odds. Sa draw, ibinabalik ang mga taya sa Meron at Wala (babalik ang taya).',
    drawAfter: (seconds) => `Draw pagkatapos ng ${seconds}s`,
    wins: (name, seconds) => `Panalo si ${name} (${seconds}s)`,
    pickSideIdle: 'Pumili ng panig',
    placeBet: 'Ilagay ang taya mo',
    summary: { meron: 'meron', wala: 'wala', draw: 'draw' },
  },
  match: {
    stake: 'Taya',
    betAndPlay: 'Tumaya at maglaro',
    pickSelection: 'Pumili muna ng taya',
    maps: 'Mga map',
    goals: 'Mga goal',
    map: (n) => `Map ${n}`,
    bestOf3: 'Best of 3',
    kickOff: 'Kick-off',
    end: 'Tapos',
    fullTime: 'FT',
    overUnder: (selection, market) =>
      `${over(selection) ? 'Higit sa' : 'Kulang sa'} 2.5 ${market === 'goals' ? 'goal' : 'map'}`,
    selection: (market, selection) =>
      `${market === 'winner' ? 'Panalo' : market.toUpperCase()} ${TY_SIDES[selection] ?? selection}`,
    pickSelectionIdle: 'Pumili ng taya',
    rules: 'Decimal odds: ang panalong taya ay nagbabalik ng taya × odds.',
  },
  fish: {
    shots: 'Mga tira',
    shotValue: 'Halaga ng tira',
    perShot: (amount) => `${amount} bawat tira`,
    target: 'Puntirya',
    anyFish: 'Kahit anong isda (random)',
    payTable: 'Talaan ng bayad',
    rules:
      'Ang taya ay bilang ng tira × halaga ng tira; ang nahuling isda ay nagbabayad ng multiplier nito × halaga ng tira. Ang tirang nakapuntirya sa isdang wala sa dagat ay tatama sa random na isda.',
    fire: 'Tira',
    caught: (names, captured, shots) => `Nahuli ang ${names} (${captured} sa ${shots} tira)`,
    noCatch: (n) => `Walang nahuli sa ${n} tira`,
    firing: (n) => `Nagpapaputok ng ${n} tira…`,
    shotTally: (shot, shots, win) => `Tira ${shot}/${shots} · Panalo ${win}`,
    tally: (captured, shots, win) => `${captured}/${shots} nahuli · Panalo ${win}`,
    summary: (captured, shots) => `${captured}/${shots} nahuli`,
    shotCount: (n) => `${n} tira`,
    chooseAndFire: 'Piliin ang tira mo at magpaputok',
  },
};

/** The games' words in `language` (the platform's code, TY for Filipino); English otherwise. */
export function gameWords(language: unknown): GameWords {
  return inLanguage({ EN, TY }, language);
}
