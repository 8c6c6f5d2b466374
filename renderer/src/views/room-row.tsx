import { formatBytes, formatDuration } from '../../../shared/format';
import type { MuteChoice } from '../../../shared/room-mute-choice';
import type { RoomState } from '../../../shared/model';
import type { Attention } from '../attention';
import { useApp } from '../app-context';
import { Avatar } from '../components/avatar';
import { ProblemBadge } from '../components/problem-badge';
import { RoomControls } from '../components/room-controls';
import { ATTENTION_TEXT } from '../../../shared/i18n/window/attention';
import type { RoomTier } from '../../../shared/room-tier';
import { formatWhen } from '../format-time';
import { roomHealth } from '../room-health';
import { roomKey } from '../recorder-rooms';
import { RoomActions } from './room-actions';
import { roomLabel } from '../../../shared/platforms';

const LINE = 22;
const PADDING = 16;
/** The controls line: 24 px of buttons and its gap. */
const CONTROLS_LINE = 28;

/**
 * A room row's height in px: one line offline, a title line when live, stats while recording,
 * and the recorder's controls (one line of buttons, room-controls.css) on the selected row.
 */
export function roomRowHeight(
  room: RoomState,
  attention: readonly Attention[],
  expanded = false,
): number {
  let lines = 1;
  if (room.streaming || room.recording) lines += 1;
  if (room.recording && room.stats) lines += 1;
  // The guardian's problems are pills in the head line; the flags' words take a line.
  if (attention.some((a) => a.code === undefined && a.kind !== 'problem')) lines += 1;
  return PADDING + lines * LINE + 4 + (expanded ? CONTROLS_LINE : 0);
}

function stateClass(room: RoomState): string {
  if (room.recording) return 'is-recording';
  if (room.streaming) return 'is-live';
  return 'is-offline';
}

/**
 * Ids of the parts of a room's row that name it: name, number, its recorder, state, title,
 * attention (by `roomKey`: a room on two recorders has two rows).
 */
export function roomLabelIds(room: Pick<RoomState, 'roomId' | 'recorderId'>): string {
  return ['name', 'number', 'recorder', 'state', 'title', 'attention']
    .map((part) => `room-${roomKey(room)}-${part}`)
    .join(' ');
}

/** The room's state: a pill while recording or live, words for screen readers when offline. */
function RoomStatePill({ room }: { room: RoomState }) {
  const s = useApp().strings.rooms;
  const id = `room-${roomKey(room)}-state`;
  if (room.recording)
    return (
      <span id={id} class="pill pill-recording">
        <span aria-hidden="true">● </span>
        {s.recording}
      </span>
    );
  if (room.streaming)
    return (
      <span id={id} class="pill pill-live">
        <span aria-hidden="true">▶ </span>
        {s.live}
      </span>
    );
  return (
    <span id={id} class="sr-only">
      {s.offline}
    </span>
  );
}

/** The live room's title line, with its area. */
function RoomTitleLine({ room }: { room: RoomState }) {
  const area = [room.areaNameParent, room.areaNameChild].filter(Boolean).join(' · ');
  return (
    <div id={`room-${roomKey(room)}-title`} class="room-line room-title">
      <span data-content>{room.title}</span>
      {area ? (
        <span class="room-area" data-content>
          {' · '}
          {area}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The recording's statistics line: session time, file size, speed (with the duration ratio when
 * it is off), and when they were read if they are stale.
 */
function RoomStatsLine({
  room,
  stats,
  stale,
}: {
  room: RoomState;
  stats: NonNullable<RoomState['stats']>;
  stale: boolean;
}) {
  const { strings, language } = useApp();
  const s = strings.rooms;
  const l = strings.lists;
  const health = roomHealth(stats.durationRatio);
  return (
    <div class="room-line room-stats">
      <span>
        {s.session} {formatDuration(stats.sessionDurationMs / 1000)}
      </span>
      <span>
        {s.fileSize} {formatBytes(stats.currentFileSize)}
      </span>
      <span class={`speed-chip speed-${health?.kind ?? 'none'}`}>
        {s.mbps(stats.networkMbps.toFixed(1))}
        {health && health.kind !== 'good' ? ` · ×${health.ratio.toFixed(2)}` : ''}
      </span>
      {stale ? (
        <span class="room-updated">
          {l.updatedAt(formatWhen(room.updatedAt, language), l.sourceApi)}
        </span>
      ) : null}
    </div>
  );
}

/**
 * One room, compact: the name first (the room number gives way when space is short), state
 * pills with icons, the title while live, statistics while recording (greyed with their time
 * when stale), and what needs attention in words. The row is the list's tab stop; its buttons
 * are reached by mouse or by the row's keys (Enter, M).
 */
export function RoomRow({
  room,
  muted,
  attention,
  attentionText,
  onMute,
  onOpenLive,
  expanded = false,
  tier = 'normal',
  onTier,
  recorderName,
}: {
  expanded?: boolean;
  /** The room's tier (shared/room-tier.ts): a favourite is marked ★, a quiet room with a pill. */
  tier?: RoomTier;
  onTier?: (room: RoomState, tier: RoomTier) => void;
  /** The name of the recorder that has the room, where there are several recorders. */
  recorderName?: string | undefined;
  room: RoomState;
  muted: boolean;
  attention: readonly Attention[];
  attentionText: readonly string[];
  /** Not notified as chosen (an hour, today, always), or notified again (`null`). */
  onMute: (room: RoomState, choice: MuteChoice | null) => void;
  onOpenLive: (room: RoomState) => void;
}) {
  const { strings, language } = useApp();
  const s = strings.rooms;
  const l = strings.lists;
  const stats = room.recording ? room.stats : undefined;
  const stale = attention.some((a) => a.kind === 'stale');
  const needs = attention.some((a) => a.kind !== 'stale');
  const key = roomKey(room);
  return (
    <article
      class={`room ${stateClass(room)} ${needs ? 'needs-attention' : ''} ${stale ? 'is-stale' : ''} ${expanded ? 'is-selected' : ''}`}
      data-room-id={room.roomId}
      data-recorder-id={room.recorderId}
    >
      <div class="room-line room-head">
        <Avatar pictures={room.pictures} />
        <span id={`room-${key}-name`} class="room-name" data-content title={room.name}>
          {roomLabel(room, room.name, language)}
        </span>
        {tier === 'favourite' ? (
          <span class="favourite-mark" title={ATTENTION_TEXT[language].favouriteMark}>
            ★<span class="sr-only">{ATTENTION_TEXT[language].favouriteMark}</span>
          </span>
        ) : null}
        <span id={`room-${key}-number`} class="room-number">
          {room.platform === undefined
            ? s.roomNumber(room.roomId, room.shortId)
            : (room.platformRoom ?? '')}
        </span>
        {recorderName === undefined ? null : (
          <span id={`room-${key}-recorder`} class="pill pill-recorder" data-content>
            <span class="sr-only">{s.onRecorder}</span>
            {recorderName}
          </span>
        )}
        <RoomStatePill room={room} />
        {room.recording && !room.danmakuConnected ? (
          <span class="pill pill-warn">{l.chatDown}</span>
        ) : null}
        <ProblemBadge room={room} />
        {muted ? <span class="pill pill-quiet">{l.dontNotify}</span> : null}
        {tier === 'quiet' ? (
          <span class="pill pill-quiet">{ATTENTION_TEXT[language].quietPill}</span>
        ) : null}
        <RoomActions
          room={room}
          muted={muted}
          tier={tier}
          onTier={onTier}
          onMute={onMute}
          onOpenLive={onOpenLive}
        />
      </div>
      {room.streaming || room.recording ? <RoomTitleLine room={room} /> : null}
      {stats ? <RoomStatsLine room={room} stats={stats} stale={stale} /> : null}
      {expanded ? <RoomControls room={room} /> : null}
      {attentionText.length > 0 ? (
        <div id={`room-${key}-attention`} class="room-line room-attention">
          <span aria-hidden="true">⚠ </span>
          {attentionText.join(' · ')}
        </div>
      ) : null}
    </article>
  );
}
