import { describe, expect, it } from 'vitest';
import { jsonOrUndefined } from '../../shared/parse';

describe('jsonOrUndefined', () => {
  it('gives the parsed value of JSON text, null and false included', () => {
    expect(jsonOrUndefined('{"a":[1,"b"]}')).toEqual({ a: [1, 'b'] });
    expect(jsonOrUndefined('null')).toBeNull();
    expect(jsonOrUndefined('false')).toBe(false);
  });

  it('gives undefined for text that is not JSON', () => {
    expect(jsonOrUndefined('')).toBeUndefined();
    expect(jsonOrUndefined('{"a":')).toBeUndefined();
    expect(jsonOrUndefined('undefined')).toBeUndefined();
  });
});
