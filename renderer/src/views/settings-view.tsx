import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Settings } from '../../../shared/settings';
import { useApp } from '../app-context';
import { unclaimedErrors } from '../field-errors';
import { checkDraft, draftFromSettings, isDraftDirty, type SettingsDraft } from '../settings-draft';
import { jobsErrorPaths, JobsSection } from '../settings/jobs-section';
import { ADVANCED_PATHS, AdvancedSection } from '../settings/advanced-section';
import { AttentionSection } from '../settings/attention-section';
import { CleanUpSection, cleanUpErrorPaths } from '../settings/clean-up-section';
import { DiagnosticsSection } from '../settings/diagnostics-section';
import { GeneralSection } from '../settings/general-section';
import { ListenerSection } from '../settings/listener-section';
import { NotificationsSection } from '../settings/notifications-section';
import { PicturesSection } from '../settings/pictures-section';
import { PushSection } from '../settings/push-section';
import { RecordersSection } from '../settings/recorders-section';
import { SaveBar, type SaveStatus } from '../settings/save-bar';

// A recorder's fields that its card shows errors for.
const RECORDER_FIELDS = [
  'name',
  'url',
  'username',
  'password',
  'recordingRoot',
  'pollIntervalSeconds',
  'unreachableNotifyAfterMinutes',
  'rooms',
  'pathMappings',
];

// Paths the sections show errors for; anything else is listed in the save bar.
const FIELD_PATHS = [
  'notifications.events',
  'notifications.openFileOnClick',
  'notifications.groupWindowSeconds',
  'notifications.flapMinutes',
  'language',
  'startAtLogin',
  'pictures.enabled',
  'pictures.liveApiHost',
  ...ADVANCED_PATHS,
];

/** Every setting; text and switches are saved together with Save, errors shown by their fields. */
export function SettingsView() {
  const { settings, strings } = useApp();
  if (settings === null) return <p class="empty">{strings.loading}</p>;
  return <SettingsForm settings={settings} />;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { saveSettings, strings, language, info, draftMemory } = useApp();
  // Edits left on another tab come back: the memory outlives this view.
  const remembered = draftMemory.current;
  const [base, setBase] = useState(remembered?.base ?? settings);
  const [draft, setDraft] = useState<SettingsDraft>(
    () => remembered?.draft ?? draftFromSettings(settings),
  );
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState<Exclude<SaveStatus, 'dirty'>>('clean');
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const focusFirst = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = isDraftDirty(base, draft);
  draftMemory.current = dirty ? { base, draft } : null;

  // Settings changed elsewhere (mute, language, the tray) replace an untouched form; edits win.
  useEffect(() => {
    if (!isDraftDirty(base, draft)) {
      setBase(settings);
      setDraft(draftFromSettings(settings));
    }
    // Only a new settings object from main should trigger this.
  }, [settings]);

  // After a refused save: the first marked field gets the focus (or the save bar's list).
  useLayoutEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = field ?? document.querySelector<HTMLElement>('.save-bar .field-errors');
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  });

  const update = (changes: Partial<SettingsDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setStatus('clean'); // an edit ends "saved" or "invalid"; whether it is dirty is derived below
  };

  const refuse = (found: string[]) => {
    setErrors(found);
    setStatus('invalid');
    if (found.some((error) => ADVANCED_PATHS.some((path) => error.startsWith(path))))
      setAdvancedOpen(true);
    focusFirst.current = true;
    return false;
  };
  // Saves `current` (the form, or the form with a recorder added or removed, shown at once).
  const saveDraft = async (current: SettingsDraft): Promise<boolean> => {
    if (current !== draft) update(current);
    // Every error at once: numbers, the schema and the rules main applies again at save.
    const built = checkDraft(base, current, strings.settings.notANumber, language);
    if (!built.ok) return refuse(built.errors);
    if (built.empty) {
      setErrors([]);
      setStatus('clean');
      return true;
    }
    setStatus('saving');
    const result = await saveSettings(built.patch);
    if (!result.ok) return refuse(result.errors);
    setErrors([]);
    setBase(result.settings);
    setDraft(draftFromSettings(result.settings));
    setStatus('saved');
    return true;
  };
  const save = () => saveDraft(draft);
  const discard = () => {
    setDraft(draftFromSettings(base));
    setErrors([]);
    setStatus('clean');
  };

  const lockedPaths = info?.lockedSettings ?? [];
  // A launch option may fix a whole list (`recorders` from --config): its fields are locked too.
  const locked = (path: string) =>
    lockedPaths.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`));
  const props = { draft, update, errors, locked };
  return (
    <div class="view view-settings">
      <div class="view-scroll">
        <form
          ref={formRef}
          class="settings-form"
          noValidate
          onSubmit={(event) => event.preventDefault()}
          onKeyDown={(event) => {
            // Enter in a text field saves, as in any form (without a hidden submit button).
            const target = event.target as HTMLElement;
            if (
              event.key === 'Enter' &&
              target instanceof HTMLInputElement &&
              target.type !== 'checkbox' &&
              target.type !== 'radio'
            ) {
              event.preventDefault();
              void save();
            }
          }}
        >
          <ListenerSection />
          <RecordersSection {...props} saveFirst={save} saveDraft={saveDraft} />
          <NotificationsSection {...props} />
          <PicturesSection {...props} />
          <AttentionSection />
          <PushSection />
          <JobsSection {...props} />
          <CleanUpSection {...props} />
          <GeneralSection {...props} />
          <AdvancedSection {...props} open={advancedOpen} onOpen={setAdvancedOpen} />
        </form>
        <DiagnosticsSection />
      </div>
      <SaveBar
        status={status === 'invalid' || status === 'saving' || !dirty ? status : 'dirty'}
        otherErrors={unclaimedErrors(errors, [
          ...FIELD_PATHS,
          ...jobsErrorPaths(draft.jobs),
          ...cleanUpErrorPaths(draft.cleanUp),
          ...draft.recorders.flatMap((_, index) =>
            RECORDER_FIELDS.map((field) => `recorders[${index}].${field}`),
          ),
        ])}
        onSave={() => void save()}
        onDiscard={discard}
      />
    </div>
  );
}
