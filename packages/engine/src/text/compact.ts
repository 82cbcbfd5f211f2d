import { foldText } from './fold.js';

// White space, punctuation and symbols (emoji included) carry no meaning for similarity and repeats.
// Emoji sequences also use the joiner, variation selectors, the keycap mark and tag characters (flags such as England's).
const IGNORED = /[\s\p{P}\p{S}\p{Extended_Pictographic}\u{e0020}-\u{e007f}]|\u200d|\ufe0e|\ufe0f|\u20e3/gu;

/**
 * The text that similarity and repeat detection compare: folded (width and case), with white space and
 * every Unicode punctuation or symbol character dropped.
 */
export function compactText(text: string): string {
  return foldText(text).replace(IGNORED, '');
}
