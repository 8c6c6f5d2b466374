import type { RecorderDraft } from '../recorder-draft';
import type { RecorderCheck } from './recorder-link';

/** What one recorder's card gets from the Recorders section. */
export interface RecorderCardProps {
  index: number;
  recorder: RecorderDraft;
  /** How many recorders the form holds (the last one cannot be removed). */
  count: number;
  /** A launch option fixes the list: no Remove. */
  listLocked: boolean;
  errors: readonly string[];
  locked: (path: string) => boolean;
  onChange: (changes: Partial<RecorderDraft>) => void;
  onRemove: () => void;
  check: RecorderCheck | undefined;
  onCheck: (check: RecorderCheck) => void;
  saveFirst: () => Promise<boolean>;
}
