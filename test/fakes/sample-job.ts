import { JobRule } from '../../shared/job-rules';
import type { Job } from '../../shared/jobs';
import { newJob, publicJob } from '../../main/features/jobs/core/job-record';

/** A queued job of a two-step rule (remux, then upload) on one file, as the window sees it. */
export function sampleJob(): Job {
  const stored = newJob(
    {
      rule: JobRule.parse({
        id: 'up',
        name: 'Upload',
        steps: [{ kind: 'remux' }, { kind: 'upload', remote: 'x:' }],
      }),
      facts: {
        ...{ recorderId: 'nas', roomId: 7, streamer: '主播', title: 't' },
        ...{ area: '', sessionId: '', endedAt: 0 },
      },
      inputs: ['/rec/a.flv'],
      subject: '/rec/a.flv',
    },
    'j1',
    10,
  );
  return publicJob(stored);
}
