import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../../shared/jobs';
import type { SettingsPatch } from '../../../../shared/settings-patch';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { oneRecorder } from '../../../fakes/recorder-settings';
import { fixtureJson } from '../../../helpers/fixtures';
import { makeFlv, probe } from '../../../helpers/media-tools';

afterEach(() => stopApps());

const RELATIVE = '23058-3号直播间/录制-23058-20240317-203703-677-哔哩哔哩音悦台.flv';

describe('jobs for a finished file recovered at start', () => {
  it('a FileClosed answered but not processed before the app stopped still gets its job', async () => {
    const root = await mkdtemp(join(tmpdir(), 'jobs-recovered-root-'));
    const flv = join(root, RELATIVE);
    await makeFlv(flv);
    // A data folder as the build before the database left it when killed right after the 2xx:
    // the delivery in the journal, the processed mark before it. It is imported and recovered.
    const dataDir = await mkdtemp(join(tmpdir(), 'jobs-recovered-data-'));
    const body = fixtureJson<{ EventData: Record<string, unknown> }>(
      'synthesized/webhook-v2-FileClosed.json',
    );
    body.EventData.RelativePath = RELATIVE;
    const delivery = {
      seq: 1,
      receivedAt: Date.now(),
      source: 'webhook',
      recorderId: 'default',
      userAgent: 'node',
      body,
    };
    await writeFile(join(dataDir, 'journal.jsonl'), `${JSON.stringify(delivery)}\n`);
    await writeFile(join(dataDir, 'processed.json'), JSON.stringify({ throughSeq: 0 }));

    const h = await startApp({
      dataDir,
      settings: {
        ...oneRecorder({ url: '', recordingRoot: root }),
        jobs: { enabled: true, rules: [{ id: 'mp4', steps: [{ kind: 'remux' }] }] },
      } as SettingsPatch,
    });
    let done: Job | undefined;
    await vi.waitFor(
      async () => {
        const { jobs } = await h.app.handlers['jobs:list']({});
        expect(jobs).toHaveLength(1);
        done = jobs.find((job) => job.status === 'done');
        expect(done).toBeDefined();
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(done).toMatchObject({ ruleId: 'mp4', inputs: [flv] });
    expect((await probe(flv.replace(/\.flv$/, '.mp4'))).codecs).toEqual(['h264', 'aac']);
  });
});
