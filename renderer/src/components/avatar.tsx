import type { RoomPictures } from '../../../shared/model';
import { pictureSrc } from '../../../shared/picture-key';

/**
 * The streamer's avatar beside a name, from the app's picture cache (`/pictures/<key>` on the
 * window's own origin, so the CSP's `img-src 'self'` covers it). Decorative: the name beside it
 * says who it is. Nothing while not cached; hidden if the file was evicted meanwhile.
 */
export function Avatar({
  pictures,
  size = 20,
}: {
  pictures: RoomPictures | undefined;
  size?: number;
}) {
  const src = pictureSrc(pictures?.face);
  if (!src) return null;
  return (
    <img
      class="avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      decoding="async"
      draggable={false}
      onError={(event) => {
        event.currentTarget.hidden = true;
      }}
    />
  );
}
