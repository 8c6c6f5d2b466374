import type { AppNotification } from '../../../../shared/model';

/** A popup's pictures as local files: the avatar as its icon, the cover as its image. */
export interface PopupPictures {
  icon?: string;
  image?: string;
}

/** The cached files of a notification's pictures (none while not downloaded). */
export function popupPictures(notification: AppNotification): PopupPictures {
  const icon = notification.pictures?.face?.path;
  const image = notification.pictures?.cover?.path;
  return { ...(icon ? { icon } : {}), ...(image ? { image } : {}) };
}
