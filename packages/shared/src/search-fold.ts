// The one folding of game-name search (spec §4 "case- and accent-insensitive ... in every supported
// language"), used on both sides of a match: the server folds every stored name and every query
// with it (games catalogue index), the web its local lists. Only Latin and Greek letters lose their
// accents (é→e, ế→e, Đ→d, ά→α); every other script keeps its marks, because there they are part of
// the letter: Korean syllables stay whole, Thai and Devanagari keep their vowel signs, Cyrillic й
// stays й, Japanese が stays が. Text is NFC first, so a name typed decomposed matches one stored
// composed; white space of any kind collapses to one space; then lower case.

const EXTRA: Record<string, string> = { Đ: 'D', đ: 'd', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l', Ħ: 'H', ħ: 'h', ı: 'i' };
const RANGES: readonly [number, number][] = [
  [0x00c0, 0x024f], // Latin-1 Supplement letters, Latin Extended-A and B
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese)
  [0x0370, 0x03ff], // Greek
  [0x1f00, 0x1fff], // Greek Extended
];

function buildTable(): Map<string, string> {
  const table = new Map<string, string>();
  for (const [start, end] of RANGES) {
    for (let code = start; code <= end; code++) {
      const ch = String.fromCodePoint(code);
      const base = EXTRA[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
      if (base !== ch && [...base].length === 1 && /\p{L}/u.test(base)) table.set(ch, base);
    }
  }
  return table;
}

const TABLE = buildTable();
const FOLDABLE = /[\u00c0-\u024f\u1e00-\u1eff\u0370-\u03ff\u1f00-\u1fff]/gu;

export function foldSearch(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(FOLDABLE, (ch) => TABLE.get(ch) ?? ch)
      .replace(/\s+/gu, ' ')
      .toLowerCase()
      // Greek final sigma: σ and ς are one letter for search.
      .replace(/ς/gu, 'σ')
  );
}
