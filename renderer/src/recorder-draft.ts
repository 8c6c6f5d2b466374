import { RecorderSetting, type PathMapping } from '../../shared/settings';
import type { RecorderKind } from '../../shared/recorder-kind';
import { normaliseRecorderUrl } from '../../shared/settings-rules';
import { draftNumber } from './draft-number';
import { roomWords } from './room-words';

/** One recorder as the settings form edits it: numbers and the rooms stay text until saved. */
export interface RecorderDraft {
  id: string;
  kind: RecorderKind;
  name: string;
  url: string;
  username: string;
  password: string;
  pollInterval: string;
  rooms: string;
  unreachableMinutes: string;
  recordingRoot: string;
  pathMappings: PathMapping[];
}

/** A recorder's form values from its settings. */
export function recorderDraftOf(recorder: RecorderSetting): RecorderDraft {
  return {
    id: recorder.id,
    kind: recorder.kind,
    name: recorder.name,
    url: recorder.url,
    username: recorder.username,
    password: recorder.password,
    pollInterval: String(recorder.pollIntervalSeconds),
    rooms: recorder.rooms.join(' '),
    unreachableMinutes: String(recorder.unreachableNotifyAfterMinutes),
    recordingRoot: recorder.recordingRoot,
    pathMappings: recorder.pathMappings.map((m) => ({ ...m })),
  };
}

/** A new recorder's form values: the schema's defaults with the name and address given. */
export function newRecorderDraft(id: string, name: string, url: string): RecorderDraft {
  return { ...recorderDraftOf(RecorderSetting.parse({ id })), name: name.trim(), url };
}

/**
 * The recorder's settings from its form values, over what it had (`base`: its stored settings,
 * or the defaults for a new one). Text that is not a number is named in `errors` by its path
 * (`recorders[N].field`) and leaves the stored value.
 */
export function recorderFromDraft(
  base: RecorderSetting,
  draft: RecorderDraft,
  index: number,
  notANumber: string,
  errors: string[],
): RecorderSetting {
  const at = `recorders[${index}]`;
  const number = (field: string, text: string, fallback: number): number =>
    draftNumber(text, `${at}.${field}`, notANumber, errors) ?? fallback;
  const rooms = roomWords(draft.rooms);
  if (rooms.bad !== undefined) errors.push(`${at}.rooms[${rooms.bad}]: ${notANumber}`);
  return {
    ...base,
    kind: draft.kind,
    name: draft.name.trim(),
    // Unchanged text keeps the stored value exactly (a URL the user never touched stays as main has it).
    url: draft.url === base.url ? base.url : normaliseRecorderUrl(draft.url),
    username: draft.username,
    password: draft.password,
    pollIntervalSeconds: number(
      'pollIntervalSeconds',
      draft.pollInterval,
      base.pollIntervalSeconds,
    ),
    rooms: rooms.bad === undefined ? rooms.numbers : base.rooms,
    unreachableNotifyAfterMinutes: number(
      'unreachableNotifyAfterMinutes',
      draft.unreachableMinutes,
      base.unreachableNotifyAfterMinutes,
    ),
    recordingRoot: draft.recordingRoot.trim(),
    // Blank rows are rows the user added and left; half-filled ones go to main to be named.
    pathMappings: draft.pathMappings
      .map((m) => ({ from: m.from.trim(), to: m.to.trim() }))
      .filter((m) => m.from !== '' || m.to !== ''),
  };
}
