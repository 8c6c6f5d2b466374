import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkedImage, MAX_PICTURE_BYTES, type ImageResult } from './image-download';

// The recorder names the cover after the recording: Path.ChangeExtension(flv, "cover" + the
// cover URL's extension), i.e. `<name>.cover.jpg` beside `<name>.flv` (BililiveRecorder.Core/
// Room.cs, SaveStreamCoverAsync, with the room's SaveStreamCover setting on).
const COVER_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.gif'];

/** The files the recorder may have saved as a recording's cover, in the order they are tried. */
export function recorderCoverCandidates(recordingPath: string): string[] {
  const parsed = path.parse(recordingPath);
  return COVER_EXTENSIONS.map((ext) => path.join(parsed.dir, `${parsed.name}.cover${ext}`));
}

/**
 * The cover the recorder saved beside a finished recording (already resolved inside the
 * recording root), when there is one: a regular file (not a link out of the folder), at most
 * 2 MB, and an image by its bytes.
 */
export async function readRecorderCover(
  recordingPath: string,
): Promise<{ path: string; image: Extract<ImageResult, { ok: true }> } | undefined> {
  for (const candidate of recorderCoverCandidates(recordingPath)) {
    try {
      const info = await lstat(candidate);
      if (!info.isFile() || info.size > MAX_PICTURE_BYTES) continue;
      const image = checkedImage(new Uint8Array(await readFile(candidate)));
      if (image.ok) return { path: candidate, image };
    } catch {
      // Not there: the next candidate.
    }
  }
  return undefined;
}
