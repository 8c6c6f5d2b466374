import { Button } from '../components/button';
import type { PauseChoice } from '../../../shared/app-state';
import { useApp } from '../app-context';
import { SearchField } from '../components/search-field';

/** The notifications' toolbar: search, unread only, pause, the unread count and mark all read. */
export function NotificationsToolbar({
  text,
  onText,
  unreadOnly,
  onUnreadOnly,
  onPause,
  onMarkAllRead,
}: {
  text: string;
  onText: (text: string) => void;
  unreadOnly: boolean;
  onUnreadOnly: (unreadOnly: boolean) => void;
  onPause: (until: PauseChoice) => void;
  onMarkAllRead: () => void;
}) {
  const { state, strings } = useApp();
  const s = strings.notifications;
  return (
    <div class="toolbar">
      <SearchField
        id="notes-search"
        label={s.searchLabel}
        placeholder={s.searchPlaceholder}
        value={text}
        onValue={onText}
      />
      <span class="toolbar-check">
        <input
          id="notes-unread"
          type="checkbox"
          class="checkbox"
          checked={unreadOnly}
          onChange={(event) => onUnreadOnly(event.currentTarget.checked)}
        />
        <label for="notes-unread">{s.unreadOnly}</label>
      </span>
      <label for="notes-pause" class="sr-only">
        {strings.lists.pauseLabel}
      </label>
      <select
        id="notes-pause"
        class="input toolbar-select"
        value=""
        onChange={(event) => {
          const choice = event.currentTarget.value;
          event.currentTarget.value = '';
          if (choice !== '') onPause(choice as PauseChoice);
        }}
      >
        <option value="">{strings.lists.pauseLabel}</option>
        <option value="hour">{strings.settings.pauseHour}</option>
        <option value="tomorrow">{strings.settings.pauseTomorrow}</option>
        <option value="forever">{strings.settings.pauseForever}</option>
        {state.pause.pausedUntil !== null ? (
          <option value="resume">{strings.settings.resume}</option>
        ) : null}
      </select>
      <span class="toolbar-note">{s.unread(state.unreadCount)}</span>
      <Button small disabled={state.unreadCount === 0} onClick={onMarkAllRead}>
        {s.markAllRead}
      </Button>
    </div>
  );
}
