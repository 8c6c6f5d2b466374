import { PictureSource } from '../adapters/picture-source';
import type { AppContext } from '../../../app/app-context';

/**
 * The rooms' pictures (avatar, cover): opened before the pipeline, so that every decision (a
 * recovered one too) carries what the cache holds, and attached with the sources. New pictures
 * reach the window and the tray with the next state push.
 */
export async function openPictures(context: AppContext): Promise<PictureSource> {
  const pictures = await PictureSource.open(context);
  pictures.onChange(() => context.stateChanged());
  return pictures;
}
