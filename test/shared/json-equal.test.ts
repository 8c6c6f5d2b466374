import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../../shared/json-equal';

describe('jsonEqual', () => {
  it('compares values parsed from JSON field by field, keys in any order', () => {
    expect(jsonEqual(JSON.parse('{"a":1,"b":[1,{"c":"x"}]}'), { b: [1, { c: 'x' }], a: 1 })).toBe(
      true,
    );
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual({ 0: 1 }, [1])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual({ a: null }, { a: null })).toBe(true);
    expect(jsonEqual({ a: 'NaN' }, { a: Number.NaN })).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
  });
});
