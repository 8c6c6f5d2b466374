import { describe, expect, it } from 'vitest';
import {
  batchCommandLine,
  quoteBatchArgument,
} from '../../../../main/features/jobs/core/windows-command-line';
import {
  BATCH_HAND_ONS,
  batchTokens,
  cmdStartsBatch,
  InjectionError,
  programArgvVia,
  type CmdEnv,
} from '../../../helpers/windows-command-line-model';

/** Variables a slip would expand: each value differs from its name. */
const ENV: CmdEnv = {
  PATH: 'C:\\Windows\\system32',
  TEMP: 'C:\\Users\\me\\AppData\\Local\\Temp',
  TMP: 'C:\\Users\\me\\AppData\\Local\\Temp',
  USERNAME: 'me',
  VAR: 'expanded',
  hello: 'expanded',
  CD: 'C:\\Users\\me',
};

/** cross-spawn 7.0.6's argument vectors (test/index.test.js: special chars, empty, spaces, numbers). */
const CROSS_SPAWN = [
  'foo', '()', '[]', '%!', '^<', '>&', '|;', ', ', '!=', '\\*', '"f"', '?.', '=`', "'", '\\"',
  'bar\\', '"foo|bar>baz"', '"(foo|bar>baz|foz)"', '', 'André Cruz', '1234',
]; // prettier-ignore

/** Rust's round trips through a batch file (tests/ui/std/windows-bat-args.rs). */
const RUST = [
  'c is for cat', '"', ' "', '\\', '>file.txt', 'whoami.exe', '&a.exe', '&echo hello ', '!TMP!',
  'key=value', '"key=value"', 'key = value', 'key=["value"]', 'key="foo bar"', 'key=["my_value]',
  'key=["my_value","other-value"]', 'key\\=value', 'key="&whoami"', 'key="value"=5',
  'key=[">file.txt"]', '%hello', '%PATH%', '%%cd:~,%', '%PATH%PATH%', '">file.txt',
  'abc"&echo hello', '123">file.txt', '"&echo hello&whoami.exe', 'hello^"world',
  'hello &echo oh no >file.txt',
]; // prettier-ignore

/** Titles as a stream may carry them: quotes, %VAR%, ^ & | < > ! ( ), Chinese, emoji. */
const HOSTILE_TITLE = 'a" & echo pwned > %TEMP%\\pwned.txt & "^!x%PATH%(y)|z<>';
const TITLES = [
  HOSTILE_TITLE,
  '%VAR% 100% ^^ !VAR! (live)',
  '【直播】主播の歌 "特别" & 测试 | 50%',
  '🎤🎉 emoji 😀',
  'C:\\录播 文件\\20240317 标题\\',
];

const SCRIPT = 'C:\\Users\\me\\录播 脚本 (1)\\after-record.bat';

describe('batchCommandLine: arguments reach a batch file and the program it hands them to', () => {
  const vectors = [...CROSS_SPAWN, ...RUST, ...TITLES];

  it.each(Object.keys(BATCH_HAND_ONS) as (keyof typeof BATCH_HAND_ONS)[])(
    'every vector, alone and among others, arrives whole through %s, and runs nothing',
    (how) => {
      for (const args of [...vectors.map((v) => [v]), vectors]) {
        const line = batchCommandLine(SCRIPT, args);
        if (!line.ok) throw new Error(line.error);
        const started = cmdStartsBatch(`"${line.line}"`, ENV);
        expect(started.script).toBe(SCRIPT);
        expect(programArgvVia(how, started.argsText)).toEqual(args);
      }
    },
  );

  it('a script whose name holds %CD% and cmd.exe characters is started by that name', () => {
    for (const script of ['C:\\t\\%CD%.bat', 'C:\\t\\()%!^&;, .bat', 'C:\\t\\100%\\%PATH%.cmd']) {
      const line = batchCommandLine(script, ['x']);
      if (!line.ok) throw new Error(line.error);
      expect(cmdStartsBatch(`"${line.line}"`, ENV)).toEqual({ script, argsText: 'x' });
    }
  });

  it('the lines are those Rust makes (library/std/src/sys/args/windows/tests.rs)', () => {
    const line = (args: string[]) => batchCommandLine('script.bat', args);
    expect(line([])).toEqual({ ok: true, line: '"script.bat"' });
    expect(line(['one', 'two', 'three'])).toEqual({ ok: true, line: '"script.bat" one two three' });
    expect(line(['hello world'])).toEqual({ ok: true, line: '"script.bat" "hello world"' });
    expect(line([''])).toEqual({ ok: true, line: '"script.bat" ""' });
    expect(line(['say "hi"'])).toEqual({ ok: true, line: '"script.bat" "say ""hi"""' });
    expect(line(['a\\'])).toEqual({ ok: true, line: '"script.bat" "a\\\\"' });
    expect(quoteBatchArgument('%PATH%')).toBe('"%%cd:~,%PATH%%cd:~,%"');
  });

  it('refuses what cmd.exe would cut short: a line break or NUL in an argument or the path', () => {
    for (const arg of ['bad\narg', 'bad\rarg', 'bad\0arg'])
      expect(batchCommandLine('script.bat', ['ok', arg])).toMatchObject({
        ok: false,
        error: expect.stringContaining('line break'),
      });
    for (const script of ['scr"ipt.bat', 'dir\\', 'a\nb.bat'])
      expect(batchCommandLine(script, [])).toMatchObject({ ok: false });
  });
});

describe('why not the quoting programs read', () => {
  it('a title quoted as programs read it (`\\"`, as cross-spawn passes it) is split by a batch file, and a batch file that hands it on runs its tail', () => {
    const asProgramsRead = `"${HOSTILE_TITLE.replaceAll('"', '\\"')}"`;
    expect(batchTokens(asProgramsRead).length).toBeGreaterThan(1);
    expect(() => programArgvVia('all', asProgramsRead)).toThrow(InjectionError);
    expect(() => programArgvVia('each', asProgramsRead)).toThrow(InjectionError);
  });
});
