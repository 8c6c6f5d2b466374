import type { RecorderStatusKind } from '../../shared/app-state';
import type { WindowStrings } from '../../shared/i18n/window';
import { apiLight } from './api-memory';

/** A recorder's light in the header: its tone and its words. */
export interface RecorderLight {
  tone: 'good' | 'quiet' | 'bad';
  text: string;
}

/**
 * How the header shows a recorder's connection. An API that never answered is "not set up"
 * (neutral), not an error: see apiLight.
 */
export function recorderLight(
  status: RecorderStatusKind,
  url: string,
  strings: Pick<WindowStrings, 'header' | 'setup'>,
): RecorderLight {
  const h = strings.header;
  const light = apiLight(status, url);
  const text =
    light === 'off'
      ? h.recorder.off
      : light === 'notSetUp'
        ? status === 'off'
          ? h.recorder.connecting
          : `${strings.setup.api} · ${strings.setup.apiNotSetUp}`
        : h.recorder[status === 'off' ? 'connecting' : status];
  return { tone: light === 'ok' ? 'good' : light === 'failing' ? 'bad' : 'quiet', text };
}
