// Words as a reader counts them, in any script: Unicode word boundaries (UAX #29, with ICU's
// dictionaries for Chinese, Japanese, Thai, Lao, Khmer and Burmese, which put no spaces between
// words), counting only segments that hold letters or digits, so punctuation, spaces and emoji
// are not words. The root locale on both sides: the browser's count and the server's agree.

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

export function countWords(text: string): number {
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words += 1;
  return words;
}
