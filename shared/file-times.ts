import { isNoneMs, timestampMs } from './recorder/timestamp';

function ms(timestamp: string | undefined): number | undefined {
  if (timestamp === undefined) return undefined;
  try {
    const at = timestampMs(timestamp); // read once: a FileClosed's two times are read here
    return isNoneMs(at) ? undefined : at;
  } catch {
    return undefined; // not the recorder's format: fall back to when the app heard of it
  }
}

/**
 * When a file was recorded, from the recorder's own open and close times; `own` false when only
 * the app's receipt time is known (files recovered days later would all read "now" otherwise).
 */
export function fileTimes(file: {
  openedAt?: string | undefined;
  closedAt?: string | undefined;
  finishedAt: number;
}): {
  from: number | undefined;
  to: number;
  own: boolean;
} {
  const to = ms(file.closedAt);
  return to === undefined
    ? { from: undefined, to: file.finishedAt, own: false }
    : { from: ms(file.openedAt), to, own: true };
}
