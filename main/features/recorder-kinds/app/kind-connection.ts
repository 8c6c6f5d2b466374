import type { RecorderConnection } from '../../../../shared/app-state';
import {
  streamDownText,
  streamUpText,
  type StreamDown,
  type StreamedKind,
} from '../../../../shared/i18n/kind-text';
import { recorderOffMessage } from '../../../../shared/recorder/connection-status';
import type { Language, RecorderSetting } from '../../../../shared/settings';

/** The kind of a recorder read over its event stream (blrec, bililive-go); undefined for the rest. */
export function streamedKindOf(recorder: Pick<RecorderSetting, 'kind'>): StreamedKind | undefined {
  return recorder.kind === 'blrec' || recorder.kind === 'bililive-go' ? recorder.kind : undefined;
}

/**
 * The light of a recorder read over its event stream, in its own words: webhooks only without an
 * address, red with why while the stream is down, else `off` (never `ok`: this app does not poll
 * its API) saying where its events are read from.
 */
export function kindConnection(
  kind: StreamedKind,
  url: string,
  down: StreamDown | undefined,
  language: Language,
): RecorderConnection {
  const address = url.trim();
  if (address === '') return { status: 'off', message: recorderOffMessage(false, language) };
  return down
    ? { status: 'unreachable', message: streamDownText(kind, down, address, language) }
    : { status: 'off', message: streamUpText(kind, address, language) };
}
