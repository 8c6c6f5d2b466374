/**
 * The room a recording belongs to, from its path under the recording root when the Files list
 * does not know it: the recorder's default template is
 * `{roomId}-{name}/录制-{roomId}-{date}-{time}-{title}.flv` (docs/recorder.md), so the folder's
 * leading number or the file name's `录制-<room>-`. A custom template may give neither: undefined.
 */
export function roomOfPath(relativePath: string): number | undefined {
  const parts = relativePath.split(/[\\/]/);
  const name = parts.at(-1) ?? '';
  const fromName = /^录制-(\d{1,10})-/.exec(name)?.[1];
  const fromFolder = parts.length > 1 ? /^(\d{1,10})-/.exec(parts[0] ?? '')?.[1] : undefined;
  const found = fromName ?? fromFolder;
  if (found === undefined) return undefined;
  const roomId = Number(found);
  return Number.isSafeInteger(roomId) ? roomId : undefined;
}
