import { useState } from 'preact/hooks';
import { MAX_RECORDERS } from '../../../shared/settings';
import { nextRecorderId } from '../../../shared/recorders';
import { useApp } from '../app-context';
import { Section } from '../components/fields';
import { newRecorderDraft, type RecorderDraft } from '../recorder-draft';
import type { SettingsDraft } from '../settings-draft';
import { AddRecorderForm } from './add-recorder-form';
import { RecorderCard } from './recorder-card';
import type { RecorderCheck } from './recorder-link';
import type { SectionProps } from './section-props';

/**
 * Settings → Recorders: a card per recorder (edit, rename, check, connect, remove) and the form
 * that adds one. Editing is part of the settings form (Save); adding and removing save at once,
 * since what follows (the check, the connect) needs the recorder saved.
 */
export function RecordersSection({
  draft,
  update,
  errors,
  locked,
  saveFirst,
  saveDraft,
}: SectionProps & {
  saveFirst: () => Promise<boolean>;
  /** Saves this form (the draft with a recorder added or removed) at once. */
  saveDraft: (next: SettingsDraft) => Promise<boolean>;
}) {
  const { api, strings } = useApp();
  const r = strings.recorders;
  // The last check of each recorder, by id (a card's index moves when one above goes).
  const [checks, setChecks] = useState<Record<string, RecorderCheck>>({});
  const setCheck = (id: string, check: RecorderCheck) =>
    setChecks((current) => ({ ...current, [id]: check }));
  // A --config file that sets the list fixes it: nothing to add or remove here.
  const listLocked = locked('recorders');
  const withRecorders = (recorders: RecorderDraft[]) => ({ ...draft, recorders });

  const add = async (name: string, url: string) => {
    const id = nextRecorderId(draft.recorders);
    const next = withRecorders([...draft.recorders, newRecorderDraft(id, name, url)]);
    // The URL check reads the saved settings: save first, then ask the new recorder.
    if (!(await saveDraft(next)) || url === '') return;
    try {
      setCheck(id, await api.recorderCheck({ recorderId: id }));
    } catch (error) {
      setCheck(id, { status: 'unreachable', message: String(error), webhooks: 'unknown' });
    }
  };

  return (
    <Section id="settings-recorders" title={r.section}>
      <p class="field-hint">{r.intro}</p>
      {draft.recorders.map((recorder, index) => (
        <RecorderCard
          key={recorder.id}
          index={index}
          recorder={recorder}
          count={draft.recorders.length}
          listLocked={listLocked}
          errors={errors}
          locked={locked}
          onChange={(changes) =>
            update({
              recorders: draft.recorders.map((r, i) => (i === index ? { ...r, ...changes } : r)),
            })
          }
          onRemove={() =>
            void saveDraft(withRecorders(draft.recorders.filter((_, i) => i !== index)))
          }
          check={checks[recorder.id]}
          onCheck={(check) => setCheck(recorder.id, check)}
          saveFirst={saveFirst}
        />
      ))}
      <AddRecorderForm
        onAdd={add}
        disabled={listLocked || draft.recorders.length >= MAX_RECORDERS}
      />
    </Section>
  );
}
