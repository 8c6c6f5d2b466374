import { describe, expect, it } from 'vitest';
import { unknownPlaceholders } from '../../shared/job-placeholders';
import { localizeSchemaMessage } from '../../shared/i18n/schema-messages';
import { safeParseUnknown } from '../../shared/parse';
import { Settings } from '../../shared/settings';
import { parseCallRequest, parseEventPayload } from '../../shared/ipc-contract';

function jobsErrors(jobs: unknown): string[] {
  const result = safeParseUnknown(Settings, { jobs });
  return result.ok ? [] : result.reasons;
}

describe('jobs settings', () => {
  it('are off by default, one job at a time, no tools, no rules, no popup when done', () => {
    expect(Settings.parse({}).jobs).toEqual({
      enabled: false,
      concurrency: 1,
      tools: {},
      rules: [],
      moveRoots: [],
      notifyDone: false,
    });
  });

  it('read every step kind as the issue writes them', () => {
    const jobs = Settings.parse({
      jobs: {
        enabled: true,
        rules: [
          {
            id: 'mp4',
            name: 'Remux and upload',
            on: 'FileClosed',
            rooms: [1],
            steps: [
              { kind: 'remux', format: 'mp4' },
              { kind: 'danmaku' },
              { kind: 'upload', remote: 'nas:rec/{streamer}' },
              { kind: 'move', to: 'D:/archive/{date}/{name}' },
              { kind: 'run', program: 'node', args: ['x.js', '{output}'], timeoutSeconds: 5 },
            ],
          },
        ],
      },
    }).jobs;
    expect(jobs.rules[0]?.steps.map((s) => s.kind)).toEqual([
      'remux',
      'danmaku',
      'upload',
      'move',
      'run',
    ]);
    expect(jobs.rules[0]?.steps[0]).toEqual({
      kind: 'remux',
      format: 'mp4',
      deleteSource: false,
    });
  });

  it('refuse an unknown placeholder at load, naming it, in both languages', () => {
    const errors = jobsErrors({
      rules: [{ id: 'a', steps: [{ kind: 'run', program: 'x', args: ['{path}', '{pth}'] }] }],
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^jobs\.rules\[0\]\.steps\[0\]\.args\[1\]: unknown placeholder \{pth\}; use \{path\}/,
    );
    const message = errors[0]!.slice(errors[0]!.indexOf(': ') + 2);
    expect(localizeSchemaMessage(message, 'zh-CN')).toMatch(/^未知的占位符 \{pth\}；可用 \{path\}/);
  });

  it('refuse a rule id used twice, in both languages', () => {
    const errors = jobsErrors({
      rules: [
        { id: 'a', steps: [{ kind: 'remux' }] },
        { id: 'a', steps: [{ kind: 'danmaku' }] },
      ],
    });
    expect(errors).toEqual(['jobs.rules[1].id: the rule id "a" is used twice']);
    expect(localizeSchemaMessage('the rule id "a" is used twice', 'zh-CN')).toBe(
      '规则 ID "a" 重复了',
    );
  });

  it('refuse a rule without steps and a shell string in place of an argument list', () => {
    const errors = jobsErrors({
      rules: [
        { id: 'a', steps: [] },
        { id: 'b', steps: [{ kind: 'run', program: 'sh', args: 'rm -rf ~' }] },
      ],
    });
    expect(errors).toContain('jobs.rules[0].steps: add at least one step');
    expect(errors.some((e) => e.startsWith('jobs.rules[1].steps[0].args:'))).toBe(true);
    expect(localizeSchemaMessage('add at least one step', 'zh-CN')).toBe('至少添加一个步骤');
  });

  it('take `{{` and `}}` as literal braces, not placeholders', () => {
    expect(unknownPlaceholders('{{not}} {path} {x} {x}')).toEqual(['x']);
  });
});

describe('jobs contract', () => {
  it('parses the jobs calls and refuses what they do not take', () => {
    expect(parseCallRequest('jobs:list', {}).ok).toBe(true);
    expect(parseCallRequest('jobs:list', { status: ['failed'] }).ok).toBe(true);
    expect(parseCallRequest('jobs:retry', { id: 'j1' }).ok).toBe(true);
    expect(parseCallRequest('jobs:cancel', {}).ok).toBe(false);
    expect(parseCallRequest('jobs:checkTools', { tools: { ffmpeg: '/usr/bin/ffmpeg' } }).ok).toBe(
      true,
    );
    expect(parseCallRequest('jobs:tryOnLastFile', { ruleId: 'mp4' }).ok).toBe(true);
    const draft = { rule: { id: 'd', steps: [{ kind: 'run', program: 'x', args: ['{bad}'] }] } };
    expect(parseCallRequest('jobs:tryOnLastFile', draft).ok).toBe(false);
  });

  it('sends a job as the jobs:changed payload', () => {
    const job = {
      id: 'j1',
      ruleId: 'mp4',
      ruleName: 'MP4',
      on: 'FileClosed',
      recorderId: 'default',
      roomId: 1,
      streamer: 's',
      title: 't',
      inputs: ['/rec/a.flv'],
      steps: [
        {
          kind: 'remux',
          status: 'running',
          tries: 1,
          output: null,
          error: null,
          startedAt: 1,
          endedAt: null,
        },
      ],
      step: 0,
      progress: 0.5,
      status: 'running',
      tries: 1,
      error: null,
      output: ['frame=1'],
      outputPath: null,
      createdAt: 1,
      updatedAt: 2,
    };
    expect(parseEventPayload('jobs:changed', job)).toEqual({ ok: true, value: job });
  });
});
