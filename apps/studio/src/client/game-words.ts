// The games' own texts (the tables, the lottery, crash, the instant-game page shell, the slot, the
// arcade games, the verifier) in the platform's languages: game-words/<code>.json, loaded by the one
// words loader (i18n.ts), whole phrases with {name} placeholders and counted phrases by the
// language's plural rules, so a translator never meets English grammar in code. The kit's words every
// page shares (the frame, the reality check, the request errors) are kit-words.ts's. English and
// Filipino are bundled; a page in another language loads its file once at its start (loadGameWords),
// before it draws. Filipino keeps the casino terms Filipino players use in English (Free spins, Wild,
// Scatter, Stake, Auto, Turbo, Meron, Wala); the callers format numbers and money.
import en from './game-words/en.json';
import ty from './game-words/ty.json';
import { type Counted, counted, fill, type LaunchLanguage, pageWords } from './i18n';

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
    /** The bet types by the engine's code (casino/engines/lottery LOTTERY_BET_TYPES; the English are the engine's names). */
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
  /** The public verifier page (fair-page.ts). */
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
    /** The card room's deals (fair-page.ts pvpPanel). */
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

type Phrases = typeof en;
type Values = Record<string, string | number>;

/** The entry `key` of a table of phrases by code, none for a code it lacks (nor for `toString`). */
function entry(table: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Fills a counted phrase: the form the locale's plural rules pick for `n`, with `values`. */
type Many = (phrase: Counted, n: number, values?: Values) => string;

/** The games' words from a language's phrases; `locale` picks the plural forms of its counted phrases. */
function wordsFrom(p: Phrases, locale: string): GameWords {
  const many: Many = (phrase, n, values = {}) => fill(counted(phrase, n, locale), values);
  return {
    table: tableWords(p.table, many),
    lottery: lotteryWords(p.lottery, many),
    crash: crashWords(p.crash, many),
    shell: shellWords(p.shell, many),
    slot: slotWords(p.slot, many),
    duel: duelWords(p.duel),
    derby: derbyWords(p.derby),
    match: matchWords(p.match),
    fish: fishWords(p.fish, many),
    fair: fairWords(p.fair, many),
    titles: p.titles,
  };
}

function tableWords(t: Phrases['table'], many: Many): GameWords['table'] {
  return {
    ...t,
    seedHashShown: (no) => fill(t.seedHashShown, { no }),
    nonce: (nonce) => fill(t.nonce, { nonce }),
    outcomeDrawn: (hash) => fill(t.outcomeDrawn, { hash }),
    chip: (amount) => fill(t.chip, { amount }),
    // The columns, ranks and suits in en.json's order (every language file is merged over it).
    myColumns: Object.values(t.myColumns),
    playerColumns: Object.values(t.playerColumns),
    ballLands: (number, colour) => fill(t.ballLands, { number, colour: entry(t.colours, colour) ?? colour }),
    win: (amount) => fill(t.win, { amount }),
    round: (no) => fill(t.round, { no }),
    youWin: (amount) => fill(t.youWin, { amount }),
    betPlaced: (bet) => fill(t.betPlaced, { bet }),
    inside: {
      straight: (number, colour) => fill(t.inside.straight, { number, colour }),
      split: (numbers) => fill(t.inside.split, { numbers }),
      street: (numbers) => fill(t.inside.street, { numbers }),
      trio: (numbers) => fill(t.inside.trio, { numbers }),
      corner: (numbers) => fill(t.inside.corner, { numbers }),
      firstFour: (numbers) => fill(t.inside.firstFour, { numbers }),
      sixLine: (from, to) => fill(t.inside.sixLine, { from, to }),
    },
    yourBetOn: (amount) => fill(t.yourBetOn, { amount }),
    toPlaceOn: (amount) => fill(t.toPlaceOn, { amount }),
    toPlace: (spots, total) => fill(t.toPlace, { spots, total }),
    keys: (chips, roulette) => fill(roulette ? t.keys.roulette : t.keys.table, { chips }),
    tieVerdict: (player, banker) => fill(t.tieVerdict, { player, banker }),
    winsVerdict: (side, high, low) =>
      fill(side === 'player' ? t.winsVerdict.player : t.winsVerdict.banker, { high, low }),
    naturalPlayer: (total) => fill(t.naturalPlayer, { total }),
    naturalBanker: (total) => fill(t.naturalBanker, { total }),
    natural: (who) => fill(t.natural, { who }),
    playerDraws: (total, card) => fill(t.playerDraws, { total, card }),
    playerStands: (total) => fill(t.playerStands, { total }),
    bankerAgainstThird: (banker, third) => fill(t.bankerAgainstThird, { banker, third }),
    bankerPlayerStood: (banker) => fill(t.bankerPlayerStood, { banker }),
    bankerDraws: (rule, card) => fill(t.bankerDraws, { rule, card }),
    bankerStands: (rule) => fill(t.bankerStands, { rule }),
    ranks: Object.values(t.ranks),
    suits: Object.values(t.suits),
    card: (rank, suit) => fill(t.card, { rank, suit }),
    beadPlateOf: (rounds) => many(t.beadPlateOf, rounds),
    bigRoadOf: (results) => many(t.bigRoadOf, results),
    roadRound: (no, result) => fill(t.roadRound, { no, result }),
    thenTies: (n) => many(t.thenTies, n),
    roundNo: (no) => fill(t.roundNo, { no }),
  };
}

function lotteryWords(l: Phrases['lottery'], many: Many): GameWords['lottery'] {
  return {
    ...l,
    betTypeHint: (name, picks, digits, pays) =>
      fill(l.betTypeHint.text, {
        name,
        numbers: many(l.betTypeHint.numbers, picks),
        digits: many(l.betTypeHint.digits, digits),
        pays,
      }),
    paysByPrize: (tiers) => fill(l.paysByPrize, { tiers }),
    paysPerHit: (times) => fill(l.paysPerHit, { times }),
    drawsIn: (clock) => fill(l.drawsIn, { clock }),
    stakeIn: (currency) => fill(l.stakeIn, { currency }),
    pick: (number) => fill(l.pick, { number }),
    beingDrawn: (numero) => fill(l.beingDrawn, { numero }),
    drawWon: (numero, top, won) => fill(l.drawWon, { numero, top, won }),
    drawNoWin: (numero, top) => fill(l.drawNoWin, { numero, top }),
    drawTop: (numero, top) => fill(l.drawTop, { numero, top }),
    columns: Object.values(l.columns),
    wonHits: (outcome, hits) => many(l.wonHits, hits, { outcome }),
    seed: (numero) => fill(l.seed, { numero }),
    hash: (hash) => fill(l.hash, { hash }),
    bought: (numero) => fill(l.bought, { numero }),
    toClose: (clock) => fill(l.toClose, { clock }),
    drawsAt: (time) => fill(l.drawsAt, { time }),
    awaitingClosed: (numero, clock) => fill(l.awaitingClosed, { numero, clock }),
    awaitingDrawing: (numero) => fill(l.awaitingDrawing, { numero }),
    drawTitle: (numero) => fill(l.drawTitle, { numero }),
  };
}

function crashWords(c: Phrases['crash'], many: Many): GameWords['crash'] {
  return {
    ...c,
    placeBets: (seconds) => fill(c.placeBets, { seconds }),
    crashedAt: (point) => fill(c.crashedAt, { point }),
    cashOutAmount: (amount) => fill(c.cashOutAmount, { amount }),
    stopOnLoss: (currency) => fill(c.stopOnLoss, { currency }),
    stopOnProfit: (currency) => fill(c.stopOnProfit, { currency }),
    bet: (currency) => fill(c.bet, { currency }),
    autoStopped: (reason, played, net) =>
      reason ? many(c.autoStopped.withReason, played, { reason, net }) : many(c.autoStopped.plain, played, { net }),
    autoProgress: (placed, rounds, net) => fill(c.autoProgress, { placed, rounds, net }),
    playersSummary: (players, bet, won) => many(c.playersSummary, players, { bet, won }),
    verifyRound: (id) => fill(c.verifyRound, { id }),
    mustHashTo: (id) => fill(c.mustHashTo, { id }),
    formula: (salt) => fill(c.formula, { salt }),
    autoCashedOut: (point, win) => fill(c.autoCashedOut, { point, win }),
    crashedLost: (point) => fill(c.crashedLost, { point }),
    betPlaced: (amount, autoCashout) =>
      autoCashout ? fill(c.betPlaced.withCashout, { amount, autoCashout }) : fill(c.betPlaced.plain, { amount }),
    autoOn: (rounds, amount, cashout) => many(c.autoOn, rounds, { amount, cashout }),
    cashedOut: (point, win, pending) => fill(pending ? c.cashedOut.pending : c.cashedOut.plain, { point, win }),
  };
}

function shellWords(sh: Phrases['shell'], many: Many): GameWords['shell'] {
  return {
    ...sh,
    revealedLine: (hash, clientSeed, lastNonce) => fill(sh.revealedLine, { hash, clientSeed, lastNonce }),
    freeSpinsToPlay: (n) => many(sh.freeSpinsToPlay, n),
    youWon: (amount) => fill(sh.youWon, { amount }),
    playFreeSpin: (left) => fill(sh.playFreeSpin, { left }),
    welcomeBack: (n) => many(sh.welcomeBack, n),
    // A status the file does not name reads as its code.
    roundStatus: (status) => entry(sh.roundStatus, status) ?? status.replace('_', ' '),
  };
}

function slotWords(s: Phrases['slot'], many: Many): GameWords['slot'] {
  return {
    ...s,
    stopAuto: (left) => fill(s.stopAuto, { left }),
    stopAutoLabel: (n) => many(s.stopAutoLabel, n),
    reels: (n) => many(s.reels, n),
    lineWin: (line, run, name, amount) => fill(s.lineWin, { line, run, name, amount }),
    waysWin: (ways, run, name, amount) => many(s.waysWin, ways, { run, name, amount }),
    winTotal: (amount) => fill(s.winTotal, { amount }),
    freeSpinsState: (played, left, multiplier) =>
      multiplier > 1
        ? fill(s.freeSpinsState.multiplied, { played, left, multiplier })
        : fill(s.freeSpinsState.plain, { played, left }),
    freeSpinsAwarded: (n, more, multiplier) => {
      const awarded = s.freeSpinsAwarded;
      if (multiplier > 1) return many(more ? awarded.moreMultiplied : awarded.multiplied, n, { multiplier });
      return many(more ? awarded.more : awarded.plain, n);
    },
    summaryWins: (wins, freeSpins) =>
      freeSpins ? many(s.summaryWins.withFreeSpins, wins, { freeSpins }) : many(s.summaryWins.plain, wins),
    linesOrWays: (mode, n) => many(mode === 'lines' ? s.linesOrWays.lines : s.linesOrWays.ways, n),
    volatility: (volatility) => entry(s.volatility.levels, volatility) ?? fill(s.volatility.anyLevel, { volatility }),
    paysAtStake: (stake, perLine) =>
      perLine ? fill(s.paysAtStake.perLine, { stake, perLine }) : fill(s.paysAtStake.plain, { stake }),
    scatterPay: (scatters, name, pay, multiple, spins) => {
      const values = { scatters, name, pay: pay ?? '', multiple };
      if (spins > 0) return many(pay ? s.scatterPay.payAndSpins : s.scatterPay.noPayAndSpins, spins, values);
      return fill(pay ? s.scatterPay.pay : s.scatterPay.noPay, values);
    },
    wildRule: (wild, scatter) =>
      scatter === null ? fill(s.wildRule.plain, { wild }) : fill(s.wildRule.scatter, { wild, scatter }),
    scatterRule: (scatter) => fill(s.scatterRule, { scatter }),
    freeSpinRule: (multiplier, cap) =>
      multiplier > 1 ? many(s.freeSpinRule.multiplied, cap, { multiplier }) : many(s.freeSpinRule.plain, cap),
    line: (line) => fill(s.line, { line }),
  };
}

function duelWords(phrases: Phrases['duel']): GameWords['duel'] {
  const { suits: duelSuits, ...duel } = phrases;
  return {
    ...duel,
    rules: (hands) => fill(duel.rules, { hands }),
    youHand: (hand) => fill(duel.youHand, { hand }),
    opponentHand: (hand) => fill(duel.opponentHand, { hand }),
    // A card's suit by its number: spades, hearts, diamonds, clubs.
    cardLabel: (rank, suit) => fill(duel.cardLabel, { rank, suit: Object.values(duelSuits)[suit] ?? '' }),
  };
}

function derbyWords(derby: Phrases['derby']): GameWords['derby'] {
  return {
    ...derby,
    slip: (fight, label) => fill(derby.slip, { fight, label }),
    drawAfter: (seconds) => fill(derby.drawAfter, { seconds }),
    wins: (name, seconds) => fill(derby.wins, { name, seconds }),
  };
}

function matchWords(phrases: Phrases['match']): GameWords['match'] {
  const { markets, sides, ...match } = phrases;
  return {
    ...match,
    map: (map) => fill(match.map, { map }),
    overUnder: (selection, market) => {
      const line = market === 'goals' ? match.overUnder.goals : match.overUnder.maps;
      return selection === 'over' ? line.over : line.under;
    },
    // A market or side the file does not name reads as the engine's code.
    selection: (market, selection) =>
      fill(match.selection, {
        market: entry(markets, market) ?? market,
        selection: entry(sides, selection) ?? selection,
      }),
  };
}

function fishWords(f: Phrases['fish'], many: Many): GameWords['fish'] {
  return {
    ...f,
    perShot: (amount) => fill(f.perShot, { amount }),
    caught: (names, captured, shots) => many(f.caught, shots, { names, captured }),
    noCatch: (n) => many(f.noCatch, n),
    firing: (n) => many(f.firing, n),
    shotTally: (shot, shots, win) => fill(f.shotTally, { shot, shots, win }),
    tally: (captured, shots, win) => fill(f.tally, { captured, shots, win }),
    summary: (captured, shots) => fill(f.summary, { captured, shots }),
    shotCount: (n) => many(f.shotCount, n),
  };
}

function fairWords(v: Phrases['fair'], many: Many): GameWords['fair'] {
  return {
    ...v,
    roundSummary: (id, stake, win, steps) => many(v.roundSummary, steps, { id, stake, win }),
    stakeTotalWin: (stake) => fill(v.stakeTotalWin, { stake }),
    steps: (n) => many(v.steps, n),
    cursorFloat: (cursor, float) => fill(v.cursorFloat, { cursor, float }),
    blockColumns: Object.values(v.blockColumns),
    browserSame: (blocks) => many(v.browserSame, blocks),
    browserDiffers: (differ, blocks) => many(v.browserDiffers, blocks, { differ }),
    browserCrash: (salt, x, point) => fill(v.browserCrash, { salt, x, point }),
    seatCards: (seat) => fill(v.seatCards, { seat }),
  };
}

const words = pageWords(en, ty, (file) => import(`./game-words/${file}.json`), wordsFrom);

/** Loads the games' words of `language` for this page (English when its file cannot be loaded). */
export const loadGameWords = (language: LaunchLanguage): Promise<GameWords> => words.load(language);

/** The games' words in the launch language `language`: the page's loaded ones, else English or Filipino. */
export const gameWords = (language: unknown): GameWords => words.get(language);

/** A game's title when the launch named none (the standalone studio): its kind of game, in `language`. */
export function engineTitle(kind: string | null, language: unknown = 'EN'): string {
  const titles = gameWords(language).titles;
  return Object.hasOwn(titles, kind ?? '') ? titles[kind as keyof typeof titles] : titles.game;
}

/** The English phrases, for tests. */
export const englishPhrases: Phrases = en;
