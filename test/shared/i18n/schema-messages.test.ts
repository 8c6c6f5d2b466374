import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { localizeSchemaMessage } from '../../../shared/i18n/schema-messages';
import { describeIssues } from '../../../shared/parse';
import { Settings } from '../../../shared/settings';

const messages = (data: unknown) => {
  const result = Settings.safeParse(data);
  return result.success
    ? []
    : describeIssues(result.error.issues).map((r) => r.slice(r.indexOf(': ') + 2));
};

describe('schema messages in Chinese', () => {
  it('words what zod says about the settings fields', () => {
    const zh = messages({
      listener: { port: 70_000, host: '', token: 'a b' },
      recorders: [{ id: 'nas', pollIntervalSeconds: 0.5 }],
      notifications: { flapMinutes: 'x' },
      language: 'fr',
    }).map((m) => localizeSchemaMessage(m, 'zh-CN'));
    expect(zh).toEqual(
      expect.arrayContaining([
        '不能大于 65535',
        '不能为空',
        '只能使用字母、数字和 - . _ ~',
        '不能小于 1',
        '需要数字',
        '只能是 "zh-CN"|"en" 之一',
      ]),
    );
  });

  it('leaves English and unknown messages as they are', () => {
    expect(localizeSchemaMessage('Too big: expected number to be <=65535', 'en')).toBe(
      'Too big: expected number to be <=65535',
    );
    expect(localizeSchemaMessage('something new', 'zh-CN')).toBe('something new');
    expect(
      localizeSchemaMessage(
        z
          .number()
          .int()
          .safeParse(1.5)
          .error!.issues[0]!.message.replace(/^Invalid input: /, ''),
        'zh-CN',
      ),
    ).toBe('需要整数');
  });
});
