// The games' own texts (the tables, the lottery, crash, the instant-game page shell, the slot, the
// arcade games), in English and Filipino (the platform's TY); the kit's words every page shares (the
// frame, the reality check, the request errors) are kit-words.ts's, in every platform language.
// Filipino keeps the casino terms Filipino players use in English (Free spins, Wild, Scatter, Stake,
// Auto, Turbo, Meron, Wala); numbers and money are formatted the same in both.
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
    /** The betting areas' names: baccarat's five and roulette's outside bets (table-present spotLabel). */
    spots: Record<string, string>;
    /** A roulette number's colour (red, black, green). */
    colours: Record<string, string>;
    /** Roulette's inside bets, named with their numbers ("17/20"). */
    inside: {
      straight: (n: string, colour: string) => string;
      split: (numbers: string) => string;
      street: (numbers: string) => string;
      trio: (numbers: string) => string;
      corner: (numbers: string) => string;
      firstFour: (numbers: string) => string;
      sixLine: (from: string, to: string) => string;
    };
    /** The bet type picker: each type's name and what a tap means in it. */
    betTypes: Record<'straight' | 'split' | 'street' | 'corner' | 'line', { name: string; hint: string }>;
    /** What a screen reader hears after an area's name: the player's chips on it. */
    yourBetOn: (amount: string) => string;
    toPlaceOn: (amount: string) => string;
    /** The slip: the chips not yet sent and their total. */
    toPlace: (spots: string, total: string) => string;
    keys: (chips: number, roulette: boolean) => string;
    bettingAreas: string;
    tieVerdict: (player: number, banker: number) => string;
    winsVerdict: (side: 'player' | 'banker', high: number, low: number) => string;
    naturalBoth: string;
    naturalPlayer: (total: number) => string;
    naturalBanker: (total: number) => string;
    natural: (who: string) => string;
    playerDraws: (total: number, card: string) => string;
    playerStands: (total: number) => string;
    bankerAgainstThird: (banker: number, third: number) => string;
    bankerPlayerStood: (banker: number) => string;
    bankerDraws: (rule: string, card: string) => string;
    bankerStands: (rule: string) => string;
    /** Card names for screen readers, by rank less one (0 ace .. 12 king) and suit (spades, hearts, diamonds, clubs). */
    ranks: string[];
    suits: string[];
    card: (rank: string, suit: string) => string;
    beadPlateOf: (rounds: number) => string;
    bigRoadOf: (results: number) => string;
    roadRound: (no: number, result: string) => string;
    thenTies: Count;
    roundNo: (no: number) => string;
    lost: string;
    refunded: string;
  };
  lottery: {
    tiers: Record<string, string>;
    /** The bet types by the engine's code (engines/lottery LOTTERY_BET_TYPES; the English are the engine's names). */
    betTypeNames: Record<string, string>;
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
  /** The public verifier page (fair.ts). */
  fair: {
    title: string;
    intro: string;
    pastRound: string;
    roundIdPlaceholder: string;
    load: string;
    serverSeed: string;
    seedPlaceholder: string;
    clientSeed: string;
    nonce: string;
    gameCode: string;
    vendor: string;
    bet: string;
    betPlaceholder: string;
    verify: string;
    roundSummary: (id: string, stake: string, win: string, steps: number) => string;
    seedRevealed: string;
    seedSecret: string;
    couldNotLoad: string;
    notJson: string;
    seedSha: string;
    hashMatches: string;
    hashDiffers: string;
    committedDiffers: string;
    outcomeSame: string;
    outcomeDiffers: string;
    stakeTotalWin: (stake: string) => string;
    steps: Count;
    noWebCrypto: string;
    failed: string;
    browserTitle: string;
    browserIntro: string;
    cursorFloat: (cursor: string, float: string) => string;
    /** The fair stream's form as the verify API states it (verify.ts FAIR_STREAM_FORM), in the page's words. */
    streamForm: { block: string; cursor: string; float: string };
    browserSha: string;
    browserHashOk: string;
    browserHashBad: string;
    blockColumns: string[];
    browserSame: (blocks: number) => string;
    browserDiffers: (differ: number, blocks: number) => string;
    crashTitle: string;
    crashIntro: string;
    roundHash: string;
    roundHashPlaceholder: string;
    previousHash: string;
    previousPlaceholder: string;
    verifyCrash: string;
    crashPoint: string;
    addPrevious: string;
    linkVerified: string;
    linkBroken: string;
    browserCrash: (salt: string, x: string, point: string) => string;
    linkHolds: string;
    linkNotHolds: string;
    sameAsServer: string;
    notServer: string;
    /** The card room's deals (fair.ts pvpPanel). */
    pvpTitle: string;
    pvpIntro: string;
    pvpGame: string;
    holdem: string;
    tongits: string;
    clientSeeds: string;
    committedHash: string;
    dealer: string;
    seats: string;
    verifyDeal: string;
    deck: string;
    seatCards: (seat: number) => string;
    board: string;
    stock: string;
    noDeal: string;
  };
  /** A game's title when the launch named none: its kind of game (game-title.ts engineTitle). */
  titles: Record<
    'slot' | 'fish' | 'duel' | 'match' | 'derby' | 'lottery' | 'crash' | 'baccarat' | 'roulette' | 'game',
    string
  >;
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
    spots: {
      player: 'Player',
      banker: 'Banker',
      tie: 'Tie',
      playerPair: 'P pair',
      bankerPair: 'B pair',
      red: 'Red',
      black: 'Black',
      odd: 'Odd',
      even: 'Even',
      low: '1 to 18',
      high: '19 to 36',
      dozen1: '1st 12',
      dozen2: '2nd 12',
      dozen3: '3rd 12',
      column1: 'Column 1',
      column2: 'Column 2',
      column3: 'Column 3',
    },
    colours: { red: 'red', black: 'black', green: 'green' },
    inside: {
      straight: (n, colour) => `${n} ${colour}`,
      split: (numbers) => `Split ${numbers}`,
      street: (numbers) => `Street ${numbers}`,
      trio: (numbers) => `Trio ${numbers}`,
      corner: (numbers) => `Corner ${numbers}`,
      firstFour: (numbers) => `First four ${numbers}`,
      sixLine: (from, to) => `Six line ${from}–${to}`,
    },
    betTypes: {
      straight: { name: 'Straight', hint: 'Tap a number or an outside bet' },
      split: { name: 'Split', hint: 'Tap the line between two numbers' },
      street: { name: 'Street', hint: 'Tap a row of three (or 0 for a trio)' },
      corner: { name: 'Corner', hint: 'Tap where four numbers meet (or 0 for the first four)' },
      line: { name: 'Line', hint: 'Tap the edge between two rows of three' },
    },
    yourBetOn: (amount) => `your bet ${amount}`,
    toPlaceOn: (amount) => `${amount} to place`,
    toPlace: (spots, total) => `To place: ${spots} = ${total}`,
    keys: (chips, roulette) =>
      `Keys: 1–${chips} chip, ${roulette ? 'T bet type, arrows move on the layout, ' : ''}Z undo, C clear, R repeat, Space place bet`,
    bettingAreas: 'Betting areas',
    tieVerdict: (player, banker) => `Tie ${player}–${banker}`,
    winsVerdict: (side, high, low) => `${side === 'player' ? 'Player' : 'Banker'} wins ${high}–${low}`,
    naturalBoth: 'both hands',
    naturalPlayer: (total) => `the player's ${total}`,
    naturalBanker: (total) => `the banker's ${total}`,
    natural: (who) => `Natural (${who}): no third cards`,
    playerDraws: (total, card) => `Player ${total} draws (0-5 draw): ${card}`,
    playerStands: (total) => `Player stands on ${total}`,
    bankerAgainstThird: (banker, third) => `banker ${banker} against the player's third card ${third}`,
    bankerPlayerStood: (banker) => `banker ${banker}, player stood`,
    bankerDraws: (rule, card) => `Banker draws (${rule}): ${card}`,
    bankerStands: (rule) => `Banker stands (${rule})`,
    ranks: ['ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king'],
    suits: ['spades', 'hearts', 'diamonds', 'clubs'],
    card: (rank, suit) => `${rank} of ${suit}`,
    beadPlateOf: (rounds) => `Bead plate, ${count(rounds, 'round')}`,
    bigRoadOf: (results) => `Big road, ${count(results, 'result')}`,
    roadRound: (no, result) => `Round #${no}: ${result}`,
    thenTies: (n) => `, then ${count(n, 'tie')}`,
    roundNo: (no) => `Round #${no}`,
    lost: 'lost',
    refunded: 'refunded',
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
    betTypeNames: {
      lo2: 'Lô 2 số (last 2 digits of every prize, paid per hit)',
      lo3: 'Lô 3 số (last 3 digits of the 23 prizes of 3+ digits, per hit)',
      de: 'Đề (last 2 digits of the special prize)',
      de3: '3 càng (last 3 digits of the special prize)',
      dau: 'Đầu (tens digit of the special prize)',
      duoi: 'Đuôi (last digit of the special prize)',
      xien2: 'Xiên 2 (two 2-digit numbers both among the endings)',
      big: '4D Big (any of the 23 prizes)',
      small: '4D Small (first, second or third prize)',
      straight: '4D Straight (first prize)',
      last2: '2D (last 2 digits of the first prize)',
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
  fair: {
    title: 'Provably fair verifier',
    intro:
      'Every outcome is drawn from HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>:<cursor>"), both as UTF-8 text; the cursor is 0 for the first 32 bytes and counts up for each further 32-byte block (step k of a round with free spins starts at cursor k × 65536); each 4 bytes, big-endian, / 2^32 make one number in [0, 1). Enter a round’s values (or its id) to recompute it: the server replays the game, and your browser recomputes the HMAC and numbers itself.',
    pastRound: 'Past round ',
    roundIdPlaceholder: 'round id',
    load: 'Load',
    serverSeed: 'Server seed',
    seedPlaceholder: '64 hex characters',
    clientSeed: 'Client seed',
    nonce: 'Nonce',
    gameCode: 'Game code',
    vendor: 'Vendor',
    bet: 'Bet (JSON)',
    betPlaceholder: '{"coin":1} (empty: the smallest bet)',
    verify: 'Verify',
    roundSummary: (id, stake, win, steps) =>
      `Round ${id}: stake ${stake}, win ${win}, ${count(steps, 'step')}, committed hash `,
    seedRevealed: 'The server seed has been revealed: press Verify.',
    seedSecret: 'The server seed is still secret: rotate the seed in the game, then verify.',
    couldNotLoad: 'Could not load the round',
    notJson: 'The bet is not valid JSON',
    seedSha: 'SHA-256 of the server seed: ',
    hashMatches: '✔ The seed matches the hash shown before the round.',
    hashDiffers: '✘ The seed does not match the hash shown before the round.',
    committedDiffers: '✘ The seed does not match the committed hash.',
    outcomeSame: '✔ Recomputed outcome equals the recorded round.',
    outcomeDiffers: '✘ The recomputed outcome differs from the recorded round.',
    stakeTotalWin: (stake) => `Stake ${stake} · total win `,
    steps: (n) => ` · ${count(n, 'step')}`,
    noWebCrypto: 'This browser cannot compute HMAC-SHA256 here (WebCrypto needs HTTPS).',
    failed: 'Verification failed',
    browserTitle: 'Recomputed in this browser',
    browserIntro: 'Your browser computed these with WebCrypto from the seeds above, without the server: ',
    cursorFloat: (cursor, float) => `; cursor ${cursor}; float = ${float}.`,
    streamForm: {
      block: 'HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>:<cursor>"), both UTF-8 text',
      cursor: '0, 1, 2, ... one per 32-byte block; step k of a round starts at cursor k * 65536',
      float: 'each 4 bytes, big-endian, / 2^32',
    },
    browserSha: 'SHA-256 of the server seed (browser): ',
    browserHashOk: '✔ Your browser finds the seed matches the hash committed before the round.',
    browserHashBad: '✘ Your browser finds the seed does not match the committed hash.',
    blockColumns: ['step', 'message', 'HMAC (browser)', 'HMAC (server)', 'floats (browser)', 'same'],
    browserSame: (blocks) =>
      `✔ Your browser computed the same ${count(blocks, 'block')} and floats the server replayed.`,
    browserDiffers: (differ, blocks) =>
      `✘ ${differ} of ${count(blocks, 'block')} differ from what your browser computed.`,
    crashTitle: 'Crash round',
    crashIntro:
      'Crash point = max(1.00, floor(99 / (1 − X)) / 100) with X the first 52 bits of HMAC-SHA256(key = round hash as its 64 hex characters, message = salt) / 2^52; the chain link holds when SHA-256(round hash as text) = the previous round’s hash. Your browser recomputes both.',
    roundHash: 'Round hash',
    roundHashPlaceholder: 'round hash (64 hex)',
    previousHash: 'Previous hash',
    previousPlaceholder: 'previous round hash (optional)',
    verifyCrash: 'Verify crash',
    crashPoint: 'Crash point: ',
    addPrevious: 'Add the previous round hash to check the chain link.',
    linkVerified: 'Chain link verified: SHA-256(round hash) = previous hash.',
    linkBroken: 'Chain link does NOT match.',
    browserCrash: (salt, x, point) => `Your browser (WebCrypto, salt "${salt}"): X = ${x}, crash point ${point}`,
    linkHolds: ', chain link holds',
    linkNotHolds: ', chain link does NOT hold',
    sameAsServer: ' — the same as the server.',
    notServer: ' — NOT what the server answered.',
    pvpTitle: 'Card room deals (Hold’em, Tongits)',
    pvpIntro:
      'A card room deal’s deck is a Fisher-Yates shuffle of 2s 2h 2d 2c 3s … Ac driven by the fair stream keyed with the revealed server seed, the players’ client seeds joined by commas (in seat order) and the nonce. Enter them as the hand history shows them: the studio recomputes the deck with the function its tables deal with and deals it as the table did.',
    pvpGame: 'Game',
    holdem: 'Texas Hold’em',
    tongits: 'Tongits',
    clientSeeds: 'Players’ client seeds (comma-separated, in seat order)',
    committedHash: 'Server seed hash shown before the deal (optional)',
    dealer: 'Button (Hold’em) or dealer (Tongits) seat, numbered from 0',
    seats: 'Seats dealt in (Hold’em; comma-separated, numbered from 0)',
    verifyDeal: 'Check the deck',
    deck: 'The deck in dealing order:',
    seatCards: (seat) => `Seat ${seat}:`,
    board: 'Board (as far as the hand went):',
    stock: 'Stock, in drawing order:',
    noDeal: 'Give the dealer’s seat (and for Hold’em the seats dealt in) to see who was dealt which cards.',
  },
  titles: {
    slot: 'Slot',
    fish: 'Fishing',
    duel: 'Card duel',
    match: 'Match',
    derby: 'Derby',
    lottery: 'Lottery',
    crash: 'Crash',
    baccarat: 'Baccarat',
    roulette: 'Roulette',
    game: 'Game',
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
    spots: {
      player: 'Player',
      banker: 'Banker',
      tie: 'Tabla',
      playerPair: 'Pares P',
      bankerPair: 'Pares B',
      red: 'Pula',
      black: 'Itim',
      odd: 'Gansal',
      even: 'Pares',
      low: '1 hanggang 18',
      high: '19 hanggang 36',
      dozen1: 'Unang 12',
      dozen2: 'Ikalawang 12',
      dozen3: 'Ikatlong 12',
      column1: 'Hanay 1',
      column2: 'Hanay 2',
      column3: 'Hanay 3',
    },
    colours: TY_COLOURS,
    inside: {
      straight: (n, colour) => `${n} ${colour}`,
      split: (numbers) => `Hati ${numbers}`,
      street: (numbers) => `Hilera ${numbers}`,
      trio: (numbers) => `Tatluhan ${numbers}`,
      corner: (numbers) => `Kanto ${numbers}`,
      firstFour: (numbers) => `Unang apat ${numbers}`,
      sixLine: (from, to) => `Anim na numero ${from}–${to}`,
    },
    betTypes: {
      straight: { name: 'Diretso', hint: 'Pindutin ang isang numero o taya sa labas' },
      split: { name: 'Hati', hint: 'Pindutin ang guhit sa pagitan ng dalawang numero' },
      street: { name: 'Hilera', hint: 'Pindutin ang isang hilera ng tatlo (o ang 0 para sa tatluhan)' },
      corner: { name: 'Kanto', hint: 'Pindutin kung saan nagtatagpo ang apat na numero (o ang 0 para sa unang apat)' },
      line: { name: 'Linya', hint: 'Pindutin ang gilid sa pagitan ng dalawang hilera ng tatlo' },
    },
    yourBetOn: (amount) => `taya mo ${amount}`,
    toPlaceOn: (amount) => `${amount} na ilalagay`,
    toPlace: (spots, total) => `Ilalagay: ${spots} = ${total}`,
    keys: (chips, roulette) =>
      `Mga pindutan: 1–${chips} chip, ${roulette ? 'T uri ng taya, ang mga palaso ay gumagalaw sa mesa, ' : ''}Z bawiin, C burahin, R ulitin, Space ilagay ang taya`,
    bettingAreas: 'Mga puwesto ng taya',
    tieVerdict: (player, banker) => `Tabla ${player}–${banker}`,
    winsVerdict: (side, high, low) => `Panalo ang ${side === 'player' ? 'Player' : 'Banker'} ${high}–${low}`,
    naturalBoth: 'parehong kamay',
    naturalPlayer: (total) => `ang ${total} ng player`,
    naturalBanker: (total) => `ang ${total} ng banker`,
    natural: (who) => `Natural (${who}): walang ikatlong baraha`,
    playerDraws: (total, card) => `Bumunot ang Player sa ${total} (bumubunot sa 0-5): ${card}`,
    playerStands: (total) => `Tumigil ang Player sa ${total}`,
    bankerAgainstThird: (banker, third) => `banker ${banker} laban sa ikatlong baraha ng player na ${third}`,
    bankerPlayerStood: (banker) => `banker ${banker}, tumigil ang player`,
    bankerDraws: (rule, card) => `Bumunot ang Banker (${rule}): ${card}`,
    bankerStands: (rule) => `Tumigil ang Banker (${rule})`,
    ranks: ['alas', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'sota', 'reyna', 'hari'],
    suits: ['espada', 'puso', 'diyamante', 'basto'],
    card: (rank, suit) => `${rank} ng ${suit}`,
    beadPlateOf: (rounds) => `Bead plate, ${rounds} round`,
    bigRoadOf: (results) => `Big road, ${results} resulta`,
    roadRound: (no, result) => `Round #${no}: ${result}`,
    thenTies: (n) => `, saka ${n} tabla`,
    roundNo: (no) => `Round #${no}`,
    lost: 'talo',
    refunded: 'ibinalik',
  },
  lottery: {
    tiers: {
      special: 'Espesyal',
      first: 'Ika-1',
      second: 'Ika-2',
      third: 'Ika-3',
      fourth: 'Ika-4',
      fifth: 'Ika-5',
      sixth: 'Ika-6',
      seventh: 'Ika-7',
      starter: 'Pambungad',
      consolation: 'Konsolasyon',
    },
    betTypeNames: {
      lo2: 'Lô 2 số (huling 2 digit ng bawat premyo, bayad bawat tama)',
      lo3: 'Lô 3 số (huling 3 digit ng 23 premyong may 3 o higit pang digit, bawat tama)',
      de: 'Đề (huling 2 digit ng espesyal na premyo)',
      de3: '3 càng (huling 3 digit ng espesyal na premyo)',
      dau: 'Đầu (digit ng sampuan ng espesyal na premyo)',
      duoi: 'Đuôi (huling digit ng espesyal na premyo)',
      xien2: 'Xiên 2 (dalawang numerong may 2 digit na parehong nasa mga dulo)',
      big: '4D Big (alinman sa 23 premyo)',
      small: '4D Small (una, ikalawa o ikatlong premyo)',
      straight: '4D Straight (unang premyo)',
      last2: '2D (huling 2 digit ng unang premyo)',
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
    columns: ['Draw', 'Taya', 'Halaga', 'Resulta', 'Panalo', 'Numero'],
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
  fair: {
    title: 'Tagasuri ng patas na laro',
    intro:
      'Bawat resulta ay kinukuha mula sa HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>:<cursor>"), parehong bilang UTF-8 na teksto; ang cursor ay 0 para sa unang 32 byte at nadaragdagan ng isa sa bawat kasunod na bloke ng 32 byte (ang hakbang k ng round na may free spins ay nagsisimula sa cursor k × 65536); bawat 4 byte, big-endian, / 2^32 ay isang numero sa [0, 1). Ilagay ang mga halaga ng isang round (o ang id nito) para kalkulahin itong muli: inuulit ng server ang laro, at ang browser mo mismo ang muling kumukuwenta ng HMAC at mga numero.',
    pastRound: 'Nakaraang round ',
    roundIdPlaceholder: 'id ng round',
    load: 'Buksan',
    serverSeed: 'Server seed',
    seedPlaceholder: '64 na hex na karakter',
    clientSeed: 'Client seed',
    nonce: 'Nonce',
    gameCode: 'Code ng laro',
    vendor: 'Vendor',
    bet: 'Taya (JSON)',
    betPlaceholder: '{"coin":1} (walang laman: ang pinakamaliit na taya)',
    verify: 'Suriin',
    roundSummary: (id, stake, win, steps) =>
      `Round ${id}: taya ${stake}, panalo ${win}, ${steps} hakbang, itinakdang hash `,
    seedRevealed: 'Naibunyag na ang server seed: pindutin ang Suriin.',
    seedSecret: 'Lihim pa ang server seed: palitan ang seed sa laro, saka suriin.',
    couldNotLoad: 'Hindi mabuksan ang round',
    notJson: 'Hindi wastong JSON ang taya',
    seedSha: 'SHA-256 ng server seed: ',
    hashMatches: '✔ Tugma ang seed sa hash na ipinakita bago ang round.',
    hashDiffers: '✘ Hindi tugma ang seed sa hash na ipinakita bago ang round.',
    committedDiffers: '✘ Hindi tugma ang seed sa itinakdang hash.',
    outcomeSame: '✔ Kapareho ng naitalang round ang muling kinalkulang resulta.',
    outcomeDiffers: '✘ Iba ang muling kinalkulang resulta sa naitalang round.',
    stakeTotalWin: (stake) => `Taya ${stake} · kabuuang panalo `,
    steps: (n) => ` · ${n} hakbang`,
    noWebCrypto: 'Hindi makakalkula ng browser na ito ang HMAC-SHA256 dito (kailangan ng WebCrypto ang HTTPS).',
    failed: 'Nabigo ang pagsusuri',
    browserTitle: 'Muling kinalkula sa browser na ito',
    browserIntro: 'Kinalkula ito ng browser mo gamit ang WebCrypto mula sa mga seed sa itaas, nang wala ang server: ',
    cursorFloat: (cursor, float) => `; cursor ${cursor}; float = ${float}.`,
    streamForm: {
      block: 'HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>:<cursor>"), parehong UTF-8 na teksto',
      cursor: '0, 1, 2, ... isa bawat bloke ng 32 byte; ang hakbang k ng round ay nagsisimula sa cursor k * 65536',
      float: 'bawat 4 byte, big-endian, / 2^32',
    },
    browserSha: 'SHA-256 ng server seed (browser): ',
    browserHashOk: '✔ Ayon sa browser mo, tugma ang seed sa hash na itinakda bago ang round.',
    browserHashBad: '✘ Ayon sa browser mo, hindi tugma ang seed sa itinakdang hash.',
    blockColumns: ['hakbang', 'mensahe', 'HMAC (browser)', 'HMAC (server)', 'mga float (browser)', 'pareho'],
    browserSame: (blocks) => `✔ Kinalkula ng browser mo ang parehong ${blocks} bloke at mga float na inulit ng server.`,
    browserDiffers: (differ, blocks) => `✘ ${differ} sa ${blocks} bloke ang iba sa kinalkula ng browser mo.`,
    crashTitle: 'Round ng crash',
    crashIntro:
      'Crash point = max(1.00, floor(99 / (1 − X)) / 100) kung saan ang X ay ang unang 52 bit ng HMAC-SHA256(key = hash ng round bilang 64 na hex na karakter, message = salt) / 2^52; buo ang kawing ng kadena kapag ang SHA-256(hash ng round bilang teksto) = ang hash ng nakaraang round. Parehong kinakalkula muli ng browser mo.',
    roundHash: 'Hash ng round',
    roundHashPlaceholder: 'hash ng round (64 hex)',
    previousHash: 'Naunang hash',
    previousPlaceholder: 'hash ng nakaraang round (opsyonal)',
    verifyCrash: 'Suriin ang crash',
    crashPoint: 'Crash point: ',
    addPrevious: 'Idagdag ang hash ng nakaraang round para suriin ang kawing ng kadena.',
    linkVerified: 'Napatunayan ang kawing ng kadena: SHA-256(hash ng round) = naunang hash.',
    linkBroken: 'HINDI tugma ang kawing ng kadena.',
    browserCrash: (salt, x, point) => `Ang browser mo (WebCrypto, salt "${salt}"): X = ${x}, crash point ${point}`,
    linkHolds: ', buo ang kawing ng kadena',
    linkNotHolds: ', HINDI buo ang kawing ng kadena',
    sameAsServer: ' — kapareho ng sa server.',
    notServer: ' — HINDI ito ang sagot ng server.',
    pvpTitle: 'Mga bigayan sa mesa ng baraha (Hold’em, Tongits)',
    pvpIntro:
      'Ang kubyerta ng bigayan ay binalasa sa paraang Fisher-Yates mula 2s 2h 2d 2c 3s … Ac, gamit ang mga numerong galing sa ibinunyag na server seed, sa mga client seed ng mga manlalaro na pinagdugtong ng kuwit (ayon sa upuan) at sa nonce. Ilagay ang mga ito gaya ng nasa kasaysayan ng kamay: muling kinukuwenta ang kubyerta sa parehong paraan ng pagbalasa ng mga mesa at ibinabahagi ito gaya ng ginawa ng mesa.',
    pvpGame: 'Laro',
    holdem: 'Texas Hold’em',
    tongits: 'Tongits',
    clientSeeds: 'Mga client seed ng mga manlalaro (hiwalay sa kuwit, ayon sa upuan)',
    committedHash: 'Hash ng server seed na ipinakita bago ang bigayan (hindi kailangan)',
    dealer: 'Upuan ng tagabigay (Hold’em at Tongits), mula 0 ang bilang',
    seats: 'Mga upuang binigyan ng baraha (Hold’em; hiwalay sa kuwit, mula 0 ang bilang)',
    verifyDeal: 'Suriin ang kubyerta',
    deck: 'Ang kubyerta ayon sa pagkakabigay:',
    seatCards: (seat) => `Upuan ${seat}:`,
    board: 'Mga barahang nasa gitna (hanggang saan umabot ang kamay):',
    stock: 'Bunot, ayon sa pagkakakuha:',
    noDeal:
      'Ibigay ang upuan ng tagabigay (at para sa Hold’em, ang mga upuang binigyan ng baraha) para makita kung sino ang nakatanggap ng aling baraha.',
  },
  titles: {
    slot: 'Slot',
    fish: 'Pangingisda',
    duel: 'Duwelo ng baraha',
    match: 'Laban',
    derby: 'Sabong',
    lottery: 'Lotto',
    crash: 'Crash',
    baccarat: 'Baccarat',
    roulette: 'Roleta',
    game: 'Laro',
  },
};

/** The games' words in `language` (the platform's code, TY for Filipino); English otherwise. */
export function gameWords(language: unknown): GameWords {
  return inLanguage({ EN, TY }, language);
}

/** A game's title when the launch named none (the standalone studio): its kind of game, in `language`. */
export function engineTitle(kind: string | null, language: unknown = 'EN'): string {
  const titles = gameWords(language).titles;
  return Object.hasOwn(titles, kind ?? '') ? titles[kind as keyof typeof titles] : titles.game;
}
