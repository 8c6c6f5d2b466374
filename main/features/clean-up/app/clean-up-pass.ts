import type { HistoryFile } from '../../../../shared/history';
import type { CleanUpSettings } from '../../../../shared/clean-up';
import type { Settings } from '../../../../shared/settings';
import { localRecordingRoot } from '../../../adapters/file-access';
import { listRecordings } from '../adapters/recording-files';
import type { EventPipeline } from '../../../core/event-pipeline';
import type { Clock } from '../../../core/ports';
import { recordingGuard, slashes } from '../core/recording-guard';
import { planCleanUp, type PlannedRule, type CleanUpCandidate } from '../core/clean-up-plan';
import { roomOfPath } from '../core/room-of-path';

/** What planning a clean-up pass reads: the settings, the time, the recorders' state, the Files list. */
export interface PassParts {
  context: { settings: () => Settings; clock: Clock };
  pipeline: Pick<EventPipeline, 'stateOf' | 'rooms'>;
  /** The Files list: which room a listed file is (the path may not say). */
  files: () => readonly Pick<HistoryFile, 'recorderId' | 'relativePath' | 'roomId'>[];
  /** A file a job is working on (the jobs engine); absent: none. */
  isFileBusy?: (path: string) => boolean;
}

/** One pass's plan, with the roots it was listed under and what could not be read. */
export interface PassPlan {
  rules: PlannedRule[];
  /** Each recorder's recording root on this machine, by recorder id. */
  roots: Map<string, string>;
  problems: string[];
}

/**
 * Plans one pass: lists each recorder's recording root, finds each file's room (the Files list,
 * else its path), guards the sessions still recording, and asks the pure planner.
 */
export async function planPass(parts: PassParts, settings: CleanUpSettings): Promise<PassPlan> {
  const { context, pipeline } = parts;
  const now = context.clock();
  const problems: string[] = [];
  const roots = new Map<string, string>();
  const candidates: CleanUpCandidate[] = [];
  const known = new Map(
    parts.files().map((f) => [`${f.recorderId ?? ''}\n${slashes(f.relativePath)}`, f.roomId]),
  );
  const recorders = context.settings().recorders;
  for (const recorder of recorders) {
    const root = localRecordingRoot(recorder);
    if (!root) {
      if (settings.rules.some((r) => !r.recorders?.length || r.recorders.includes(recorder.id)))
        problems.push(`recorder ${recorder.id}: no recording root set, nothing to clean up`);
      continue;
    }
    const listed = await listRecordings(root);
    problems.push(...listed.problems);
    roots.set(recorder.id, root);
    const first = recorder.id === recorders[0]?.id;
    for (const file of listed.files) {
      const roomId =
        known.get(`${recorder.id}\n${file.relativePath}`) ??
        (first ? known.get(`\n${file.relativePath}`) : undefined) ??
        roomOfPath(file.relativePath);
      candidates.push({
        ...file,
        recorderId: recorder.id,
        ...(roomId !== undefined ? { roomId } : {}),
      });
    }
  }
  const rooms = pipeline.rooms();
  const isRecording = recordingGuard(
    recorders.map((recorder) => {
      const state = pipeline.stateOf(recorder.id);
      return {
        recorderId: recorder.id,
        files: state.files.list(),
        isSessionEnded: (id: string) => state.files.isSessionEnded(id),
        rooms: rooms.filter((room) => (room.recorderId ?? recorders[0]?.id) === recorder.id),
      };
    }),
    now,
  );
  const rules = planCleanUp({
    now,
    rules: settings.rules,
    files: candidates,
    isRecording,
    ...(parts.isFileBusy ? { isFileBusy: parts.isFileBusy } : {}),
  });
  return { rules, roots, problems };
}
