import type { CleanUpFile, CleanUpRule } from '../../../../shared/clean-up';

const DAY_MS = 86_400_000;
const GIB = 1024 ** 3;
/** A file modified this recently is never removed: the recorder may be writing it (a missed webhook). */
export const FRESH_FILE_MS = 10 * 60_000;

/** A recording found under its recorder's recording root, and where it is on this machine. */
export type CleanUpCandidate = Omit<CleanUpFile, 'reason'> & {
  /** The file on this machine (what a busy check and the removal get). */
  path: string;
};

/** What the planner needs besides the files: the time, the rules and what must stay. */
export interface CleanUpPlanInput {
  now: number;
  rules: readonly CleanUpRule[];
  files: readonly CleanUpCandidate[];
  /** A file of a session still recording (main/features/clean-up/core/recording-guard.ts). */
  isRecording: (file: CleanUpCandidate) => boolean;
  /** A file a job is working on (the jobs engine's port); default: none. */
  isFileBusy?: (path: string) => boolean;
}

/** What one rule would remove, oldest first. */
export interface PlannedRule {
  rule: number;
  files: (CleanUpFile & { path: string })[];
  bytes: number;
}

/**
 * What each rule removes now: of the files it covers (its recorders and rooms; none listed: all),
 * those older than `keepDays`, and, newest kept first, those past `keepGiB` in all; oldest first.
 * Never a file of a session still recording, a file a job works on, a file modified in the last
 * ten minutes, or a path that is not plainly under its root (`..`, absolute). A file two rules
 * cover goes with the first rule that removes it. Files that stay still count towards `keepGiB`.
 */
export function planCleanUp(input: CleanUpPlanInput): PlannedRule[] {
  const claimed = new Set<string>();
  const isBusy = input.isFileBusy ?? (() => false);
  const mustStay = (file: CleanUpCandidate) =>
    !isPlainRelative(file.relativePath) ||
    input.now - file.modifiedAt < FRESH_FILE_MS ||
    input.isRecording(file) ||
    isBusy(file.path);
  return input.rules.map((rule, index) => {
    const covered = input.files
      .filter((file) => covers(rule, file))
      .sort((a, b) => b.modifiedAt - a.modifiedAt || a.relativePath.localeCompare(b.relativePath));
    const out: PlannedRule['files'] = [];
    let kept = 0;
    for (const file of covered) {
      const key = `${file.recorderId}\n${file.relativePath}`;
      if (claimed.has(key)) continue; // an earlier rule removes it: it takes no room here
      kept += file.bytes;
      const reason =
        rule.keepDays !== undefined && input.now - file.modifiedAt > rule.keepDays * DAY_MS
          ? 'keepDays'
          : rule.keepGiB !== undefined && kept > rule.keepGiB * GIB
            ? 'keepGiB'
            : undefined;
      if (!reason || mustStay(file)) continue;
      claimed.add(key);
      out.push({ ...file, reason });
    }
    out.reverse(); // oldest first
    return { rule: index, files: out, bytes: out.reduce((sum, file) => sum + file.bytes, 0) };
  });
}

function covers(rule: CleanUpRule, file: CleanUpCandidate): boolean {
  if (rule.recorders && rule.recorders.length > 0 && !rule.recorders.includes(file.recorderId))
    return false;
  if (rule.rooms && rule.rooms.length > 0)
    return file.roomId !== undefined && rule.rooms.includes(file.roomId);
  return true;
}

/** A relative path of names only: no empty, `.` or `..` part, not absolute, no drive. */
export function isPlainRelative(relativePath: string): boolean {
  if (relativePath === '' || /^[A-Za-z]:/.test(relativePath)) return false;
  return relativePath.split(/[\\/]/).every((part) => part !== '' && part !== '.' && part !== '..');
}
