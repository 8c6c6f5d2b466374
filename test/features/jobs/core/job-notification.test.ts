import { describe, expect, it } from 'vitest';
import { sampleJob } from '../../../fakes/sample-job';
import { jobNotification } from '../../../../main/features/jobs/core/job-notification';

describe('jobNotification', () => {
  it('pops up a failure with the step and the tool words, in both languages', () => {
    const failed = { ...sampleJob(), status: 'failed' as const, step: 1, error: 'quota exceeded' };
    const en = jobNotification(failed, { notifyDone: false, language: 'en', now: 5 })!;
    expect(en).toMatchObject({
      event: 'JobFailed',
      roomIds: [7],
      recorderIds: ['nas'],
      title: 'Failed: Upload',
      body: '主播 · a.flv\nstep 2 (upload): quota exceeded',
      action: { kind: 'openWindow' },
      facts: { rule: 'Upload', error: 'quota exceeded', file: 'a.flv', name: '主播' },
    });
    expect(jobNotification(failed, { notifyDone: false, language: 'zh-CN', now: 5 })).toMatchObject(
      {
        title: '处理失败：Upload',
        body: '主播 · a.flv\n第 2 步（upload）: quota exceeded',
      },
    );
  });

  it('pops up a done job only when chosen, showing its output', () => {
    const done = { ...sampleJob(), status: 'done' as const, step: 2, outputPath: '/rec/a.mp4' };
    expect(jobNotification(done, { notifyDone: false, language: 'en', now: 5 })).toBeNull();
    expect(jobNotification(done, { notifyDone: true, language: 'en', now: 5 })).toMatchObject({
      event: 'JobDone',
      title: 'Done: Upload',
      action: { kind: 'showFile', path: '/rec/a.mp4' },
      facts: { output: 'a.mp4' },
    });
  });
});
