import { describe, expect, it } from 'vitest';
import { double, formatDouble, toRecorderJson } from './recorder-json';

describe('formatDouble (Newtonsoft on .NET)', () => {
  it.each([
    [3907, '3907.0'],
    [0, '0.0'],
    [-0, '-0.0'],
    [3907.218, '3907.218'],
    [1.000228223902437, '1.000228223902437'],
    [0.0001, '0.0001'],
    [0.00001, '1E-05'],
    [1.5e-11, '1.5E-11'],
    [123456789012345, '123456789012345.0'],
    [1e15, '1E+15'],
    [1.25e21, '1.25E+21'],
    [NaN, '"NaN"'],
    [Infinity, '"Infinity"'],
    [-Infinity, '"-Infinity"'],
  ])('%d → %s', (value, text) => {
    expect(formatDouble(value)).toBe(text);
  });
});

describe('toRecorderJson', () => {
  it('writes compact JSON with raw UTF-8, doubles with a dot and integers without', () => {
    const text = toRecorderJson({
      Name: '3号直播间 🎧',
      FileSize: 1873245190,
      Duration: double(3907),
      Skip: undefined,
      Host: null,
      List: [double(0.5), 1, true],
    });
    expect(text).toBe(
      '{"Name":"3号直播间 🎧","FileSize":1873245190,"Duration":3907.0,"Host":null,"List":[0.5,1,true]}',
    );
    expect(JSON.parse(text)).toMatchObject({ Duration: 3907, FileSize: 1873245190 });
  });
});
