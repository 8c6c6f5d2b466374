import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../../../shared/settings';
import { useApp } from '../app-context';
import { unclaimedErrors } from '../field-errors';
import {
  draftFromSettings,
  isDraftDirty,
  patchFromDraft,
  type SettingsDraft,
} from '../settings-draft';
import { GeneralSection } from '../settings/general-section';
import { ListenerSection } from '../settings/listener-section';
import { NotificationsSection } from '../settings/notifications-section';
import { PushSection } from '../settings/push-section';
import { RecorderSection } from '../settings/recorder-section';
import { RecordingsSection } from '../settings/recordings-section';
import { SaveBar, type SaveStatus } from '../settings/save-bar';

// Paths the sections show errors for; anything else is listed in the save bar.
const FIELD_PATHS = [
  'recorder.url',
  'recorder.username',
  'recorder.password',
  'recorder.pollIntervalSeconds',
  'recorder.unreachableNotifyAfterMinutes',
  'recorder.rooms',
  'listener.host',
  'listener.port',
  'listener.token',
  'recordingRoot',
  'pathMappings',
  'notifications.events',
  'notifications.openFileOnClick',
  'notifications.groupWindowSeconds',
  'notifications.flapMinutes',
  'language',
  'startAtLogin',
];

/** Every setting; text and switches are saved together with Save, errors shown by their fields. */
export function SettingsView() {
  const { settings, strings } = useApp();
  if (settings === null) return <p class="empty">{strings.loading}</p>;
  return <SettingsForm settings={settings} />;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { saveSettings, strings } = useApp();
  const [base, setBase] = useState(settings);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromSettings(settings));
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState<Exclude<SaveStatus, 'dirty'>>('clean');
  const dirty = isDraftDirty(base, draft);

  // Settings changed elsewhere (mute, language, the tray) replace an untouched form; edits win.
  useEffect(() => {
    if (!isDraftDirty(base, draft)) {
      setBase(settings);
      setDraft(draftFromSettings(settings));
    }
    // Only a new settings object from main should trigger this.
  }, [settings]);

  const update = (changes: Partial<SettingsDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setStatus('clean'); // an edit ends "saved" or "invalid"; whether it is dirty is derived below
  };

  const save = async (): Promise<boolean> => {
    const built = patchFromDraft(base, draft, strings.settings.notANumber);
    if (!built.ok) {
      setErrors(built.errors);
      setStatus('invalid');
      return false;
    }
    if (built.empty) {
      setErrors([]);
      setStatus('clean');
      return true;
    }
    setStatus('saving');
    const result = await saveSettings(built.patch);
    if (!result.ok) {
      setErrors(result.errors);
      setStatus('invalid');
      return false;
    }
    setErrors([]);
    setBase(result.settings);
    setDraft(draftFromSettings(result.settings));
    setStatus('saved');
    return true;
  };
  const discard = () => {
    setDraft(draftFromSettings(base));
    setErrors([]);
    setStatus('clean');
  };

  const props = { draft, update, errors };
  return (
    <div class="view view-settings">
      <form
        class="view-scroll settings-form"
        noValidate
        onSubmit={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          // Enter in a text field saves, as in any form (without a hidden submit button).
          const target = event.target as HTMLElement;
          if (
            event.key === 'Enter' &&
            target instanceof HTMLInputElement &&
            target.type !== 'checkbox'
          ) {
            event.preventDefault();
            void save();
          }
        }}
      >
        <RecorderSection {...props} saveFirst={save} />
        <ListenerSection {...props} />
        <RecordingsSection {...props} />
        <NotificationsSection {...props} />
        <PushSection />
        <GeneralSection {...props} />
      </form>
      <SaveBar
        status={status === 'invalid' || status === 'saving' || !dirty ? status : 'dirty'}
        otherErrors={unclaimedErrors(errors, FIELD_PATHS)}
        onSave={() => void save()}
        onDiscard={discard}
      />
    </div>
  );
}
