import { readFile } from 'node:fs/promises';
import { parseJsonText, safeParseUnknown } from '../../shared/parse';
import { Settings } from '../../shared/settings';
import { UsageError, type HeadlessOptions } from './headless-options';

/** Settings for headless mode: the `--config` file (if any) with the command-line flags on top. */
export async function headlessSettings(options: HeadlessOptions): Promise<Settings> {
  let fromFile: unknown = {};
  if (options.config !== undefined) {
    let text: string;
    try {
      text = await readFile(options.config, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read --config ${options.config}: ${(error as Error).message}`);
    }
    const json = parseJsonText(text.replace(/^\uFEFF/, ''));
    if (!json.ok) throw new UsageError(`--config ${options.config} is not JSON: ${json.error}`);
    fromFile = json.value;
  }
  const parsed = safeParseUnknown(Settings, fromFile);
  if (!parsed.ok) throw new UsageError(`--config ${options.config}: ${parsed.reasons.join('; ')}`);
  const s = parsed.value;
  return {
    ...s,
    ...(options.language ? { language: options.language } : {}),
    listener: {
      host: options.host ?? s.listener.host,
      port: options.port ?? s.listener.port,
      token: options.token ?? s.listener.token,
    },
    recorder: {
      ...s.recorder,
      url: options.recorderUrl ?? s.recorder.url,
      username: options.recorderUser ?? s.recorder.username,
      password: options.recorderPass ?? s.recorder.password,
      rooms: options.rooms.length > 0 ? options.rooms : s.recorder.rooms,
      pollIntervalSeconds: options.pollIntervalSeconds ?? s.recorder.pollIntervalSeconds,
    },
    recordingRoot: options.recordingRoot ?? s.recordingRoot,
  };
}
