import { formatBytes, formatDuration } from '../../../shared/format';
import type { RoomState } from '../../../shared/model';
import { useApp } from '../app-context';
import { roomHealth } from '../room-health';

/** Height of one room row in px; the CSS of `.room` lays the four lines out inside it. */
export const ROOM_ROW_HEIGHT = 104;

function stateClass(room: RoomState): string {
  if (room.recording) return 'is-recording';
  if (room.streaming) return 'is-live';
  return 'is-offline';
}

/** One room: who, what, where, its flags and, while recording, its statistics and health. */
export function RoomRow({
  room,
  muted,
  onToggleMute,
  onOpenLive,
}: {
  room: RoomState;
  muted: boolean;
  onToggleMute: (room: RoomState) => void;
  onOpenLive: (room: RoomState) => void;
}) {
  const { strings } = useApp();
  const s = strings.rooms;
  const stats = room.recording ? room.stats : undefined;
  const health = roomHealth(stats?.durationRatio);
  const area = [room.areaNameParent, room.areaNameChild].filter(Boolean).join(' · ');
  return (
    <article class={`room ${stateClass(room)}`} data-room-id={room.roomId}>
      <div class="room-line room-head">
        <span class="room-dot" aria-hidden="true" />
        <span class="room-name" data-content title={room.name}>
          {room.name}
        </span>
        <span class="room-number">{s.roomNumber(room.roomId, room.shortId)}</span>
        <span class="room-actions">
          <button
            type="button"
            class={`button button-small ${muted ? 'is-pressed' : ''}`}
            aria-pressed={muted}
            onClick={() => onToggleMute(room)}
          >
            {s.mute}
          </button>
          <button type="button" class="button button-small" onClick={() => onOpenLive(room)}>
            {s.openLive}
          </button>
        </span>
      </div>
      <div class="room-line room-title" data-content title={room.title}>
        {room.title}
      </div>
      <div class="room-line room-flags">
        <span class={`pill ${room.streaming ? 'pill-live' : 'pill-quiet'}`}>
          {room.streaming ? s.live : s.offline}
        </span>
        {room.recording ? <span class="pill pill-recording">{s.recording}</span> : null}
        <span class="pill pill-quiet">{room.danmakuConnected ? s.danmakuOn : s.danmakuOff}</span>
        {muted ? <span class="pill pill-quiet">{s.muted}</span> : null}
        <span class="room-area" data-content>
          {area}
        </span>
      </div>
      <div class="room-line room-stats">
        {stats ? (
          <>
            <span>
              {s.session} {formatDuration(stats.sessionDurationMs / 1000)}
            </span>
            <span>
              {s.fileSize} {formatBytes(stats.currentFileSize)}
            </span>
            <span>
              {s.network} {s.mbps(stats.networkMbps.toFixed(1))}
            </span>
            {health ? (
              <span class={`health health-${health.kind}`}>
                {health.kind === 'good'
                  ? s.health.good
                  : s.health[health.kind](health.ratio.toFixed(2))}
              </span>
            ) : null}
          </>
        ) : null}
      </div>
    </article>
  );
}
