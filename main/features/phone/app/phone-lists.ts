import { baseName, formatBytes, formatDuration } from '../../../../shared/format';
import { PHONE_TEXT } from '../../../../shared/i18n/phone-text';
import { recorderLabel } from '../../../../shared/recorders';
import type { ContractHandlers } from '../../../../shared/ipc-contract';
import type { Language, Settings } from '../../../../shared/settings';
import { statfsFreeSpace, type FreeSpacePort } from '../../guardian/adapters/free-space';

// The phone's listing answers (/last, /jobs, /disk), apart from the commands that act.

const FILES_LISTED = 5;

/** What the lists read (the runner's deps fit). */
export interface PhoneListDeps {
  calls: Pick<ContractHandlers, 'history:files' | 'jobs:list'>;
  settings: () => Pick<Settings, 'recorders'>;
  /** Free bytes of the file system holding a folder (default: the guardian's statfs). */
  freeSpace?: FreeSpacePort;
}

/** The last finished files: name, size, length. */
export async function lastFiles(deps: PhoneListDeps, language: Language): Promise<string> {
  const page = await deps.calls['history:files']({ limit: FILES_LISTED, offset: 0 });
  if (page.items.length === 0) return PHONE_TEXT[language].noFiles;
  return page.items
    .map((file) => {
      const size = file.fileSize === undefined ? '' : ` · ${formatBytes(file.fileSize)}`;
      const length = file.durationSeconds ? ` · ${formatDuration(file.durationSeconds)}` : '';
      return `• ${baseName(file.relativePath)}${size}${length}`;
    })
    .join('\n');
}

/** The jobs running or failed. */
export async function jobList(deps: PhoneListDeps, language: Language): Promise<string> {
  const { jobs } = await deps.calls['jobs:list']({ status: ['running', 'failed'] });
  if (jobs.length === 0) return PHONE_TEXT[language].noJobs;
  return jobs
    .slice(0, FILES_LISTED * 2)
    .map((job) => `• ${job.ruleName} · ${job.streamer} (${job.roomId}) · ${job.status}`)
    .join('\n');
}

/** Each recorder's recording folder, and the space left on its disk (as this computer sees it). */
export async function diskLeft(deps: PhoneListDeps, language: Language): Promise<string> {
  const text = PHONE_TEXT[language];
  const freeSpace = deps.freeSpace ?? statfsFreeSpace;
  const lines = await Promise.all(
    deps.settings().recorders.map(async (recorder) => {
      if (recorder.recordingRoot === '') return `• ${recorderLabel(recorder)}: ${text.noRoot}`;
      const free = await freeSpace(recorder.recordingRoot).catch(() => undefined);
      const said = free === undefined ? text.diskUnknown : text.diskFree(formatBytes(free));
      return `• ${recorderLabel(recorder)}: ${said}`;
    }),
  );
  return lines.join('\n');
}
