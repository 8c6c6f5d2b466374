/** Room numbers typed by hand: the numbers, and the index of the first word that is not one. */
export function roomWords(text: string): { numbers: number[]; bad: number | undefined } {
  // Spaces, commas (also the full-width ones a Chinese keyboard types) and 、 separate them.
  const words = text.split(/[\s,，、]+/).filter(Boolean);
  const bad = words.findIndex((word) => !/^\d+$/.test(word));
  return { numbers: bad >= 0 ? [] : words.map(Number), bad: bad >= 0 ? bad : undefined };
}
