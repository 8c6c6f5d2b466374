import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../main/app/app-ports';
import type { CallResponse } from '../../shared/ipc-contract';
import { startApp, stopApps } from '../fakes/app-harness';
import { fixtureJson } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';

afterEach(stopApps);

const FILE_CLOSED = fixtureJson<{ EventData: { RelativePath: string } }>(
  'synthesized/webhook-v2-FileClosed.json',
);

describe('buildPipeline: the Files list cue', () => {
  it('tells files:changed once the finished file is readable, with file popups switched off', async () => {
    const h = await startApp({ settings: { notifications: { events: { FileClosed: false } } } });
    // Read in the listener itself, as a window does on the cue: the row must be there already.
    const reads: Promise<CallResponse<'history:files'>>[] = [];
    const cues: AppEvent[] = [];
    h.app.subscribe((message) => {
      if (message.event !== 'files:changed') return;
      cues.push(message);
      reads.push(h.app.handlers['history:files']({ limit: 50, offset: 0 }));
    });

    const answer = await postWebhook(h.webhookUrl, JSON.stringify(FILE_CLOSED));
    expect(answer.status).toBe(204);
    await vi.waitFor(() => expect(reads).toHaveLength(1), { timeout: 10_000 });

    const page = await reads[0]!;
    const listed = page.items.map((file) => file.relativePath);
    expect(listed).toEqual([FILE_CLOSED.EventData.RelativePath]);
    expect(cues[0]!.payload).toMatchObject({ relativePath: FILE_CLOSED.EventData.RelativePath });
    expect(h.shown).toEqual([]); // no popup: the cue does not ride on a notification
  });
});
