import { pollsRecorderApi, type RecorderKind } from './recorder-kind';
import { DEFAULT_RECORDER_ID, type RecorderSetting, type Settings } from './settings';

/** The first recorder: the one that keeps the plain `/webhook` URL (and that launch flags set). */
export function firstRecorder(settings: Pick<Settings, 'recorders'>): RecorderSetting {
  // The schema keeps at least one; a hand-built object without any is a bug, said plainly.
  const first = settings.recorders[0];
  if (!first) throw new Error('settings: no recorder (the schema keeps at least one)');
  return first;
}

/** The recorder with this id, if the settings have it. */
export function recorderById(
  settings: Pick<Settings, 'recorders'>,
  id: string,
): RecorderSetting | undefined {
  return settings.recorders.find((recorder) => recorder.id === id);
}

/** How a recorder is named to the user: its name, or its id when it has none. */
export function recorderLabel(recorder: Pick<RecorderSetting, 'id' | 'name'>): string {
  return recorder.name.trim() || recorder.id;
}

/**
 * Whether this app speaks to the recorder's BililiveRecorder API: its address is set and it is
 * BililiveRecorder (other kinds' APIs are not that one; a kind left out is BililiveRecorder).
 */
export function hasRecorderApi(
  recorder: Pick<RecorderSetting, 'url'> & { kind?: RecorderKind },
): boolean {
  return pollsRecorderApi(recorder.kind ?? 'bililive-recorder') && recorder.url.trim() !== '';
}

/** A fresh id for a new recorder, not yet used in the list (`recorder-2`, `recorder-3`…). */
export function nextRecorderId(recorders: readonly Pick<RecorderSetting, 'id'>[]): string {
  const used = new Set(recorders.map((recorder) => recorder.id));
  for (let n = recorders.length + 1; ; n += 1) {
    const id = n === 1 ? DEFAULT_RECORDER_ID : `recorder-${n}`;
    if (!used.has(id)) return id;
  }
}

/**
 * A `settings:update` patch that changes one recorder's fields (arrays replace as a whole in a
 * patch, so the whole list is sent with that one entry changed).
 */
export function recorderPatch(
  settings: Pick<Settings, 'recorders'>,
  id: string,
  fields: Partial<Omit<RecorderSetting, 'id'>>,
): { recorders: RecorderSetting[] } {
  return {
    recorders: settings.recorders.map((recorder) =>
      recorder.id === id ? { ...recorder, ...fields } : recorder,
    ),
  };
}
