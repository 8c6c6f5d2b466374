import type { RecorderWebhook } from '../../shared/recorder/webhook';
import type { RoomChange } from '../core/happening';
import { areaText, RoomChanges, type RoomLook } from '../core/room-changes';
import type { HappeningSource, SourceContext } from '../core/plug-ins';
import type { RoomState } from '../../shared/model';

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

/** A room's look as the app knows it or a poll reads it. */
function roomLook(
  room: Pick<RoomState, 'roomId' | 'title' | 'areaNameParent' | 'areaNameChild'>,
): RoomLook {
  return {
    roomId: room.roomId,
    title: room.title,
    area: areaText(room.areaNameParent, room.areaNameChild),
  };
}

/**
 * Title and area changes as happenings (`RoomChanged`), from webhooks and polls, one per room per
 * minute (main/core/room-changes.ts). Nothing is watched while the switch is off, and nothing is
 * offered for a room outside `notifications.roomChangeRooms` (when that list is set): no alert and
 * no history noise.
 */
export function roomChangeSource(
  setTimer: (fn: () => void, ms: number) => () => void = unrefTimer,
): HappeningSource {
  let watch: { changes: RoomChanges; unsubscribe: () => void } | undefined;
  let stopWatching: (() => void) | undefined;
  const end = () => {
    watch?.unsubscribe();
    watch?.changes.stop();
    watch = undefined;
  };
  return {
    name: 'room-changes',
    start(context) {
      // Switched off (the default), nothing is watched: no call for every webhook and poll.
      const wanted = () =>
        !context.onSettingsChange || context.settings().notifications.events.RoomChanged;
      if (wanted()) watch = watchRooms(context, setTimer);
      stopWatching = context.onSettingsChange?.(() => {
        if (wanted() && !watch) watch = watchRooms(context, setTimer, context.rooms());
        else if (!wanted()) end();
      });
    },
    stop() {
      stopWatching?.();
      stopWatching = undefined;
      end();
    },
  };
}

/**
 * Watches the rooms' titles and areas in webhooks and polls. `known`: where their changes start
 * from when watching starts late (switched on: the rooms as the app knows them, which is what the
 * looks while switched off would have left); none at start, as before any look.
 */
function watchRooms(
  context: SourceContext,
  setTimer: (fn: () => void, ms: number) => () => void,
  known: readonly RoomState[] = [],
): { changes: RoomChanges; unsubscribe: () => void } {
  let source: 'webhook' | 'poll' = 'poll';
  const changes = new RoomChanges({
    setTimer,
    changed: (roomId, change) => offerChange(context, roomId, change, source),
  });
  for (const room of known) changes.look(roomLook(room));
  const unsubscribe = context.observe({
    webhook: (webhook) => {
      const look = webhookLook(webhook);
      source = 'webhook';
      if (look) changes.look(look);
    },
    polled: (rooms) => {
      source = 'poll';
      for (const room of rooms) changes.look(roomLook(room));
    },
  });
  return { changes, unsubscribe };
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
