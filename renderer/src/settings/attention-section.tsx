import { Button } from '../components/button';
import { useMemo, useState } from 'preact/hooks';
import { ATTENTION_TEXT, type AttentionText } from '../../../shared/i18n/window/attention';
import { localizeSchemaMessage } from '../../../shared/i18n/schema-messages';
import type { Language, Settings } from '../../../shared/settings';
import type { SettingsPatch } from '../../../shared/settings-patch';
import { quietUntilFor, type QuietChoice } from '../../../shared/quiet-until';
import { withRoomTier } from '../../../shared/room-tier';
import { useApp } from '../app-context';
import { CheckField, Section } from '../components/fields';
import { StatusLine } from '../components/status-line';
import { formatWhen } from '../format-time';
import { GoLiveFiltersField } from './go-live-filters-field';
import { roomWords } from '../room-words';

type Notifications = Settings['notifications'];
type QuietHours = Notifications['quietHours'];
// The sounds every OS has; on macOS a system sound's name or a file's path may be typed too.
const SOUND_CHOICES = ['default', 'silent'] as const;
// macOS's own alert sounds (/System/Library/Sounds), by the names Electron's `sound` takes there
// (Electron passes `sound` to NSUserNotification.soundName on macOS only:
// https://www.electronjs.org/docs/latest/api/notification).
const MAC_SOUNDS = [
  'Basso',
  'Blow',
  'Bottle',
  'Frog',
  'Funk',
  'Glass',
  'Hero',
  'Morse',
  'Ping',
  'Pop',
  'Purr',
  'Sosumi',
  'Submarine',
  'Tink',
] as const;

/**
 * Tiers (favourites, quiet rooms), quiet hours, "quiet until", sounds and the rooms whose title
 * and area changes are told. Like mute and pause, each applies the moment it is chosen.
 */
export function AttentionSection() {
  const { settings, saveSettings, language } = useApp();
  const t = ATTENTION_TEXT[language];
  const [failure, setFailure] = useState<string | null>(null);
  if (!settings) return null;
  const n = settings.notifications;
  const save = (notifications: NonNullable<SettingsPatch['notifications']>) => {
    setFailure(null);
    void saveSettings({ notifications }).then((result) =>
      setFailure(
        result.ok ? null : result.errors.map((e) => localizedError(e, language)).join('; '),
      ),
    );
  };
  // Only what changed: the patch merges key by key, so nothing else is written back.
  const quiet = (changes: Partial<QuietHours>) => save({ quietHours: changes });
  // Saved as a setting (not through notifications:quietUntil) so this window's copy follows.
  const quietUntil = (until: QuietChoice) => save({ quietUntil: quietUntilFor(until, Date.now()) });
  return (
    <Section id="settings-attention" title={t.section}>
      <StatusLine text={failure} tone="error" />
      <TierLists t={t} notifications={n} save={save} />
      <CheckField
        id="favourites-through-pause"
        label={t.throughPause}
        checked={n.favouritesThroughPause}
        onChecked={(favouritesThroughPause) => save({ favouritesThroughPause })}
      />
      <QuietHoursFields t={t} hours={n.quietHours} onChange={quiet} />
      <div class="field" role="group" aria-labelledby="quiet-now-title">
        <h3 id="quiet-now-title" class="field-label">
          {n.quietUntil !== null && n.quietUntil > Date.now()
            ? t.quietNow(formatWhen(n.quietUntil, language))
            : t.notQuiet}
        </h3>
        <div class="button-row">
          <Button onClick={() => quietUntil('hour')}>{t.quietHour}</Button>
          <Button onClick={() => quietUntil('morning')}>{t.quietMorning}</Button>
          {n.quietUntil !== null && n.quietUntil > Date.now() ? (
            <Button class="button-primary" onClick={() => quietUntil('off')}>
              {t.quietOff}
            </Button>
          ) : null}
        </div>
      </div>
      <SoundFields t={t} sounds={n.sounds} onChange={(sounds) => save({ sounds })} />
      <RoomChangeRooms
        t={t}
        rooms={n.roomChangeRooms}
        onRooms={(roomChangeRooms) => save({ roomChangeRooms })}
      />
      <GoLiveFiltersField
        filters={n.goLiveFilters}
        onFilters={(goLiveFilters) => save({ goLiveFilters })}
      />
    </Section>
  );
}

/** The favourite and quiet rooms, each with a way back to normal. */
function TierLists({
  t,
  notifications,
  save,
}: {
  t: AttentionText;
  notifications: Notifications;
  save: (patch: NonNullable<SettingsPatch['notifications']>) => void;
}) {
  const { state } = useApp();
  const names = useMemo(
    () => new Map(state.rooms.map((room) => [room.roomId, room.name])),
    [state.rooms],
  );
  const normal = (roomId: number) => {
    const lists = withRoomTier(notifications, roomId, 'normal');
    save({ favourites: [...lists.favourites], quietRooms: [...lists.quietRooms] });
  };
  const list = (id: string, title: string, rooms: readonly number[]) => (
    <div class="field" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} class="field-label">
        {title}
      </h3>
      {rooms.length === 0 ? (
        <p class="field-hint">{t.noRooms}</p>
      ) : (
        <ul class="chips">
          {rooms.map((roomId) => (
            <li key={roomId} class="chip-item">
              <span data-content>{names.get(roomId) ?? String(roomId)}</span>
              <Button small onClick={() => normal(roomId)}>
                {t.setNormal}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <>
      {list('favourite-rooms', t.favourites, notifications.favourites)}
      {list('quiet-rooms', t.quietRooms, notifications.quietRooms)}
    </>
  );
}

/** The daily window: on, from, to, the weekdays it starts on, and what still pops up. */
function QuietHoursFields({
  t,
  hours,
  onChange,
}: {
  t: AttentionText;
  hours: QuietHours;
  onChange: (changes: Partial<QuietHours>) => void;
}) {
  const toggleDay = (day: number, on: boolean) =>
    onChange({
      days: [0, 1, 2, 3, 4, 5, 6].filter((d) => (d === day ? on : hours.days.includes(d))),
    });
  const time = (id: string, label: string, value: string, key: 'from' | 'to') => (
    <div class="field">
      <label class="field-label" for={id}>
        {label}
      </label>
      <input
        id={id}
        type="time"
        class="time-input"
        value={value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (next !== '' && next !== value) onChange({ [key]: next });
        }}
      />
    </div>
  );
  return (
    <fieldset class="fieldset">
      <legend class="field-label">{t.quietHours}</legend>
      <CheckField
        id="quiet-hours-on"
        label={t.quietHoursOn}
        checked={hours.enabled}
        onChecked={(enabled) => onChange({ enabled })}
      />
      <div class="field-pair">
        {time('quiet-from', t.from, hours.from, 'from')}
        {time('quiet-to', t.to, hours.to, 'to')}
      </div>
      <div class="field" role="group" aria-labelledby="quiet-days-title">
        <span id="quiet-days-title" class="field-label">
          {t.days}
        </span>
        <div class="weekday-row">
          {t.weekdays.map((name, day) => (
            <CheckField
              key={day}
              id={`quiet-day-${day}`}
              label={name}
              checked={hours.days.includes(day)}
              onChecked={(on) => toggleDay(day, on)}
            />
          ))}
        </div>
        <p class="field-hint">{t.daysHint}</p>
      </div>
      <CheckField
        id="quiet-let-problems"
        label={t.letProblems}
        checked={hours.letThrough.problems}
        onChecked={(problems) => onChange({ letThrough: { ...hours.letThrough, problems } })}
      />
      <CheckField
        id="quiet-let-favourites"
        label={t.letFavourites}
        checked={hours.letThrough.favourites}
        onChecked={(favourites) => onChange({ letThrough: { ...hours.letThrough, favourites } })}
      />
    </fieldset>
  );
}

/** Sounds on or off, and the sound of each tier. */
function SoundFields({
  t,
  sounds,
  onChange,
}: {
  t: AttentionText;
  sounds: Notifications['sounds'];
  onChange: (sounds: Notifications['sounds']) => void;
}) {
  const { info } = useApp();
  const mac = info?.platform === 'darwin';
  const choice = (id: string, label: string, key: 'normal' | 'favourite') => (
    <SoundInput
      id={id}
      label={label}
      value={sounds[key]}
      disabled={!sounds.enabled}
      onValue={(value) => onChange({ ...sounds, [key]: value })}
    />
  );
  return (
    <fieldset class="fieldset">
      <legend class="field-label">{t.sounds}</legend>
      <CheckField
        id="sounds-on"
        label={t.soundsOn}
        checked={sounds.enabled}
        onChecked={(enabled) => onChange({ ...sounds, enabled })}
      />
      <div class="field-pair">
        {choice('sound-normal', t.soundNormal, 'normal')}
        {choice('sound-favourite', t.soundFavourite, 'favourite')}
      </div>
      <datalist id="sound-choices">
        {SOUND_CHOICES.map((value) => (
          <option key={value} value={value}>
            {t.soundChoices[value]}
          </option>
        ))}
        {mac ? MAC_SOUNDS.map((name) => <option key={name} value={name} />) : null}
      </datalist>
      <p class="field-hint">{t.soundHint}</p>
    </fieldset>
  );
}

/** One tier's sound, typed or picked; kept as typed until it is left (a state push keeps it). */
function SoundInput({
  id,
  label,
  value,
  disabled,
  onValue,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  onValue: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  return (
    <div class="field">
      <label class="field-label" for={id}>
        {label}
      </label>
      <input
        id={id}
        class="input"
        list="sound-choices"
        value={text}
        disabled={disabled}
        onInput={(event) => setText(event.currentTarget.value)}
        onChange={() => {
          const next = text.trim() || 'default';
          if (next !== value) onValue(next);
        }}
      />
    </div>
  );
}

/** The rooms whose title and area changes are told (empty: every room). */
function RoomChangeRooms({
  t,
  rooms,
  onRooms,
}: {
  t: AttentionText;
  rooms: readonly number[];
  onRooms: (rooms: number[]) => void;
}) {
  const [text, setText] = useState(rooms.join(' '));
  const [error, setError] = useState<string | null>(null);
  return (
    <div class="field">
      <label class="field-label" for="room-change-rooms">
        {t.roomChanges}
      </label>
      <input
        id="room-change-rooms"
        class="input"
        inputMode="numeric"
        value={text}
        aria-describedby="room-change-rooms-hint"
        aria-invalid={error !== null}
        onInput={(event) => setText(event.currentTarget.value)}
        onChange={() => {
          // A word that is no room number stays in the field, named; nothing is saved.
          const { words, numbers, bad } = roomWords(text);
          setError(bad === undefined ? null : t.badRooms(words[bad] ?? ''));
          if (bad === undefined) onRooms(numbers);
        }}
      />
      <p id="room-change-rooms-hint" class="field-hint">
        {t.roomChangesHint}
      </p>
      {error ? (
        <p class="field-errors" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A `path: message` error with its message in the window's language (the path stays as named). */
function localizedError(error: string, language: Language): string {
  const at = error.indexOf(': ');
  if (at < 0) return localizeSchemaMessage(error, language);
  return `${error.slice(0, at)}: ${localizeSchemaMessage(error.slice(at + 2), language)}`;
}
