import { describe, expect, it } from 'vitest';
import { localizeSchemaMessage } from '../../shared/i18n/schema-messages';
import { describeIssues } from '../../shared/parse';
import { CleanUpPreview } from '../../shared/clean-up';
import { applySettingsPatch } from '../../shared/settings-patch';
import { defaultSettings, Settings } from '../../shared/settings';

const issues = (data: unknown) => {
  const result = Settings.safeParse(data);
  return result.success ? [] : describeIssues(result.error.issues);
};

describe('clean-up settings', () => {
  it('is off and a dry run by default; keep awake is on; no go-live filter', () => {
    const settings = defaultSettings();
    expect(settings.cleanUp).toEqual({ enabled: false, dryRun: true, rules: [] });
    expect(settings.keepAwake).toBe(true);
    expect(settings.notifications.goLiveFilters).toEqual({
      all: { titleAllow: [], titleBlock: [], areaAllow: [], areaBlock: [] },
      rooms: [],
    });
  });

  it('reads a rule with its limits and what to do', () => {
    const settings = Settings.parse({
      cleanUp: {
        enabled: true,
        dryRun: false,
        rules: [
          { rooms: [1], keepDays: 7, then: 'trash' },
          { recorders: ['nas'], keepGiB: 500, then: 'move', moveTo: '/mnt/archive' },
        ],
      },
    });
    expect(settings.cleanUp.rules[1]).toEqual({
      recorders: ['nas'],
      keepGiB: 500,
      then: 'move',
      moveTo: '/mnt/archive',
    });
  });

  it('refuses a rule with neither limit, a move without a folder, a zero limit', () => {
    const found = issues({
      cleanUp: {
        rules: [
          { then: 'delete' },
          { keepDays: 1, then: 'move' },
          { keepDays: 0, then: 'trash' },
          { keepGiB: 1, then: 'burn' },
        ],
      },
    });
    expect(found).toEqual([
      'cleanUp.rules[0].keepDays: give keepDays or keepGiB (or both)',
      'cleanUp.rules[1].moveTo: give moveTo, the folder to move the files to',
      'cleanUp.rules[2].keepDays: Too small: expected number to be >0',
      'cleanUp.rules[3].then: Invalid option: expected one of "trash"|"delete"|"move"',
    ]);
    const zh = found.map((m) => localizeSchemaMessage(m.slice(m.indexOf(': ') + 2), 'zh-CN'));
    expect(zh.slice(0, 3)).toEqual([
      '请填写保留天数或保留容量（GiB），或两者都填',
      '请填写移动到的文件夹（moveTo）',
      '必须大于 0',
    ]);
  });

  it('is patched from the window key by key, the rules as a whole', () => {
    const first = applySettingsPatch(defaultSettings(), {
      cleanUp: { enabled: true, rules: [{ keepDays: 30, then: 'trash' }] },
    });
    expect(first.ok && first.settings.cleanUp).toEqual({
      enabled: true,
      dryRun: true,
      rules: [{ keepDays: 30, then: 'trash' }],
    });
    const refused = applySettingsPatch(defaultSettings(), {
      cleanUp: { rules: [{ then: 'trash' }] },
    });
    expect(refused).toEqual({
      ok: false,
      errors: ['cleanUp.rules[0].keepDays: give keepDays or keepGiB (or both)'],
    });
  });

  it('describes a preview per rule', () => {
    const preview = CleanUpPreview.parse({
      enabled: true,
      dryRun: true,
      rules: [
        {
          rule: 0,
          files: [
            {
              recorderId: 'default',
              relativePath: '1-a/a.flv',
              roomId: 1,
              bytes: 10,
              modifiedAt: 0,
              reason: 'keepDays',
            },
          ],
          bytes: 10,
        },
      ],
      bytes: 10,
      problems: [],
    });
    expect(preview.rules[0]?.files[0]?.relativePath).toBe('1-a/a.flv');
  });
});
