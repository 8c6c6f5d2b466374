import { describe, expect, it } from 'vitest';
import { jsonArrayItems } from '../../shared/json-array-items';

describe('jsonArrayItems', () => {
  it("gives each item's text of a top-level array, nested values and strings left whole", () => {
    const text = ' [ {"a":[1,{"b":"],}{\\\\"}]}, "x\\"y,]" ,2,null, [] ]\n';
    const items = jsonArrayItems(text)!;
    expect(items).toEqual(['{"a":[1,{"b":"],}{\\\\"}]}', '"x\\"y,]"', '2', 'null', '[]']);
    expect(items.map((item) => JSON.parse(item))).toEqual(JSON.parse(text));
    expect(jsonArrayItems('[]')).toEqual([]);
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
      expect(jsonArrayItems(text), text).toBeUndefined();
  });

  it('splits the fixture list as JSON.parse does', () => {
    const rooms = Array.from({ length: 50 }, (_, i) => ({ roomId: i, name: `房间 "${i}" \\ ,]` }));
    const items = jsonArrayItems(JSON.stringify(rooms))!;
    expect(items.map((item) => JSON.parse(item))).toEqual(rooms);
  });
});
