import { describe, expect, it } from 'vitest';
import { Settings } from '../../../shared/settings';
import { applySettingsPatch } from '../../../shared/settings-patch';
import { presetRule } from '../../../renderer/src/job-presets';
import { argLines, newStepDraft } from '../../../renderer/src/rule-step-draft';
import { jobsDraftOf, jobsPatchOf, nextRuleId } from '../../../renderer/src/jobs-draft';
import { checkDraft, draftFromSettings } from '../../../renderer/src/settings-draft';

const stored = Settings.parse({
  jobs: {
    enabled: true,
    concurrency: 2,
    tools: { ffmpeg: 'C:\\ffmpeg\\bin\\ffmpeg.exe', rclone: '/usr/bin/rclone' },
    moveRoots: ['/archive'],
    rules: [
      {
        id: 'rule-1',
        name: 'MP4 then up',
        on: 'SessionEnded',
        rooms: [23058, 5050],
        recorders: ['default'],
        steps: [
          { kind: 'remux', deleteSource: true },
          { kind: 'danmaku', args: ['--ignore-warnings'] },
          { kind: 'upload', remote: 'nas:rec/{streamer}' },
          { kind: 'move', to: '/archive/{date}' },
          {
            kind: 'run',
            program: '/bin/echo',
            args: ['{title}', '$(rm -rf ~)'],
            timeoutSeconds: 60,
          },
        ],
      },
    ],
  },
});

describe('the jobs form', () => {
  it('gives back the stored settings when nothing was edited', () => {
    const errors: string[] = [];
    const patch = jobsPatchOf(jobsDraftOf(stored.jobs), 'NaN', errors);
    expect(errors).toEqual([]);
    const applied = applySettingsPatch(stored, { jobs: patch });
    expect(applied.ok && applied.settings.jobs).toEqual(stored.jobs);
  });

  it('keeps each argument line as one argument, whatever it holds', () => {
    expect(argLines('{path}\n\n  -y \r\n"; rm -rf ~\n')).toEqual([
      '{path}',
      '  -y ',
      '"; rm -rf ~',
    ]);
  });

  it('removes a tool path the user emptied (null in the patch), keeps the others', () => {
    const draft = jobsDraftOf(stored.jobs);
    const patch = jobsPatchOf({ ...draft, tools: { ...draft.tools, ffmpeg: ' ' } }, 'NaN', []);
    expect(patch.tools).toEqual({ ffmpeg: null, rclone: '/usr/bin/rclone', danmakuFactory: null });
    const applied = applySettingsPatch(stored, { jobs: patch });
    expect(applied.ok && applied.settings.jobs.tools).toEqual({ rclone: '/usr/bin/rclone' });
  });

  it('names text that is not a number by its path', () => {
    const draft = jobsDraftOf(stored.jobs);
    const rule = draft.rules[0]!;
    const errors: string[] = [];
    jobsPatchOf(
      {
        ...draft,
        concurrency: 'two',
        rules: [
          {
            ...rule,
            rooms: '23058 abc',
            steps: rule.steps.map((s) => (s.kind === 'run' ? { ...s, timeoutSeconds: 'soon' } : s)),
          },
        ],
      },
      'not a number',
      errors,
    );
    expect(errors).toEqual([
      'jobs.concurrency: not a number',
      'jobs.rules[0].rooms[1]: not a number',
      'jobs.rules[0].steps[4].timeoutSeconds: not a number',
    ]);
  });

  it("shows the schema's errors by the step's field when the form is checked", () => {
    const draft = draftFromSettings(stored);
    const rule = draft.jobs.rules[0]!;
    const result = checkDraft(
      stored,
      {
        ...draft,
        jobs: {
          ...draft.jobs,
          rules: [
            {
              ...rule,
              steps: [
                { ...newStepDraft('run'), program: '' },
                { ...newStepDraft('upload'), remote: 'nas:{nope}' },
              ],
            },
          ],
        },
      },
      'NaN',
      'en',
    );
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors.some((e) => e.startsWith('jobs.rules[0].steps[0].program: '))).toBe(true);
    expect(errors.some((e) => e.startsWith('jobs.rules[0].steps[1].remote: '))).toBe(true);
  });

  it('makes rules from presets that the schema takes, with free ids', () => {
    const existing = [{ id: 'rule-1' }, { id: 'rule-2' }];
    expect(nextRuleId(existing)).toBe('rule-3');
    expect(nextRuleId([{ id: 'rule-2' }])).toBe('rule-3');
    const draft = draftFromSettings(Settings.parse({}));
    const rules = [
      presetRule('remux', [], 'MP4'),
      presetRule('danmaku', [{ id: 'rule-1' }], 'ASS'),
      presetRule('upload', [{ id: 'rule-1' }, { id: 'rule-2' }], 'Up', ' nas:rec/{streamer} '),
    ];
    const result = checkDraft(
      Settings.parse({}),
      { ...draft, jobs: { ...draft.jobs, rules } },
      'NaN',
      'en',
    );
    expect(result.ok).toBe(true);
    const patch = result.ok ? result.patch : {};
    expect(patch.jobs?.rules?.map((r) => [r.id, r.steps.map((s) => s.kind)])).toEqual([
      ['rule-1', ['remux']],
      ['rule-2', ['danmaku']],
      ['rule-3', ['upload']],
    ]);
    expect(patch.jobs?.rules?.[2]?.steps[0]).toEqual({
      kind: 'upload',
      remote: 'nas:rec/{streamer}',
    });
  });

  it('leaves the "run a program" preset for the user to finish: its program is asked for', () => {
    const base = Settings.parse({});
    const draft = draftFromSettings(base);
    const result = checkDraft(
      base,
      { ...draft, jobs: { ...draft.jobs, rules: [presetRule('run', [], 'Mine')] } },
      'NaN',
      'en',
    );
    expect(result.ok ? [] : result.errors.map((e) => e.split(': ')[0])).toEqual([
      'jobs.rules[0].steps[0].program',
    ]);
  });
});
