import { fileTimes } from '../../../../shared/file-times';
import type { HistoryFile } from '../../../../shared/history';
import { recorderById } from '../../../../shared/recorders';
import type { RecorderSetting, Settings } from '../../../../shared/settings';
import type { JobSpec } from '../core/job-record';
import { matchingRules, SessionFiles } from '../core/rule-match';
import type { Happening } from '../../../core/happening';
import { roomPageUrl } from '../../../core/links';
import type { HappeningSource } from '../../../core/plug-ins';
import {
  checkRecordingFile,
  localRecordingRoot,
  probeRecordingFile,
} from '../../../adapters/file-access';
import type { HistoryReader } from '../../../adapters/database/history-tables';
import type { JobsEngine } from './jobs-engine';

/**
 * Where a finished file is on this machine, if anywhere: the path the pipeline resolved under its
 * recorder's recording root, checked again on the disk (a symlink out of the root is refused).
 */
async function checkedPath(
  happening: Happening,
  recorder: RecorderSetting,
): Promise<string | null> {
  const resolved = happening.fileCheck?.resolvedPath;
  const root = localRecordingRoot(recorder);
  if (!resolved || !root) return null;
  return (await probeRecordingFile(resolved, root)) === 'exists' ? resolved : null;
}

/** The facts a job keeps of its happening. */
function factsOf(happening: Happening, recorderId: string): JobSpec['facts'] {
  const { room, file } = happening;
  const area = [room.areaNameParent, room.areaNameChild].filter((a) => a !== '').join(' · ');
  return {
    recorderId,
    roomId: happening.roomId,
    roomUrl: roomPageUrl({ ...room, roomId: happening.roomId }) ?? '',
    streamer: file?.name || room.name,
    title: file?.title || room.title,
    area,
    sessionId: happening.sessionId ?? file?.sessionId ?? '',
    endedAt: happening.at,
  };
}

/** When a file began recording (the recorder's times; else when the app heard of it): its part. */
function recordedFrom(file: NonNullable<Happening['file']>, heardAt: number): number {
  const times = fileTimes({ ...file, finishedAt: heardAt });
  return times.from ?? times.to;
}

/**
 * Queues jobs from what the recorder finished: a FileClosed whose file resolves under its
 * recorder's recording root, a SessionEnded with the session's files (gathered until the
 * guardian's report wait after its end: the recorder keeps no order). Test events and replays
 * start nothing; what runs is named by the local settings' rules only, never by a webhook.
 */
export function jobStarter(engine: Pick<JobsEngine, 'add'>): HappeningSource {
  const sessions = new SessionFiles();
  const facts = new Map<string, JobSpec['facts']>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop = () => {};
  return {
    name: 'jobs',
    start(context) {
      const holdMs = () => context.settings().guardian.reportWaitSeconds * 1000;
      const flush = () => {
        timer = undefined;
        const settings = context.settings();
        for (const due of sessions.due(context.clock(), holdMs())) {
          const known = facts.get(due.key);
          facts.delete(due.key);
          if (!known || due.files.length === 0) continue;
          for (const rule of matchingRules(
            settings.jobs,
            'SessionEnded',
            known.roomId,
            known.recorderId,
          ))
            void engine.add({
              rule,
              facts: known,
              inputs: due.files,
              subject: `session:${due.key}`,
            });
        }
        schedule();
      };
      const schedule = () => {
        const at = sessions.nextDueAt(holdMs());
        if (at === null || timer) return;
        timer = setTimeout(flush, Math.max(0, at - context.clock()));
        timer.unref?.();
      };
      const happened = async (happening: Happening) => {
        if (happening.source === 'test' || happening.source === 'replay') return;
        const settings = context.settings(); // jobs switched off: never called (enabledBy)
        const recorderId = happening.recorderId;
        const recorder = recorderId ? recorderById(settings, recorderId) : undefined;
        if (!recorderId || !recorder) return;
        const sessionKey = `${recorderId}|${happening.sessionId ?? happening.file?.sessionId ?? ''}`;
        if (happening.kind === 'FileClosed') {
          const path = await checkedPath(happening, recorder);
          if (path === null) return;
          const spec = { facts: factsOf(happening, recorderId), inputs: [path], subject: path };
          for (const rule of matchingRules(
            settings.jobs,
            'FileClosed',
            happening.roomId,
            recorderId,
          ))
            void engine.add({ ...spec, rule });
          if (happening.file?.sessionId)
            sessions.fileClosed(sessionKey, path, recordedFrom(happening.file, happening.at));
        } else if (happening.kind === 'SessionEnded' && happening.sessionId) {
          facts.set(sessionKey, factsOf(happening, recorderId));
          sessions.ended(sessionKey, context.clock());
          schedule();
        }
      };
      stop = context.observe({
        enabledBy: 'jobs',
        happened: (happening) =>
          void happened(happening).catch((error: unknown) =>
            context.log.error(`job starter: ${String(error)}`),
          ),
      });
    },
    stop() {
      stop();
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * The newest finished file that resolves, today, under its recorder's recording root: what
 * "try on the last file" runs a rule on.
 */
export async function lastFinishedFile(
  history: Pick<HistoryReader, 'files'>,
  settings: Settings,
): Promise<Omit<JobSpec, 'rule'> | null> {
  const { items } = history.files({ limit: 50, offset: 0 });
  for (const file of items) {
    const recorder = recorderById(settings, file.recorderId ?? settings.recorders[0]!.id);
    if (!recorder?.recordingRoot) continue;
    const check = await checkRecordingFile(file.relativePath, {
      ...recorder,
      openFileOnClick: false,
    });
    if (!check.resolved.ok || check.access !== 'exists') continue;
    return {
      facts: fileFacts(file, recorder.id),
      inputs: [check.resolved.path],
      subject: check.resolved.path,
    };
  }
  return null;
}

function fileFacts(file: HistoryFile, recorderId: string): JobSpec['facts'] {
  return {
    recorderId,
    roomId: file.roomId,
    roomUrl: roomPageUrl(file) ?? '',
    streamer: file.name,
    title: file.title,
    area: '',
    sessionId: file.sessionId ?? '',
    endedAt: file.finishedAt,
  };
}
