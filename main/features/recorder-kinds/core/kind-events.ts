import type { RecorderKind } from '../../../../shared/recorder-kind';
import { bililiveGoEvents } from './bililive-go-events';
import { bililiveToolsEvents } from './bililive-tools-events';
import { blrecEvents } from './blrec-events';
import { ddtvEvents } from './ddtv-events';
import type { KindParse, KindParseContext } from './kind-event';

/** The kinds whose events this app translates (BililiveRecorder's are its own format). */
export type TranslatedKind = 'blrec' | 'ddtv' | 'bililive-tools' | 'bililive-go';

/** Whether a recorder of this kind sends events this app translates (all but BililiveRecorder). */
export function isTranslatedKind(kind: RecorderKind): kind is TranslatedKind {
  return kind !== 'bililive-recorder';
}

/** Reads one event of a webhook kind into the app's happenings, by that kind's format. */
export function kindEvents(
  kind: TranslatedKind,
  body: unknown,
  context: KindParseContext,
): KindParse {
  switch (kind) {
    case 'blrec':
      return blrecEvents(body);
    case 'ddtv':
      return ddtvEvents(body, context);
    case 'bililive-tools':
      return bililiveToolsEvents(body);
    case 'bililive-go':
      // What the app's own stream reader relays: a frame with its room (kind-streams.ts).
      return bililiveGoEvents(body, context);
  }
}

/** The program's name in an answer's error. */
export const KIND_NAMES: Readonly<Record<TranslatedKind, string>> = {
  blrec: 'blrec',
  ddtv: 'DDTV5',
  'bililive-tools': 'biliLive-tools',
  'bililive-go': 'bililive-go',
};
