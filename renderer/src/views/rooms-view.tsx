import { useMemo, useState } from 'preact/hooks';
import type { RoomState } from '../../../shared/model';
import { useApp } from '../app-context';
import { SearchField } from '../components/search-field';
import { StatusLine } from '../components/status-line';
import { VirtualList } from '../components/virtual-list';
import { filterRooms, orderRooms, roomCounts } from '../room-list';
import { ROOM_ROW_HEIGHT, RoomRow } from './room-row';
import { reportAction } from '../report-action';

/** Every room the app knows, recording and live first, filterable, only the visible rows rendered. */
export function RoomsView() {
  const { api, state, settings, saveSettings, strings } = useApp();
  const s = strings.rooms;
  const [filter, setFilter] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const ordered = useMemo(() => orderRooms(state.rooms), [state.rooms]);
  const shown = useMemo(() => filterRooms(ordered, filter), [ordered, filter]);
  const counts = useMemo(() => roomCounts(state.rooms), [state.rooms]);
  const mutedRooms = settings?.notifications.mutedRooms;
  const muted = useMemo(() => new Set(mutedRooms ?? []), [mutedRooms]);

  const toggleMute = (room: RoomState) => {
    if (mutedRooms === undefined) return;
    const next = muted.has(room.roomId)
      ? mutedRooms.filter((id) => id !== room.roomId)
      : [...mutedRooms, room.roomId];
    void saveSettings({ notifications: { mutedRooms: next } }).then((result) =>
      setMessage(result.ok ? null : result.errors.join('; ')),
    );
  };
  const openLive = (room: RoomState) => {
    reportAction(api.linkOpen({ kind: 'liveRoom', roomId: room.roomId }), setMessage);
  };

  return (
    <div class="view view-rooms">
      <div class="toolbar">
        <SearchField
          id="rooms-filter"
          label={s.filterLabel}
          placeholder={s.filterPlaceholder}
          value={filter}
          onValue={setFilter}
        />
        <span class="toolbar-note">{s.summary(counts.live, counts.recording, counts.total)}</span>
      </div>
      <StatusLine text={message} tone="error" />
      {shown.length === 0 ? (
        <p class="empty">{state.rooms.length === 0 ? s.empty : s.noMatch}</p>
      ) : (
        <VirtualList
          items={shown}
          rowHeight={ROOM_ROW_HEIGHT}
          rowKey={(room) => room.roomId}
          label={s.listLabel}
          renderRow={(room) => (
            <RoomRow
              room={room}
              muted={muted.has(room.roomId)}
              onToggleMute={toggleMute}
              onOpenLive={openLive}
            />
          )}
        />
      )}
    </div>
  );
}
