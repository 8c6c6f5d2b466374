import { DEFAULT_RECORDER_ID, RecorderSetting, type SettingsInput } from '../../shared/settings';

/**
 * One recorder's settings with the schema's defaults (id `default`, the first recorder's); the
 * fields are laid over them unchecked, so a test can hand the app a value it must refuse.
 */
export function recorderSetting(fields: SettingsInputRecorder = {}): RecorderSetting {
  return {
    ...RecorderSetting.parse({ id: fields.id ?? DEFAULT_RECORDER_ID }),
    ...fields,
  } as RecorderSetting;
}

/** A settings patch (or input) that sets the one recorder of a test. */
export function oneRecorder(fields: SettingsInputRecorder = {}): { recorders: RecorderSetting[] } {
  return { recorders: [recorderSetting(fields)] };
}

/** A recorder's fields as a test writes them (any may be left out). */
export type SettingsInputRecorder = Partial<NonNullable<SettingsInput['recorders']>[number]>;
