// Deterministic word lists for the generated catalogue: every slot name is adjective + theme noun +
// suffix, in English (EN) and Filipino (TY, the brand's second language). Filipino adjectives carry
// their linker (-ng / na) so "Golden Dragon" reads "Gintong Dragon".

import { publishedTables } from '../../../studio/src/catalogue';

type Word = readonly [en: string, ty: string];

const ADJECTIVES: readonly Word[] = [
  ['Golden', 'Gintong'],
  ['Lucky', 'Masuwerteng'],
  ['Mighty', 'Makapangyarihang'],
  ['Wild', 'Mailap na'],
  ['Royal', 'Maharlikang'],
  ['Mystic', 'Mahiwagang'],
  ['Blazing', 'Nagliliyab na'],
  ['Frozen', 'Nagyeyelong'],
  ['Crystal', 'Kristal na'],
  ['Silver', 'Pilak na'],
  ['Jade', 'Jade na'],
  ['Ruby', 'Rubing'],
  ['Emerald', 'Esmeraldang'],
  ['Sacred', 'Banal na'],
  ['Ancient', 'Sinaunang'],
  ['Hidden', 'Nakatagong'],
  ['Electric', 'Elektrikong'],
  ['Cosmic', 'Kosmikong'],
  ['Crimson', 'Pulang'],
  ['Midnight', 'Hatinggabing'],
  ['Sunny', 'Maaraw na'],
  ['Stormy', 'Mabagyong'],
  ['Sweet', 'Matamis na'],
  ['Happy', 'Masayang'],
  ['Brave', 'Matapang na'],
  ['Swift', 'Mabilis na'],
  ['Giant', 'Higanteng'],
  ['Little', 'Munting'],
  ['Shining', 'Nagniningning na'],
  ['Eternal', 'Walang-hanggang'],
  ['Grand', 'Dakilang'],
  ['Fiery', 'Maalab na'],
  ['Secret', 'Lihim na'],
  ['Cheeky', 'Pilyong'],
  ['Magic', 'Mahikang'],
  ['Rich', 'Mayamang'],
  ['Neon', 'Neon na'],
  ['Tropical', 'Tropikal na'],
  ['Imperial', 'Imperyal na'],
  ['Dazzling', 'Nakasisilaw na'],
];

const NOUNS: readonly Word[] = [
  ['Dragon', 'Dragon'],
  ['Tiger', 'Tigre'],
  ['Phoenix', 'Phoenix'],
  ['Panda', 'Panda'],
  ['Koi', 'Koi'],
  ['Lotus', 'Lotus'],
  ['Pharaoh', 'Paraon'],
  ['Pirate', 'Pirata'],
  ['Jungle', 'Gubat'],
  ['Ocean', 'Karagatan'],
  ['Volcano', 'Bulkan'],
  ['Temple', 'Templo'],
  ['Empire', 'Imperyo'],
  ['Fortune', 'Kapalaran'],
  ['Treasure', 'Kayamanan'],
  ['Gems', 'Hiyas'],
  ['Fruits', 'Prutas'],
  ['Cherries', 'Seresa'],
  ['Sevens', 'Siyete'],
  ['Diamonds', 'Diyamante'],
  ['Buffalo', 'Kalabaw'],
  ['Eagle', 'Agila'],
  ['Wolf', 'Lobo'],
  ['Lion', 'Leon'],
  ['Monkey', 'Unggoy'],
  ['Samurai', 'Samurai'],
  ['Ninja', 'Ninja'],
  ['Viking', 'Viking'],
  ['Wizard', 'Salamangkero'],
  ['Queen', 'Reyna'],
  ['King', 'Hari'],
  ['Moon', 'Buwan'],
  ['Sun', 'Araw'],
  ['Stars', 'Bituin'],
  ['Carnival', 'Karnabal'],
  ['Fiesta', 'Pista'],
  ['Mermaid', 'Sirena'],
  ['Unicorn', 'Unicorn'],
  ['Rooster', 'Tandang'],
  ['Coins', 'Barya'],
];

// No suffix is a product name of its own (a trademarked mechanic or a series another studio sells);
// 'of' suffixes read "Riches of the Golden Dragon" in Filipino ("Yaman ng Gintong Dragon");
// 'post' suffixes are product words kept after the name.
const SUFFIXES: readonly (readonly [en: string, ty: string, form: 'of' | 'post'])[] = [
  ['Riches', 'Yaman', 'of'],
  ['Deluxe', 'Deluxe', 'post'],
  ['Reels', 'Reels', 'post'],
  ['Rush', 'Dagsa', 'of'],
  ['Quest', 'Paghahanap', 'of'],
  ['Wins', 'Panalo', 'of'],
  ['Dash', 'Dash', 'post'],
  ['Bonanza', 'Bonanza', 'post'],
  ['Spins', 'Ikot', 'of'],
  ['Legends', 'Alamat', 'of'],
  ['Jackpot', 'Jackpot', 'post'],
  ['Party', 'Kasiyahan', 'of'],
];

export const SLOT_NAME_COMBINATIONS = ADJECTIVES.length * NOUNS.length * SUFFIXES.length;

// A multiplier coprime to the number of combinations walks them in a scattered but complete order,
// so neighbouring games do not share words and the first N names are always distinct.
const STRIDE = 7919;
const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

/** The index-th generated slot name; distinct for every index (rounds past the word lists get II, III...). */
export function slotName(index: number): { EN: string; TY: string } {
  return slotNameOf(SUFFIXES, index);
}

function slotNameOf(suffixes: typeof SUFFIXES, index: number): { EN: string; TY: string } {
  const combo = (index * STRIDE + 1234) % SLOT_NAME_COMBINATIONS;
  const round = Math.floor(index / SLOT_NAME_COMBINATIONS);
  const adjective = ADJECTIVES[combo % ADJECTIVES.length]!;
  const noun = NOUNS[Math.floor(combo / ADJECTIVES.length) % NOUNS.length]!;
  const suffix = suffixes[Math.floor(combo / (ADJECTIVES.length * NOUNS.length))]!;
  const mark = ROMAN[round] ?? ` ${round + 1}`;
  const en = `${adjective[0]} ${noun[0]} ${suffix[0]}${mark}`;
  const ty =
    suffix[2] === 'of'
      ? `${suffix[1]} ng ${adjective[1]} ${noun[1]}${mark}`
      : `${adjective[1]} ${noun[1]} ${suffix[1]}${mark}`;
  return { EN: en, TY: ty };
}

// The suffixes an earlier seed used: three were other studios' product names (a trademarked
// mechanic, two series titles). Kept only to find and rename the titles it wrote.
const FORMER_SUFFIXES: typeof SUFFIXES = SUFFIXES.map((suffix, i) =>
  i === 2
    ? ['Megaways', 'Megaways', 'post']
    : i === 5
      ? ['Link', 'Link', 'post']
      : i === 6
        ? ['Blitz', 'Blitz', 'post']
        : suffix,
);

/** The English name an earlier seed gave the index-th slot. */
export function formerSlotName(index: number): string {
  return slotNameOf(FORMER_SUFFIXES, index).EN;
}

/** The English titles an earlier seed gave the other categories, in the same order as today's. */
export const FORMER_TABLE_TITLES: Record<string, readonly string[]> = {
  LIVE: ['Baccarat A', 'Baccarat B', 'Speed Baccarat', 'Dragon Tiger', 'Roulette', 'Sic Bo', 'Blackjack'],
  FISH: ['Ocean King', 'Fishing Frenzy', 'Dragon Fishing', 'Mermaid Hunter', 'Jackpot Fishing'],
  PVP: ["Texas Hold'em", 'Niu Niu', 'Tongits', 'Pusoy', 'Teen Patti', 'Pai Gow', 'Mahjong Duel'],
  SPORTS: ['Sportsbook', 'Virtual Football'],
  ESPORTS: ['E-Sports Arena'],
  COCKFIGHT: ['Sabong Live', 'Derby Arena'],
};

/** The PVP titles of the seed before the card room opened (all the three-card duel), in the same order. */
export const DUEL_ERA_TABLE_TITLES: Record<string, readonly string[]> = {
  PVP: [
    'Three Card Duel',
    'Three Card Duel II',
    'Three Card Showdown',
    'Three Card Duel Classic',
    'Three Card Face-off',
    'Three Card Duel Royal',
    'Three Card Duel Night',
  ],
};

export const FORMER_LOTTERY_TITLES: Record<string, readonly string[]> = {
  TCG_LOTTO_VN: ['Vietnam Lotto North', 'Vietnam Lotto Central', 'Vietnam Lotto South'],
  TCG_SEA: ['Thai Lotto', 'Lao Lotto', 'Malaysia 4D'],
  LOTT: ['Lotto 6/42', 'Mega Lotto 6/45', 'Ultra Lotto 6/58'],
  ELOTT: ['Fast 3', 'Lucky 5', 'Pick 3', 'Speed Racing', 'Keno'],
};

/**
 * Fixed titles of the non-slot categories, with their Filipino names where they differ. A title says
 * what the house studio really plays behind it. The LIVE and PVP titles are the studio's own
 * (`publishedTables`, which its game map follows: baccarat or roulette tables; the card room of
 * Hold'em tables where members play each other, or the duel against the house); FISH, SPORTS,
 * ESPORTS and COCKFIGHT tiles are fishing games, virtual matches and derby fights. None is another
 * studio's title.
 */
export const TABLE_TITLES: Record<string, readonly Word[]> = {
  LIVE: publishedTables.LIVE.titles.map((t) => [t.en, t.fil] as const),
  FISH: [
    ['Reef Hunter', 'Mangangaso sa Bahura'],
    ['Deep Sea Catch', 'Huli sa Malalim na Dagat'],
    ['Coral Cannon', 'Kanyon ng Korales'],
    ['Tide Hunter', 'Mangangaso ng Alon'],
    ['Lantern Bay', 'Look ng Parol'],
  ],
  PVP: publishedTables.PVP.titles.map((t) => [t.en, t.fil] as const),
  SPORTS: [
    ['Virtual Football', 'Birtwal na Futbol'],
    ['Virtual Football Cup', 'Birtwal na Tasa ng Futbol'],
  ],
  ESPORTS: [['Virtual E-Sports', 'Birtwal na E-Sports']],
  COCKFIGHT: [
    ['Virtual Sabong', 'Birtwal na Sabong'],
    ['Virtual Derby', 'Birtwal na Derby'],
  ],
};

// The studio draws every lottery itself (27 prize numbers, VN style, for all vendors but TCG_SEA,
// whose games draw 4D numbers):
// no title names a real state or national lottery, whose results these draws are not.
export const LOTTERY_TITLES: Record<string, readonly Word[]> = {
  TCG_LOTTO_VN: [
    ['Lotto 27 A', 'Lotto 27 A'],
    ['Lotto 27 B', 'Lotto 27 B'],
    ['Lotto 27 C', 'Lotto 27 C'],
  ],
  TCG_SEA: [
    ['4D Draw A', '4D Bola A'],
    ['4D Draw B', '4D Bola B'],
    ['4D Draw C', '4D Bola C'],
  ],
  LOTT: [
    ['Five-Minute Lotto A', 'Limang-Minutong Lotto A'],
    ['Five-Minute Lotto B', 'Limang-Minutong Lotto B'],
    ['Five-Minute Lotto C', 'Limang-Minutong Lotto C'],
  ],
  ELOTT: [
    ['Two-Minute Lotto A', 'Dalawang-Minutong Lotto A'],
    ['Two-Minute Lotto B', 'Dalawang-Minutong Lotto B'],
    ['Two-Minute Lotto C', 'Dalawang-Minutong Lotto C'],
    ['Two-Minute Lotto D', 'Dalawang-Minutong Lotto D'],
    ['Two-Minute Lotto E', 'Dalawang-Minutong Lotto E'],
  ],
};
