import path from 'node:path';
import type { RecorderSetting } from '../../../../shared/settings';
import type { KindTranslation } from '../../../adapters/webhook-listener/listener-types';
import type { Logger } from '../../../core/ports';
import type { KindEvent, RoomFacts } from '../core/kind-event';
import { KIND_NAMES, isTranslatedKind, kindEvents } from '../core/kind-events';
import { recorderBody } from '../core/recorder-body';
import { relativeToRoot } from '../core/relative-to-root';
import { fileSizeOf } from './file-size';
import { kindGuid } from './kind-guid';

/** What the translator reads: the recorder's settings, what the app knows of its rooms, the time. */
export interface KindTranslatorDeps {
  recorder: (recorderId: string) => RecorderSetting | undefined;
  knownRoom: (recorderId: string, roomId: number) => Partial<RoomFacts> | undefined;
  clock: () => number;
  log: Logger;
  /** The recorder's own problem (full disk, an error, an expired login). */
  onProblem?: (recorderId: string, problem: Extract<KindEvent, { type: 'Problem' }>) => void;
}

/**
 * The listener's `translate` (listener-types.ts): a body that came in on a blrec, DDTV or
 * biliLive-tools recorder's URL is read by that kind into BililiveRecorder bodies; a finished
 * file's size comes from the disk when the kind sends none. Undefined for other kinds.
 */
export function kindTranslator(
  deps: KindTranslatorDeps,
): (recorderId: string, body: unknown) => Promise<KindTranslation> | undefined {
  return (recorderId, body) => {
    const recorder = deps.recorder(recorderId);
    if (!recorder || !isTranslatedKind(recorder.kind)) return undefined;
    const kind = recorder.kind;
    const parsed = kindEvents(kind, body, { receivedAt: deps.clock() });
    if (!parsed.ok) {
      const error = `not a ${KIND_NAMES[kind]} event this app reads`;
      return Promise.resolve({ ok: false, error, reasons: parsed.reasons });
    }
    return bodiesOf(parsed.value, recorder, deps, `${kind} ${typeOf(body)}`);
  };
}

async function bodiesOf(
  events: readonly KindEvent[],
  recorder: RecorderSetting,
  deps: KindTranslatorDeps,
  via: string,
): Promise<KindTranslation> {
  const bodies: object[] = [];
  for (const event of events) {
    if (event.type === 'Problem') {
      deps.log.warn(`${recorder.id}: ${event.problem}: ${event.detail}`);
      deps.onProblem?.(recorder.id, event);
      continue;
    }
    const context = {
      guidOf: kindGuid,
      knownRoom: (roomId: number) => deps.knownRoom(recorder.id, roomId),
      via,
      ...(event.type === 'FileClosed' ? { file: await fileFacts(event, recorder) } : {}),
    };
    bodies.push(recorderBody(event, context));
  }
  return { ok: true, bodies };
}

async function fileFacts(
  event: Extract<KindEvent, { type: 'FileClosed' }>,
  recorder: RecorderSetting,
): Promise<{ relativePath: string; size: number }> {
  const relativePath = relativeToRoot(event.path, recorder.recordingRoot);
  const candidates = [event.path];
  if (recorder.recordingRoot !== '')
    candidates.push(path.join(recorder.recordingRoot, relativePath));
  const size = event.size ?? (await fileSizeOf(candidates)) ?? 0;
  return { relativePath, size };
}

/** The event's own type name for the event log (`LiveBeganEvent`, `StartLiveEvent`, `record_start`). */
function typeOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  const type = record.type ?? record.cmd;
  return typeof type === 'string' ? type.slice(0, 60) : '';
}
