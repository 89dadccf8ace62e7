// The words of the frame every game page shares (frame.ts): the kit's words (kit-words.ts) in the
// page's launch language. The games' own texts are in game-words.ts.
import { type KitWords, kitWords } from './kit-words';

export type FrameWords = KitWords['frame'];

/** The frame's words in `language` (the platform's code, TY for Filipino); English where none are loaded. */
export function frameWords(language: unknown): FrameWords {
  return kitWords(language).frame;
}
