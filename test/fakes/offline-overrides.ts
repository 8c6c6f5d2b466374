import type { Settings } from '../../shared/settings';
import type { SettingsOverrides } from '../../main/app/app-ports';
import { CLOSED_LIVE_API_HOST } from '../helpers/headless-process';

/**
 * The settings overrides of a desktop-app test run: a free port, no recorder polled, room
 * pictures from a closed loopback port (no test reaches bilibili); `more` adds a test's own.
 */
export function offlineOverrides(
  more: (settings: Settings) => Partial<Settings> = () => ({}),
): SettingsOverrides {
  return {
    apply: (s) => ({
      ...s,
      listener: { ...s.listener, port: 0 },
      recorders: s.recorders.map((r) => ({ ...r, url: '' })),
      pictures: { ...s.pictures, liveApiHost: CLOSED_LIVE_API_HOST },
      ...more(s),
    }),
    locked: [],
  };
}
