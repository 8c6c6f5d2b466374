import { describe, expect, it } from 'vitest';
import { localizeSchemaMessage } from '../../shared/i18n/schema-messages';
import { runsOnce } from '../../shared/job-rules';
import { safeParseUnknown } from '../../shared/parse';
import { Settings } from '../../shared/settings';

function jobsErrors(rules: unknown[]): string[] {
  const result = safeParseUnknown(Settings, { jobs: { rules } });
  return result.ok ? [] : result.reasons;
}

const message = (error: string) => error.slice(error.indexOf(': ') + 2);

const run = (args: string[]) => ({ kind: 'run', program: 'biliup', args });

describe('{outputs}: every file of a session as arguments of one run', () => {
  it('loads in a SessionEnded rule, and that step runs once', () => {
    const jobs = Settings.parse({
      jobs: {
        rules: [
          {
            id: 'post',
            on: 'SessionEnded',
            steps: [{ kind: 'remux' }, run(['upload', '--title', '{title}', '{outputs}'])],
          },
        ],
      },
    }).jobs;
    const [remux, upload] = jobs.rules[0]!.steps;
    expect(upload).toMatchObject({ args: ['upload', '--title', '{title}', '{outputs}'] });
    expect([runsOnce(remux!), runsOnce(upload!)]).toEqual([false, true]);
  });

  it('a FileClosed rule with {outputs} is refused at load, saying why, in both languages', () => {
    const errors = jobsErrors([{ id: 'a', steps: [run(['upload', '{outputs}'])] }]);
    expect(errors).toEqual([
      'jobs.rules[0].steps[0].args[1]: {outputs} (every file of a session) works only in a rule on SessionEnded; use {output} for one file',
    ]);
    expect(localizeSchemaMessage(message(errors[0]!), 'zh-CN')).toBe(
      '{outputs}（一场直播的全部文件）只能用在“整场直播结束时”的规则中；单个文件请用 {output}',
    );
  });

  it('is refused inside an argument, outside a run step, and in a remote', () => {
    const errors = jobsErrors([
      { id: 'a', on: 'SessionEnded', steps: [run(['--files={outputs}'])] },
      { id: 'b', on: 'SessionEnded', steps: [{ kind: 'danmaku', args: ['{outputs}'] }] },
      { id: 'c', on: 'SessionEnded', steps: [{ kind: 'upload', remote: 'nas:{outputs}' }] },
    ]);
    expect(errors).toEqual([
      'jobs.rules[0].steps[0].args[0]: {outputs} works only as a whole argument of a run step',
      'jobs.rules[1].steps[0].args[0]: {outputs} works only in a run step',
      'jobs.rules[2].steps[0].remote: {outputs} works only as a whole argument of a run step',
    ]);
    expect(errors.map((e) => localizeSchemaMessage(message(e), 'zh-CN'))).toEqual([
      '{outputs} 只能单独作为“运行程序”步骤的一个参数',
      '{outputs} 只能用在“运行程序”步骤中',
      '{outputs} 只能单独作为“运行程序”步骤的一个参数',
    ]);
  });
});
