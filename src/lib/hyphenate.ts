/**
 * Soft hyphens (U+00AD) in long Russian words, for narrow tiles: the browser breaks a word like
 * «Электроинструмент» with a visible hyphen where it must, instead of cutting it anywhere (CSS
 * `hyphens: auto` needs a dictionary that many browsers, Chromium on Linux among them, lack).
 */
import ru from 'hyphen/ru';

export function softHyphens(text: string): string {
  return ru.hyphenateSync(text, { minWordLength: 9 });
}
