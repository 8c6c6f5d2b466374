import type { RecorderWebhook } from '../../shared/recorder/webhook';
import type { RoomChange } from '../core/happening';
import { areaText, RoomChanges, type RoomLook } from '../core/room-changes';
import type { HappeningSource, SourceContext } from '../core/plug-ins';

/** A webhook's look at its room: V2 events carry title and area, a V1 body only the title. */
export function webhookLook(webhook: RecorderWebhook): RoomLook | undefined {
  if (webhook.format === 'v1') return { roomId: webhook.data.RoomId, title: webhook.data.Title };
  if (webhook.type === 'unknown') return undefined;
  const data = webhook.data;
  return {
    roomId: data.RoomId,
    title: data.Title,
    area: areaText(data.AreaNameParent, data.AreaNameChild),
  };
}

/**
 * Title and area changes as happenings (`RoomChanged`), from webhooks and polls, one per room per
 * minute (main/core/room-changes.ts). Nothing is offered while the switch is off or for a room
 * outside `notifications.roomChangeRooms` (when that list is set): no alert and no history noise.
 */
export function roomChangeSource(
  setTimer: (fn: () => void, ms: number) => () => void = unrefTimer,
): HappeningSource {
  let watch: RoomChanges | undefined;
  let unsubscribe: (() => void) | undefined;
  return {
    name: 'room-changes',
    start(context) {
      let source: 'webhook' | 'poll' = 'poll';
      watch = new RoomChanges({
        setTimer,
        changed: (roomId, change) => offerChange(context, roomId, change, source),
      });
      const changes = watch;
      unsubscribe = context.observe({
        webhook: (webhook) => {
          const look = webhookLook(webhook);
          source = 'webhook';
          if (look) changes.look(look);
        },
        polled: (rooms) => {
          source = 'poll';
          for (const room of rooms)
            changes.look({
              roomId: room.roomId,
              title: room.title,
              area: areaText(room.areaNameParent, room.areaNameChild),
            });
        },
      });
    },
    stop() {
      unsubscribe?.();
      watch?.stop();
    },
  };
}

function offerChange(
  context: SourceContext,
  roomId: number,
  change: RoomChange,
  source: 'webhook' | 'poll',
): void {
  const { events, roomChangeRooms } = context.settings().notifications;
  if (!events.RoomChanged) return;
  if (roomChangeRooms.length > 0 && !roomChangeRooms.includes(roomId)) return;
  const [room] = context.roomEverywhere(roomId);
  if (!room) return;
  context.offer({ kind: 'RoomChanged', roomId, at: context.clock(), room, source, change });
}

function unrefTimer(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
}
