import { describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/jobs';
import { Settings } from '../../../shared/settings';
import { jobOutputRef } from '../../../renderer/src/job-output';
import { withJob } from '../../../renderer/src/use-jobs';

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 'j1',
    ruleId: 'rule-1',
    ruleName: 'MP4',
    on: 'FileClosed',
    recorderId: 'default',
    roomId: 23058,
    streamer: 's',
    title: 't',
    inputs: [],
    steps: [],
    step: 0,
    progress: null,
    status: 'done',
    tries: 1,
    error: null,
    output: [],
    outputPath: null,
    createdAt: 1,
    updatedAt: 1,
    ...overrides,
  };
}

const settingsWithRoot = (recordingRoot: string) =>
  Settings.parse({ recorders: [{ id: 'default', recordingRoot }] });

describe('jobOutputRef: a job result for the shell actions gate', () => {
  it('is the path under the recorder’s recording root', () => {
    expect(
      jobOutputRef(job({ outputPath: '/rec/23058/a b.mp4' }), settingsWithRoot('/rec/')),
    ).toEqual({ roomId: 23058, recorderId: 'default', relativePath: '23058/a b.mp4' });
  });

  it('reads Windows paths without case and with either slash, keeping the file’s own case', () => {
    expect(
      jobOutputRef(job({ outputPath: 'd:\\Rec\\23058\\Live.MP4' }), settingsWithRoot('D:\\rec')),
    ).toEqual({ roomId: 23058, recorderId: 'default', relativePath: '23058/Live.MP4' });
  });

  it('is null outside the root, with no result, no root, or a recorder gone', () => {
    const root = settingsWithRoot('/rec');
    expect(jobOutputRef(job({ outputPath: '/recordings/x.mp4' }), root)).toBeNull();
    expect(jobOutputRef(job({ outputPath: '/rec/../etc/passwd' }), root)).toBeNull();
    expect(jobOutputRef(job({ outputPath: null }), root)).toBeNull();
    expect(jobOutputRef(job({ outputPath: '/rec/x.mp4' }), settingsWithRoot(''))).toBeNull();
    expect(jobOutputRef(job({ outputPath: '/rec/x.mp4', recorderId: 'nas' }), root)).toBeNull();
    expect(jobOutputRef(job({ outputPath: '/rec/x.mp4' }), null)).toBeNull();
  });
});

describe('withJob: the list as jobs:changed changes it', () => {
  it('puts a new job in by age, newest first, and replaces a changed one', () => {
    const older = job({ id: 'a', createdAt: 1 });
    const newer = job({ id: 'b', createdAt: 2, status: 'running' });
    const list = withJob(withJob([], older), newer);
    expect(list.map((j) => j.id)).toEqual(['b', 'a']);
    const changed = withJob(list, { ...older, status: 'failed' });
    expect(changed.map((j) => [j.id, j.status])).toEqual([
      ['b', 'running'],
      ['a', 'failed'],
    ]);
  });
});
