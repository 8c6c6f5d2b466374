import { Button } from '../components/button';
import { useEffect, useRef, useState } from 'preact/hooks';
import { PUSH_STRINGS } from '../../../shared/i18n/window/push';
import type { PhoneStatus, PushRecord } from '../../../shared/push';
import { PushTargetSetting } from '../../../shared/settings';
import { useApp } from '../app-context';
import { Section, TextField } from '../components/fields';
import { StatusLine } from '../components/status-line';
import { PushTargetRow } from './push-target-row';

// Pushes settle in the background (retries last up to an hour): asked again every few seconds.
const LAST_PUSH_REFRESH_MS = 3_000;

/** The last push to each target (and its bot's state), refreshed while the section is shown. */
function useLastPushes(): { last?: PushRecord; phone?: PhoneStatus }[] {
  const { api } = useApp();
  const [lasts, setLasts] = useState<{ last?: PushRecord; phone?: PhoneStatus }[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      api.pushStatus().then(
        ({ targets }) => live && setLasts(targets),
        () => undefined, // the bridge reconnecting: the next round asks again
      );
    void load();
    const timer = setInterval(() => void load(), LAST_PUSH_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api]);
  return lasts;
}

/**
 * Settings → Push: the push targets, each saved as soon as it changes (not through the Save bar:
 * a target is a unit, and its test button sends to what is typed).
 */
export function PushSection() {
  const { api, settings, saveSettings, language } = useApp();
  const s = PUSH_STRINGS[language];
  const targets = settings?.pushTargets ?? [];
  const [adding, setAdding] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const lasts = useLastPushes();

  // Changes apply to the newest list, not to the one rendered: two edits in a row (a tick, then
  // a field left) must not save the second over the first before the first came back.
  const latest = useRef(targets);
  useEffect(() => {
    latest.current = targets;
  }, [targets]);
  const save = async (change: (current: PushTargetSetting[]) => PushTargetSetting[]) => {
    setFailure(null);
    latest.current = change(latest.current);
    const outcome = await saveSettings({ pushTargets: latest.current });
    if (!outcome.ok) setFailure(`${s.saveFailed}${outcome.errors.join('; ')}`);
    return outcome.ok;
  };
  // Issue 43: a target switched to take commands gets the secrets they need made by the app (a
  // word a user types is guessable); the row shows them masked, like the rest of the URL.
  const withSecrets = (url: string) =>
    api.pushMakeSecrets({ url }).then(
      (made) => made.url,
      () => url, // the bridge reconnecting: saved as typed, and the app says what is missing
    );
  const add = async () => {
    const typed = adding.trim();
    if (typed === '') return;
    const url = await withSecrets(typed);
    if (await save((current) => [...current, PushTargetSetting.parse({ url })])) setAdding('');
  };
  const change = async (index: number, patch: Partial<PushTargetSetting>) => {
    const made = patch.url === undefined ? patch : { ...patch, url: await withSecrets(patch.url) };
    await save((current) => current.map((t, i) => (i === index ? { ...t, ...made } : t)));
  };

  return (
    <Section id="settings-push" title={s.section}>
      <p class="field-hint">{s.intro}</p>
      <StatusLine text={failure} tone="error" />
      {targets.length === 0 ? (
        <p class="field-hint">{s.none}</p>
      ) : (
        <ul class="push-targets">
          {targets.map((target, index) => (
            <PushTargetRow
              // Keyed by position and URL: a changed URL starts the row afresh.
              key={`${index}:${target.url}`}
              index={index}
              target={target}
              last={lasts[index]?.last}
              phone={lasts[index]?.phone}
              strings={s}
              onChange={(patch) => void change(index, patch)}
              onRemove={() => void save((current) => current.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
      <TextField
        id="push-add-url"
        label={s.addUrl}
        hint={s.addUrlHint}
        type="password"
        value={adding}
        onValue={setAdding}
      >
        <Button onClick={() => void add()}>{s.add}</Button>
      </TextField>
    </Section>
  );
}
