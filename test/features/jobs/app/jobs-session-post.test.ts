import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { biliupUploadStep } from '../../../../shared/biliup-preset';
import type { SettingsPatch } from '../../../../shared/settings-patch';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { oneRecorder } from '../../../fakes/recorder-settings';
import { fixtureJson } from '../../../helpers/fixtures';
import { postWebhook } from '../../../helpers/http';
import { argvRecorder } from '../../../helpers/media-tools';

afterEach(() => stopApps());

const SESSION = '9c2e4a8a-3f7b-4d8e-a5b1-0c6d2e9f1a47'; // the fixtures' session
const FOLDER = '23058-3号直播间';
// Three parts of one stream: recorded at 20:37, 21:42 and 22:10.
const PARTS = [
  { name: '录制-23058-20240317-203703-677-哔哩哔哩音悦台.flv', opened: '20:37:03.677+08:00' },
  { name: '录制-23058-20240317-214210-902-哔哩哔哩音悦台.flv', opened: '21:42:10.902+08:00' },
  { name: '录制-23058-20240317-221000-001-哔哩哔哩音悦台.flv', opened: '22:10:00.001+08:00' },
];

function fileClosed(part: (typeof PARTS)[number], index: number): string {
  const body = fixtureJson<{ EventId: string; EventData: Record<string, unknown> }>(
    'synthesized/webhook-v2-FileClosed.json',
  );
  body.EventId = `e8a05b37-1c4d-4a9f-b6e2-3d7c0f5a8b9${index}`;
  body.EventData.RelativePath = `${FOLDER}/${part.name}`;
  body.EventData.FileOpenTime = `2024-03-17T${part.opened}`;
  return JSON.stringify(body);
}

describe('a session posted with biliup, through the jobs engine', () => {
  it('moves each part, then calls biliup once with the three parts in the order recorded', async () => {
    const root = await mkdtemp(join(tmpdir(), 'jobs-post-root-'));
    const archive = await mkdtemp(join(tmpdir(), 'jobs-post-archive-'));
    await mkdir(join(root, FOLDER));
    for (const part of PARTS) await writeFile(join(root, FOLDER, part.name), 'FLV');
    const dir = await mkdtemp(join(tmpdir(), 'jobs-post-biliup-'));
    const log = join(dir, 'argv.log');
    const fakeBiliup = await argvRecorder(dir, log); // records its arguments, one line a run
    const upload = biliupUploadStep({
      program: 'biliup',
      cookieFile: '/home/me/cookies.json',
      tid: 171,
      tags: [],
      title: '{streamer}：{title}',
    });
    const h = await startApp({
      settings: {
        ...oneRecorder({ url: '', recordingRoot: root }),
        guardian: { reportWaitSeconds: 1 },
        jobs: {
          enabled: true,
          moveRoots: [archive],
          rules: [
            {
              id: 'post',
              on: 'SessionEnded',
              steps: [
                { kind: 'move', to: join(archive, '{name}') },
                // Node runs the fake, so the test runs alike on every system.
                { ...upload, program: process.execPath, args: [fakeBiliup, ...upload.args] },
              ],
            },
          ],
        },
      } as SettingsPatch,
    });
    // The parts finish out of order, the last after SessionEnded: the recorder keeps no order.
    await postWebhook(h.webhookUrl, fileClosed(PARTS[1]!, 1));
    await postWebhook(h.webhookUrl, fileClosed(PARTS[0]!, 0));
    const ended = fixtureJson<{ EventData: { SessionId: string } }>(
      'synthesized/webhook-v2-SessionEnded.json',
    );
    ended.EventData.SessionId = SESSION;
    await postWebhook(h.webhookUrl, JSON.stringify(ended));
    await postWebhook(h.webhookUrl, fileClosed(PARTS[2]!, 2));

    let done: { status: string; inputs: string[]; steps: { tries: number }[] } | undefined;
    await vi.waitFor(
      async () => {
        const { jobs } = await h.app.handlers['jobs:list']({});
        done = jobs.find((job) => job.status === 'done');
        expect(done).toBeDefined();
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(done!.inputs).toEqual(PARTS.map((part) => join(root, FOLDER, part.name)));
    const runs = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { argv: string[] }).argv);
    expect(runs).toHaveLength(1); // one post for the session
    expect(runs[0]).toEqual([
      ...['-u', '/home/me/cookies.json', 'upload', '--copyright', '2'],
      ...['--source', 'https://live.bilibili.com/23058', '--tid', '171'],
      ...['--title', '3号直播间：哔哩哔哩音悦台'],
      ...PARTS.map((part) => join(archive, part.name)), // each part where the move put it
    ]);
    expect(done!.steps.map((step) => step.tries)).toEqual([1, 1]);
  });
});
