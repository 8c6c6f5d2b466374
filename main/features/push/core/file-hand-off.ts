import * as z from 'zod';
import type { HistoryNotification } from '../../../../shared/history';

/**
 * A finished file as biliLive-tools' `POST /webhook/custom` takes it (its
 * packages/http/src/routes/webhook.ts and its documentation's webhook page): `event` FileClosed, the
 * file's absolute path, the room, a time for its title template, the room's title and the
 * streamer's name (all required by it for FileClosed), and the platform.
 */
export const FileHandOff = z.object({
  event: z.literal('FileClosed'),
  filePath: z.string().min(1),
  /** bilibili's room number; another platform's own room key (its type there is a string). */
  roomId: z.union([z.number(), z.string().min(1)]),
  time: z.string(),
  title: z.string().min(1),
  username: z.string().min(1),
  platform: z.string(),
});
/** A finished file handed to biliLive-tools. */
export type FileHandOff = z.infer<typeof FileHandOff>;

/**
 * The hand-off of a FileClosed decision of one room whose file was found on this machine (its
 * click shows or opens the checked path); undefined otherwise. The local path goes only to a
 * biliLive-tools target (owed-push.ts): other pushes leave the machine with the file's name alone.
 */
export function fileHandOff(entry: HistoryNotification): FileHandOff | undefined {
  const { notification } = entry;
  const action = notification.action;
  const roomId = notification.roomIds.length === 1 ? notification.roomIds[0] : undefined;
  if (notification.event !== 'FileClosed' || roomId === undefined) return undefined;
  if (action?.kind !== 'showFile' && action?.kind !== 'openFile') return undefined;
  const facts = notification.facts ?? {};
  return {
    event: 'FileClosed',
    filePath: action.path,
    roomId: facts.platform && facts.platformRoom ? facts.platformRoom : roomId,
    // ISO 8601, as its docs' example ("2021-05-14T17:52:54.946"); it formats titles from it.
    time: new Date(notification.createdAt).toISOString(),
    // biliLive-tools refuses an empty title or name (500): the file's or room's words stand in.
    title: facts.title || facts.file || String(roomId),
    username: facts.name || String(roomId),
    platform: handOffPlatform(facts.platform),
  };
}

/**
 * The platform as biliLive-tools names it: its ids are lowercase (packages/shared/src/utils/
 * webhook.ts, buildRoomLink: bilibili, huya, douyu, douyin) and Xiaohongshu is `xhs`.
 */
function handOffPlatform(platform: string | undefined): string {
  if (!platform) return 'bilibili';
  return platform === 'xiaohongshu' ? 'xhs' : platform.toLowerCase();
}
