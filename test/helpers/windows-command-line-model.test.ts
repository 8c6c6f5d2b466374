import { describe, expect, it } from 'vitest';
import {
  batchTokens,
  InjectionError,
  percentPhase,
  runtimeArgv,
  specialPhase,
  withoutQuotes,
} from './windows-command-line-model';

// The model stands in for Windows in the portable set; these are the documented facts it must
// reproduce before its verdicts on the escaping count.

describe('the C runtime model', () => {
  it("reads Microsoft's examples (Parsing C++ command-line arguments) as the runtime does", () => {
    expect(runtimeArgv('"abc" d e')).toEqual(['abc', 'd', 'e']);
    expect(runtimeArgv('"ab\\"c" "\\\\" d')).toEqual(['ab"c', '\\', 'd']);
    expect(runtimeArgv('a\\\\\\b d"e f"g h')).toEqual(['a\\\\\\b', 'de fg', 'h']);
    expect(runtimeArgv('a\\\\\\"b c d')).toEqual(['a\\"b', 'c', 'd']);
    expect(runtimeArgv('a\\\\\\\\"b c" d e')).toEqual(['a\\\\b c', 'd', 'e']);
    // Inside quotes `""` is one `"` and the quote goes on (the C runtime since 2008; shell32's
    // CommandLineToArgvW ends the quote there: MicrosoftDocs/cpp-docs#3291).
    expect(runtimeArgv('a"b"" c d')).toEqual(['ab" c d']);
    expect(runtimeArgv('"a b c"""')).toEqual(['a b c"']);
    expect(runtimeArgv('"" ""')).toEqual(['', '']);
  });
});

describe('the cmd.exe model', () => {
  const env = { TEMP: 'C:\\Temp', cd: 'C:\\work' };

  it('expands defined variables, keeps undefined ones, and reads on from their closing %', () => {
    expect(percentPhase('%TEMP%\\x %temp%', env)).toBe('C:\\Temp\\x C:\\Temp');
    expect(percentPhase('%NOPE% 100%', env)).toBe('%NOPE% 100%');
    expect(percentPhase('%NOPE%TEMP%', env)).toBe('%NOPEC:\\Temp');
    expect(percentPhase('%%cd:~,%TEMP%%cd:~,%', env)).toBe('%TEMP%');
    expect(percentPhase('%cd:~0,2%', env)).toBe('C:');
    // The question's own examples (stackoverflow.com/questions/4094699).
    expect(percentPhase('%a %b% c%', { b: 'a' })).toBe('%a a c%');
    expect(percentPhase('%a %b% c%', { 'a ': 'b' })).toBe('bb% c%');
  });

  it('takes & | < > ( ) as text inside quotes or after ^, and as operators otherwise', () => {
    expect(specialPhase('"a & b | (c) < d > e" ^& ^"f')).toBe('"a & b | (c) < d > e" & "f');
    expect(specialPhase('"a ^ b"')).toBe('"a ^ b"');
    for (const line of ['a & b', '"a" | b', 'a > f', '"a""b" & c', '(a)'])
      expect(() => specialPhase(line)).toThrow(InjectionError);
  });

  it("splits a batch file's arguments at unquoted spaces, commas, semicolons and equals", () => {
    expect(batchTokens('a "b c",d;e=f  "g""h i"')).toEqual([
      'a',
      '"b c"',
      'd',
      'e',
      'f',
      '"g""h i"',
    ]);
    expect(withoutQuotes('"g""h i"')).toBe('g""h i');
    expect(withoutQuotes('""')).toBe('');
    expect(withoutQuotes('plain')).toBe('plain');
  });
});
