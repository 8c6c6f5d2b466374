import { Button } from '../components/button';
import { useMemo, useState } from 'preact/hooks';
import type { PauseChoice } from '../../../shared/app-state';
import { NotifiableEvent } from '../../../shared/settings';
import { useApp } from '../app-context';
import { CheckField, FieldNotes, Section, TextField } from '../components/fields';
import { StatusLine } from '../components/status-line';
import { errorsFor } from '../field-errors';
import { formatWhen, isPausedForever } from '../format-time';
import type { SectionProps } from './section-props';

/** Which events pop up, grouping and flapping, what a click does, muted rooms, and pause. */
export function NotificationsSection({ draft, update, errors }: SectionProps) {
  const { api, state, settings, saveSettings, language, strings } = useApp();
  const s = strings.settings;
  const mutedRooms = settings?.notifications.mutedRooms ?? [];
  const names = useMemo(
    () => new Map(state.rooms.map((room) => [room.roomId, room.name])),
    [state.rooms],
  );
  const pausedUntil = state.pause.pausedUntil;
  const paused = pausedUntil !== null && pausedUntil > Date.now();

  const [failure, setFailure] = useState<string | null>(null);
  const pause = (until: PauseChoice) => {
    setFailure(null);
    api.notificationsPause({ until }).catch((error: unknown) => setFailure(String(error)));
  };
  const unmute = (roomId: number) => {
    void saveSettings({ notifications: { mutedRooms: mutedRooms.filter((id) => id !== roomId) } });
  };

  return (
    <Section id="settings-notifications" title={s.notificationsSection}>
      <StatusLine text={failure} tone="error" />
      <fieldset class="fieldset">
        <legend class="field-label">{s.eventsLegend}</legend>
        {NotifiableEvent.options.map((event) => (
          <CheckField
            key={event}
            id={`notify-${event}`}
            label={strings.eventNames[event]}
            checked={draft.events[event]}
            onChecked={(checked) => update({ events: { ...draft.events, [event]: checked } })}
          />
        ))}
        <FieldNotes id="notify-events" errors={errorsFor(errors, 'notifications.events')} />
      </fieldset>
      <CheckField
        id="open-file-on-click"
        label={s.openFileOnClick}
        checked={draft.openFileOnClick}
        onChecked={(openFileOnClick) => update({ openFileOnClick })}
        errors={errorsFor(errors, 'notifications.openFileOnClick')}
      />
      <div class="field-pair">
        <TextField
          id="group-window"
          label={s.groupWindow}
          inputMode="decimal"
          value={draft.groupWindowSeconds}
          onValue={(groupWindowSeconds) => update({ groupWindowSeconds })}
          errors={errorsFor(errors, 'notifications.groupWindowSeconds')}
        />
        <TextField
          id="flap-minutes"
          label={s.flapMinutes}
          inputMode="decimal"
          value={draft.flapMinutes}
          onValue={(flapMinutes) => update({ flapMinutes })}
          errors={errorsFor(errors, 'notifications.flapMinutes')}
        />
      </div>

      <div class="field" role="group" aria-labelledby="muted-rooms-title">
        <h3 id="muted-rooms-title" class="field-label">
          {s.mutedRooms}
        </h3>
        {mutedRooms.length === 0 ? (
          <p class="field-hint">{s.noMutedRooms}</p>
        ) : (
          <ul class="chips">
            {mutedRooms.map((roomId) => (
              <li key={roomId} class="chip-item">
                <span data-content>{names.get(roomId) ?? String(roomId)}</span>
                <Button small onClick={() => unmute(roomId)}>
                  {s.unmute}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div class="field" role="group" aria-labelledby="pause-title">
        <h3 id="pause-title" class="field-label">
          {s.pause}
        </h3>
        <p class="field-hint" role="status">
          {paused
            ? isPausedForever(pausedUntil)
              ? strings.header.pausedForever
              : strings.header.paused(formatWhen(pausedUntil, language))
            : s.notPaused}
        </p>
        <div class="button-row">
          <Button onClick={() => pause('hour')}>{s.pauseHour}</Button>
          <Button onClick={() => pause('tomorrow')}>{s.pauseTomorrow}</Button>
          <Button onClick={() => pause('forever')}>{s.pauseForever}</Button>
          {paused ? (
            <Button class="button-primary" onClick={() => pause('resume')}>
              {s.resume}
            </Button>
          ) : null}
        </div>
      </div>
    </Section>
  );
}
