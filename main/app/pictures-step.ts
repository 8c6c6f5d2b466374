import { PictureSource } from '../adapters/pictures/picture-source';
import { DEFAULT_LIVE_API_HOST } from '../../shared/settings';
import type { AppCore } from './app-core';

/**
 * The rooms' pictures (avatar, cover): opened before the pipeline, so that every decision (a
 * recovered one too) carries what the cache holds, and attached with the sources. New pictures
 * reach the window and the tray with the next state push.
 */
export async function openPictures(core: AppCore): Promise<PictureSource> {
  const pictures = await PictureSource.open({ ...core, settings: testSafeSettings(core) });
  pictures.onChange(() => core.statePush.request());
  return pictures;
}

/**
 * Test-only: RECORDER_TRAY_LIVE_API_HOST replaces bilibili's own host (never one the user set),
 * so that no test run reaches bilibili: the test config points it at a closed loopback port, and
 * tests of the pictures point `pictures.liveApiHost` at their fake.
 */
function testSafeSettings(core: AppCore): AppCore['settings'] {
  const replacement = process.env.RECORDER_TRAY_LIVE_API_HOST;
  if (!replacement) return core.settings;
  return () => {
    const settings = core.settings();
    if (settings.pictures.liveApiHost.replace(/\/$/, '') !== DEFAULT_LIVE_API_HOST) return settings;
    return { ...settings, pictures: { ...settings.pictures, liveApiHost: replacement } };
  };
}
