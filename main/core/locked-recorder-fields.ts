import type { RecorderSetting, Settings } from '../../shared/settings';
import type { SettingsPatch } from '../../shared/settings-patch';

const LOCKED_FIELD = /^recorders\[(\d+)\]\.([A-Za-z]+)$/;

/**
 * A patch's recorders with the fields a launch option fixes (`recorders[0].url` from
 * `--recorder-url`) put back to their stored values. The window sends the whole list (a patch
 * replaces arrays), holding the values in force, flags included; saved as sent, a flag would
 * outlive the launch it was given to. A recorder whose id moved is left as sent.
 */
export function keepLockedRecorderFields(
  patch: SettingsPatch,
  stored: Pick<Settings, 'recorders'>,
  locked: readonly string[],
): SettingsPatch {
  const sent = patch.recorders;
  if (!Array.isArray(sent)) return patch;
  const recorders = sent.map((recorder) => ({ ...recorder }));
  for (const path of locked) {
    const match = LOCKED_FIELD.exec(path);
    if (!match) continue;
    const index = Number(match[1]);
    const key = match[2] as keyof RecorderSetting;
    const target = recorders[index];
    const kept = stored.recorders[index];
    if (!target || !kept || target.id !== kept.id || !(key in kept) || key === 'id') continue;
    (target as Record<string, unknown>)[key] = kept[key];
  }
  return { ...patch, recorders };
}
