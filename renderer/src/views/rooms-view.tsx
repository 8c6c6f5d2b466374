import { useMemo, useState } from 'preact/hooks';
import type { RoomFilter, RoomSort } from '../../../shared/i18n/window/lists';
import type { RoomState } from '../../../shared/model';
import { apiLight } from '../api-memory';
import { useApp } from '../app-context';
import { attentionOf, problemsByRoom, type Attention } from '../attention';
import { AddRoomForm } from '../components/add-room-form';
import { roomControlsShown } from '../components/room-controls';
import { RoomToolbar } from '../components/room-toolbar';
import { SetupCard } from '../components/setup-card';
import { StatusLine } from '../components/status-line';
import { VirtualList } from '../components/virtual-list';
import { filterRooms, orderRooms, passesFilter, roomCounts } from '../room-list';
import { reportAction } from '../report-action';
import { useStoredChoice } from '../use-stored-choice';
import { RoomRow, roomLabelIds, roomRowHeight } from './room-row';
import { isRoomMuted, roomMutePatch, type MuteChoice } from '../../../shared/room-mute-choice';
import { firstRecorder } from '../../../shared/recorders';
import { favouritesFirst, roomTier, withRoomTier, type RoomTier } from '../../../shared/room-tier';

const NO_ATTENTION: readonly Attention[] = [];
const SORTS: readonly RoomSort[] = ['status', 'name', 'number'];

/**
 * Every room the app knows, those that need attention first, by state chips and text, compact
 * rows (a grid from 750 px), only the visible rows rendered. The set-up card comes first until
 * the recorder's first webhook has arrived.
 */
export function RoomsView() {
  const { api, state, settings, saveSettings, strings } = useApp();
  const s = strings.rooms;
  const l = strings.lists;
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<RoomFilter>('all');
  const [sort, setSort] = useStoredChoice<RoomSort>('recorderTray.roomSort', 'status', SORTS);
  const [message, setMessage] = useState<string | null>(null);
  // The selected room (the list's active row) shows the recorder's controls when its API answers.
  const [selected, setSelected] = useState<number | null>(null);
  const controls = roomControlsShown(state.recorder.status);
  const notifications = settings?.notifications;
  // Rooms not notified now: always, or for an hour or today (the state's pushes re-read the clock).
  const muted = useMemo(
    () =>
      new Set(
        notifications === undefined
          ? []
          : state.rooms
              .filter((room) => isRoomMuted(notifications, room.roomId, Date.now()))
              .map((room) => room.roomId),
      ),
    [notifications, state.rooms],
  );
  const pollIntervalSeconds = settings ? firstRecorder(settings).pollIntervalSeconds : 10;
  const apiOk =
    apiLight(state.recorder.status, settings ? firstRecorder(settings).url : '') === 'ok';

  const attention = useMemo(() => {
    const context = {
      now: Date.now(),
      pollIntervalSeconds,
      apiOk,
      problems: problemsByRoom(state.problems),
    };
    const map = new Map<number, Attention[]>();
    for (const room of state.rooms) {
      const found = attentionOf(room, context);
      if (found.length > 0) map.set(room.roomId, found);
    }
    return map;
  }, [state.rooms, state.problems, pollIntervalSeconds, apiOk]);
  const needsAttention = (room: RoomState) => attention.has(room.roomId);
  const favourites = notifications?.favourites;
  // Favourites are pinned first, whatever the sort.
  const ordered = useMemo(
    () => favouritesFirst(orderRooms(state.rooms, { sort, needsAttention }), favourites ?? []),
    [state.rooms, sort, attention, favourites],
  );
  const shown = useMemo(
    () =>
      filterRooms(ordered, text).filter((room) =>
        passesFilter(room, filter, {
          attention: attention.has(room.roomId),
          muted: muted.has(room.roomId),
        }),
      ),
    [ordered, text, filter, attention, muted],
  );
  const counts = useMemo(
    () => roomCounts(state.rooms, { attention: needsAttention, muted }),
    [state.rooms, attention, muted],
  );
  // The guardian's problems are named by the problem badge in the row's head; the line below
  // words what the flags say.
  const attentionText = (found: readonly Attention[]) =>
    found.flatMap((a) =>
      a.code !== undefined || a.kind === 'problem' ? [] : [l.attention[a.kind]],
    );
  const rowHeight = useMemo(
    () => (room: RoomState) =>
      roomRowHeight(
        room,
        attention.get(room.roomId) ?? NO_ATTENTION,
        controls && room.roomId === selected,
      ),
    [attention, controls, selected],
  );

  const setMute = (room: RoomState, choice: MuteChoice | null) => {
    if (notifications === undefined) return;
    const patch = roomMutePatch(notifications, room.roomId, choice, Date.now());
    void saveSettings({ notifications: patch }).then((result) =>
      setMessage(result.ok ? null : result.errors.join('; ')),
    );
  };
  const setTier = (room: RoomState, tier: RoomTier) => {
    if (notifications === undefined) return;
    const lists = withRoomTier(notifications, room.roomId, tier);
    const patch = { favourites: [...lists.favourites], quietRooms: [...lists.quietRooms] };
    void saveSettings({ notifications: patch }).then((result) =>
      setMessage(result.ok ? null : result.errors.join('; ')),
    );
  };
  const openLive = (room: RoomState) => {
    reportAction(api.linkOpen({ kind: 'liveRoom', roomId: room.roomId }), setMessage);
  };

  return (
    <div class="view view-rooms">
      <SetupCard />
      {controls ? (
        // The add-room form, folded: at 420 px the rooms themselves come first.
        <details class="add-room-details">
          <summary>{s.controls.addTitle}</summary>
          <AddRoomForm />
        </details>
      ) : null}
      <RoomToolbar
        text={text}
        onText={setText}
        filter={filter}
        onFilter={setFilter}
        sort={sort}
        onSort={setSort}
        counts={counts}
        shown={shown.length}
      />
      <StatusLine text={message} tone="error" />
      {shown.length === 0 ? (
        <p class="empty">{state.rooms.length === 0 ? s.empty : s.noMatch}</p>
      ) : (
        <VirtualList
          items={shown}
          rowHeight={rowHeight}
          rowKey={(room) => room.roomId}
          rowLabelledBy={(room) => roomLabelIds(room.roomId)}
          label={`${s.listLabel} (${l.rowHint})`}
          minColumnWidth={340}
          onActivate={openLive}
          onActiveChange={(room) => setSelected(room.roomId)}
          onRowKey={(room, event) => {
            if (event.key === 'm' || event.key === 'M')
              setMute(room, muted.has(room.roomId) ? null : 'always');
          }}
          renderRow={(room) => {
            const found = attention.get(room.roomId) ?? NO_ATTENTION;
            return (
              <RoomRow
                room={room}
                muted={muted.has(room.roomId)}
                attention={found}
                attentionText={attentionText(found)}
                onMute={setMute}
                onOpenLive={openLive}
                expanded={controls && room.roomId === selected}
                tier={notifications ? roomTier(notifications, room.roomId) : 'normal'}
                onTier={setTier}
              />
            );
          }}
        />
      )}
    </div>
  );
}
