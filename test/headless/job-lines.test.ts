import { describe, expect, it } from 'vitest';
import { ActionRule } from '../../shared/actions';
import { newJob, publicJob } from '../../main/core/actions/job-record';
import { jobLines } from '../../main/headless/job-lines';
import type { OutputLine } from '../../main/headless/output';

function job() {
  const stored = newJob(
    {
      rule: ActionRule.parse({
        id: 'up',
        name: 'Upload',
        steps: [{ kind: 'remux' }, { kind: 'upload', remote: 'x:' }],
      }),
      facts: {
        recorderId: 'nas',
        roomId: 7,
        streamer: '主播',
        title: 't',
        area: '',
        sessionId: '',
        endedAt: 0,
      },
      inputs: ['/rec/a.flv'],
      subject: '/rec/a.flv',
    },
    'j1',
    10,
  );
  return publicJob(stored);
}

describe('jobLines', () => {
  it('print a line per change of state or step, not per progress', () => {
    const lines: OutputLine[] = [];
    const line = jobLines((l) => lines.push(l));
    const queued = job();
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
