import type { SettingsDraft } from '../settings-draft';

/** What each settings section gets: the form, a way to change it, and the last save's errors. */
export interface SectionProps {
  draft: SettingsDraft;
  update: (changes: Partial<SettingsDraft>) => void;
  /** `path: message` errors from the last save. */
  errors: readonly string[];
  /** Whether a launch option fixes the setting at `path` (shown locked). */
  locked: (path: string) => boolean;
}
