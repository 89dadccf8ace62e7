// Deterministic word lists for the generated catalogue: every slot name is adjective + theme noun +
// suffix, in English (EN) and Filipino (TY, the brand's second language). Filipino adjectives carry
// their linker (-ng / na) so "Golden Dragon" reads "Gintong Dragon".

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

// 'of' suffixes read "Riches of the Golden Dragon" in Filipino ("Yaman ng Gintong Dragon");
// 'post' suffixes are product words kept after the name.
const SUFFIXES: readonly (readonly [en: string, ty: string, form: 'of' | 'post'])[] = [
  ['Riches', 'Yaman', 'of'],
  ['Deluxe', 'Deluxe', 'post'],
  ['Megaways', 'Megaways', 'post'],
  ['Rush', 'Dagsa', 'of'],
  ['Quest', 'Paghahanap', 'of'],
  ['Link', 'Link', 'post'],
  ['Blitz', 'Blitz', 'post'],
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
  const combo = (index * STRIDE + 1234) % SLOT_NAME_COMBINATIONS;
  const round = Math.floor(index / SLOT_NAME_COMBINATIONS);
  const adjective = ADJECTIVES[combo % ADJECTIVES.length]!;
  const noun = NOUNS[Math.floor(combo / ADJECTIVES.length) % NOUNS.length]!;
  const suffix = SUFFIXES[Math.floor(combo / (ADJECTIVES.length * NOUNS.length))]!;
  const mark = ROMAN[round] ?? ` ${round + 1}`;
  const en = `${adjective[0]} ${noun[0]} ${suffix[0]}${mark}`;
  const ty =
    suffix[2] === 'of'
      ? `${suffix[1]} ng ${adjective[1]} ${noun[1]}${mark}`
      : `${adjective[1]} ${noun[1]} ${suffix[1]}${mark}`;
  return { EN: en, TY: ty };
}

/** Fixed titles of the non-slot categories, with their Filipino names where they differ. */
export const TABLE_TITLES: Record<string, readonly Word[]> = {
  LIVE: [
    ['Baccarat A', 'Baccarat A'],
    ['Baccarat B', 'Baccarat B'],
    ['Speed Baccarat', 'Mabilis na Baccarat'],
    ['Dragon Tiger', 'Dragon Tigre'],
    ['Roulette', 'Roleta'],
    ['Sic Bo', 'Sic Bo'],
    ['Blackjack', 'Blackjack'],
  ],
  FISH: [
    ['Ocean King', 'Hari ng Karagatan'],
    ['Fishing Frenzy', 'Kasiyahan sa Pangingisda'],
    ['Dragon Fishing', 'Pangingisda ng Dragon'],
    ['Mermaid Hunter', 'Mangangaso ng Sirena'],
    ['Jackpot Fishing', 'Jackpot na Pangingisda'],
  ],
  PVP: [
    ["Texas Hold'em", "Texas Hold'em"],
    ['Niu Niu', 'Niu Niu'],
    ['Tongits', 'Tongits'],
    ['Pusoy', 'Pusoy'],
    ['Teen Patti', 'Teen Patti'],
    ['Pai Gow', 'Pai Gow'],
    ['Mahjong Duel', 'Mahjong na Tunggalian'],
  ],
  SPORTS: [
    ['Sportsbook', 'Pustahan sa Palakasan'],
    ['Virtual Football', 'Birtwal na Futbol'],
  ],
  ESPORTS: [['E-Sports Arena', 'Arena ng E-Sports']],
  COCKFIGHT: [
    ['Sabong Live', 'Sabong Live'],
    ['Derby Arena', 'Arena ng Derby'],
  ],
};

export const LOTTERY_TITLES: Record<string, readonly Word[]> = {
  TCG_LOTTO_VN: [
    ['Vietnam Lotto North', 'Vietnam Lotto Hilaga'],
    ['Vietnam Lotto Central', 'Vietnam Lotto Gitna'],
    ['Vietnam Lotto South', 'Vietnam Lotto Timog'],
  ],
  TCG_SEA: [
    ['Thai Lotto', 'Thai Lotto'],
    ['Lao Lotto', 'Lao Lotto'],
    ['Malaysia 4D', 'Malaysia 4D'],
  ],
  LOTT: [
    ['Lotto 6/42', 'Lotto 6/42'],
    ['Mega Lotto 6/45', 'Mega Lotto 6/45'],
    ['Ultra Lotto 6/58', 'Ultra Lotto 6/58'],
  ],
  ELOTT: [
    ['Fast 3', 'Mabilis na 3'],
    ['Lucky 5', 'Masuwerteng 5'],
    ['Pick 3', 'Pumili ng 3'],
    ['Speed Racing', 'Mabilis na Karera'],
    ['Keno', 'Keno'],
  ],
};
