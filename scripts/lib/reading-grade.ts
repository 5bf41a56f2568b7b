import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';

/** The reading grade a piece of plain text asks for (Flesch-Kincaid), with the counts behind it. */
export function readingGrade(text: string): { grade: number; sentences: number; words: number; syllables: number } {
  // Each line is a block (a paragraph, a heading, a list item), so a line ends a sentence even without a full stop.
  const sentences = text
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .filter((sentence) => /[A-Za-z0-9]/.test(sentence));
  const words = sentences.flatMap((sentence) => sentence.match(/[A-Za-z0-9]+(?:['’][A-Za-z]+)*/g) ?? []);
  const syllables = words.reduce((sum, word) => sum + syllable(word), 0);
  const grade = fleschKincaid({ sentence: sentences.length, word: words.length, syllable: syllables });
  return { grade: Math.round(grade * 10) / 10, sentences: sentences.length, words: words.length, syllables };
}
