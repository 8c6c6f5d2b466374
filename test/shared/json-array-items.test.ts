import { describe, expect, it } from 'vitest';
import { jsonArrayItems, type KnownItem } from '../../shared/json-array-items';

/** The items' texts of a list, as jsonArrayItems places them in its UTF-8 bytes. */
function itemTexts(text: string, known?: KnownItem): string[] | undefined {
  const bytes = Buffer.from(text, 'utf8');
  const spans = jsonArrayItems(bytes, known);
  if (!spans) return undefined;
  const texts: string[] = [];
  for (let i = 0; i < spans.length; i += 2)
    texts.push(bytes.toString('utf8', spans[i], spans[i + 1]));
  return texts;
}

describe('jsonArrayItems', () => {
  it("gives each item's place in a top-level array, nested values and strings left whole", () => {
    const text = ' [ {"a":[1,{"b":"],}{\\\\"}]}, "x\\"y,]" ,2,null, [] ]\n';
    const items = itemTexts(text)!;
    expect(items).toEqual(['{"a":[1,{"b":"],}{\\\\"}]}', '"x\\"y,]"', '2', 'null', '[]']);
    expect(items.map((item) => JSON.parse(item) as unknown)).toEqual(JSON.parse(text));
    expect(itemTexts('[]')).toEqual([]);
  });

  it('is undefined for anything but an array of balanced items', () => {
    for (const text of [
      '',
      '{}',
      '[',
      '[1,]',
      '[,1]',
      '[1,,2]',
      '[{]',
      '[}]',
      '["open]',
      '[1] 2',
      '[1]]',
      '\uFEFF[1]',
    ])
      expect(itemTexts(text), text).toBeUndefined();
  });

  it('splits a list with multi-byte characters as JSON.parse does', () => {
    const rooms = Array.from({ length: 50 }, (_, i) => ({
      roomId: i,
      name: `房间 "${i}" \\ ,] 🎧`,
    }));
    const items = itemTexts(JSON.stringify(rooms))!;
    expect(items.map((item) => JSON.parse(item) as unknown)).toEqual(rooms);
  });

  it('takes an item the caller vouches for as it is, and looks only for the comma or ] after it', () => {
    // `{{` is not balanced: had it been scanned, the list would be refused.
    const vouched: KnownItem = (at, index) => (index === 0 ? 2 : -1);
    expect(itemTexts('[{{ , 2]', vouched)).toEqual(['{{', '2']);
    expect(itemTexts('[{{]', vouched)).toEqual(['{{']);
    // Something other than a comma or ] after it: not an array of that item.
    expect(itemTexts('[{{3, 2]', vouched)).toBeUndefined();
    // Asked once per item, in order, with the item's start.
    const asked: [number, number][] = [];
    itemTexts('[1, 22 ,3]', (at, index) => (asked.push([at, index]), -1));
    expect(asked).toEqual([
      [1, 0],
      [4, 1],
      [8, 2],
    ]);
  });
});
