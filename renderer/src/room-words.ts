/** Room numbers typed by hand: the words, their numbers, and the index of the first that is none. */
export function roomWords(text: string): {
  words: string[];
  numbers: number[];
  bad: number | undefined;
} {
  // Spaces, commas (also the full-width ones a Chinese keyboard types) and 、 separate them.
  const words = text.split(/[\s,，、]+/).filter(Boolean);
  const bad = words.findIndex((word) => !/^\d+$/.test(word));
  return { words, numbers: bad >= 0 ? [] : words.map(Number), bad: bad >= 0 ? bad : undefined };
}
