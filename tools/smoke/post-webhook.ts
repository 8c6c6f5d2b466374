// Sends a recorded webhook the way BililiveRecorder does: a POST of its JSON body.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';

/** The recorded FileClosed the smoke test posts (BililiveRecorder issue 553's payload). */
export const SMOKE_WEBHOOK = path.join(
  import.meta.dirname,
  '..',
  '..',
  'test',
  'fixtures',
  'recorder',
  'real',
  'webhook-v2-FileClosed.issue553.json',
);

/** The part of a FileClosed the smoke test checks for afterwards. */
const FileClosed = z.object({
  EventType: z.literal('FileClosed'),
  EventData: z.object({ RelativePath: z.string(), RoomId: z.number(), Name: z.string() }),
});

/** A recorded webhook: its body as sent, and the file it says was closed. */
export interface RecordedWebhook {
  body: string;
  relativePath: string;
  roomId: number;
  /** The streamer's name, as the Rooms view shows it. */
  name: string;
}

/** Reads a recorded FileClosed webhook. */
export async function readRecordedWebhook(file = SMOKE_WEBHOOK): Promise<RecordedWebhook> {
  const body = await readFile(file, 'utf8');
  const { EventData } = FileClosed.parse(JSON.parse(body));
  return {
    body,
    relativePath: EventData.RelativePath,
    roomId: EventData.RoomId,
    name: EventData.Name,
  };
}

/** POSTs the webhook to `url` as the recorder does; resolves with the HTTP status. */
export async function postWebhook(url: string, webhook: RecordedWebhook): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: webhook.body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}
