import { useMemo, useState } from 'preact/hooks';
import type { RoomFilter, RoomSort } from '../../../shared/i18n/window/lists';
import type { RoomState } from '../../../shared/model';
import type { SettingsPatch } from '../../../shared/settings-patch';
import { useApp } from '../app-context';
import type { Attention } from '../attention';
import { AddRoomForm } from '../components/add-room-form';
import { commandableOf, roomControlsShown } from '../components/room-controls';
import { managesRoomsNow } from '../../../shared/kind-abilities';
import { RoomToolbar } from '../components/room-toolbar';
import { SetupCard } from '../components/setup-card';
import { StatusLine } from '../components/status-line';
import { VirtualList } from '../components/virtual-list';
import { filterRooms, orderRooms, passesFilter, roomCounts } from '../room-list';
import { reportCall } from '../report-call';
import { useStoredChoice } from '../use-stored-choice';
import { useRoomAttention } from '../use-room-attention';
import { RoomRow, roomLabelIds, roomRowHeight } from './room-row';
import { isRoomMuted, roomMutePatch, type MuteChoice } from '../../../shared/room-mute-choice';
import { favouritesFirst, roomTier, withRoomTier, type RoomTier } from '../../../shared/room-tier';
import { RecorderChips } from '../components/recorder-chips';
import {
  passesRecorder,
  recorderChips,
  recorderOfRoom,
  roomKey,
  showsRecorders,
  type RecorderFilter,
} from '../recorder-rooms';

const NO_ATTENTION: readonly Attention[] = [];
const SORTS: readonly RoomSort[] = ['status', 'name', 'number'];

/** The add-room form, folded: at 420 px the rooms themselves come first. */
function AddRoomDetails() {
  const { strings } = useApp();
  return (
    <details class="add-room-details">
      <summary>{strings.rooms.controls.addTitle}</summary>
      <AddRoomForm />
    </details>
  );
}

/** Rooms not notified now: always, or for an hour or today (the state's pushes re-read the clock). */
function useMutedRooms(): ReadonlySet<number> {
  const { state, settings } = useApp();
  const notifications = settings?.notifications;
  return useMemo(
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
}

/** A room's mute and tier choices, saved to the settings; a refusal is said in `setMessage`. */
function useRoomChoices(setMessage: (message: string | null) => void) {
  const { settings, saveSettings } = useApp();
  const notifications = settings?.notifications;
  const save = (patch: NonNullable<SettingsPatch['notifications']>) =>
    void saveSettings({ notifications: patch }).then((result) =>
      setMessage(result.ok ? null : result.errors.join('; ')),
    );
  const setMute = (room: RoomState, choice: MuteChoice | null) => {
    if (notifications !== undefined)
      save(roomMutePatch(notifications, room.roomId, choice, Date.now()));
  };
  const setTier = (room: RoomState, tier: RoomTier) => {
    if (notifications === undefined) return;
    const lists = withRoomTier(notifications, room.roomId, tier);
    save({ favourites: [...lists.favourites], quietRooms: [...lists.quietRooms] });
  };
  return { setMute, setTier };
}

/**
 * Every room the app knows, those that need attention first, by state chips and text, compact
 * rows (a grid from 750 px), only the visible rows rendered. The set-up card comes first until
 * the recorder's first webhook has arrived.
 */
export function RoomsView() {
  const { api, state, settings, strings } = useApp();
  const s = strings.rooms;
  const l = strings.lists;
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<RoomFilter>('all');
  const [sort, setSort] = useStoredChoice<RoomSort>('recorderTray.roomSort', 'status', SORTS);
  const [byRecorder, setByRecorder] = useState<RecorderFilter>('all');
  const [message, setMessage] = useState<string | null>(null);
  // The selected row (the list's active row, by roomKey) shows its recorder's controls when that
  // recorder can be told something now (by its kind).
  const [selected, setSelected] = useState<string | null>(null);
  const several = showsRecorders(state);
  const controlsFor = (room: RoomState) =>
    roomControlsShown(commandableOf(recorderOfRoom(state, room), state.recorder.status));
  // Adding a room is BililiveRecorder's alone (shared/kind-abilities.ts).
  const anyControls = state.recorders.some(managesRoomsNow);
  const notifications = settings?.notifications;
  const muted = useMutedRooms();
  const attention = useRoomAttention();
  const needsAttention = (room: RoomState) => attention.has(roomKey(room));
  const favourites = notifications?.favourites;
  // The recorder filter first: the state chips and their counts are of that recorder's rooms.
  const ofRecorder = useMemo(
    () => state.rooms.filter((room) => passesRecorder(room, several ? byRecorder : 'all')),
    [state.rooms, byRecorder, several],
  );
  // Favourites are pinned first, whatever the sort.
  const ordered = useMemo(
    () => favouritesFirst(orderRooms(ofRecorder, { sort, needsAttention }), favourites ?? []),
    [ofRecorder, sort, attention, favourites],
  );
  const shown = useMemo(
    () =>
      filterRooms(ordered, text).filter((room) =>
        passesFilter(room, filter, {
          attention: attention.has(roomKey(room)),
          muted: muted.has(room.roomId),
        }),
      ),
    [ordered, text, filter, attention, muted],
  );
  const counts = useMemo(
    () => roomCounts(ofRecorder, { attention: needsAttention, muted }),
    [ofRecorder, attention, muted],
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
        attention.get(roomKey(room)) ?? NO_ATTENTION,
        controlsFor(room) && roomKey(room) === selected,
      ),
    [attention, state.recorders, selected],
  );

  const { setMute, setTier } = useRoomChoices(setMessage);
  const openLive = (room: RoomState) => {
    reportCall(api.linkOpen({ kind: 'liveRoom', roomId: room.roomId }), setMessage);
  };

  return (
    <div class="view view-rooms">
      <SetupCard />
      {anyControls ? <AddRoomDetails /> : null}
      <RoomToolbar
        text={text}
        onText={setText}
        filter={filter}
        onFilter={setFilter}
        sort={sort}
        onSort={setSort}
        counts={counts}
        shown={shown.length}
      >
        {several ? (
          <RecorderChips
            chips={recorderChips(state.rooms, state.recorders)}
            total={state.rooms.length}
            filter={byRecorder}
            onFilter={setByRecorder}
          />
        ) : null}
      </RoomToolbar>
      <StatusLine text={message} tone="error" />
      {shown.length === 0 ? (
        <p class="empty">{state.rooms.length === 0 ? s.empty : s.noMatch}</p>
      ) : (
        <VirtualList
          items={shown}
          rowHeight={rowHeight}
          rowKey={roomKey}
          rowLabelledBy={roomLabelIds}
          label={`${s.listLabel} (${l.rowHint})`}
          minColumnWidth={340}
          onActivate={openLive}
          onActiveChange={(room) => setSelected(roomKey(room))}
          onRowKey={(room, event) => {
            if (event.key === 'm' || event.key === 'M')
              setMute(room, muted.has(room.roomId) ? null : 'always');
          }}
          renderRow={(room) => {
            const found = attention.get(roomKey(room)) ?? NO_ATTENTION;
            return (
              <RoomRow
                room={room}
                muted={muted.has(room.roomId)}
                attention={found}
                attentionText={attentionText(found)}
                onMute={setMute}
                onOpenLive={openLive}
                expanded={controlsFor(room) && roomKey(room) === selected}
                tier={notifications ? roomTier(notifications, room.roomId) : 'normal'}
                onTier={setTier}
                recorderName={several ? recorderOfRoom(state, room)?.name : undefined}
              />
            );
          }}
        />
      )}
    </div>
  );
}
