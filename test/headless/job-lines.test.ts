import { describe, expect, it } from 'vitest';
import { sampleJob } from '../fakes/sample-job';
import { jobLines } from '../../main/headless/job-lines';
import type { OutputLine } from '../../main/headless/output';

describe('jobLines', () => {
  it('print a line per change of state or step, not per progress', () => {
    const lines: OutputLine[] = [];
    const line = jobLines((l) => lines.push(l));
    const queued = sampleJob();
    line(queued);
    line({ ...queued, status: 'running' });
    line({ ...queued, status: 'running', progress: 0.5 });
    line({ ...queued, status: 'done', step: 2, outputPath: '/rec/a.mp4' });
    expect(lines).toEqual([
      { type: 'job', id: 'j1', ruleId: 'up', step: 'remux', status: 'queued' },
      { type: 'job', id: 'j1', ruleId: 'up', step: 'remux', status: 'running' },
      { type: 'job', id: 'j1', ruleId: 'up', step: 'upload', status: 'done', output: '/rec/a.mp4' },
    ]);
  });
});
