import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import type { PhoneStatus, PushRecord, PushTestResult } from '../../../shared/push';
import type { PushStrings } from '../../../shared/i18n/window/push';
import { NotifiableEvent, type PushTargetSetting } from '../../../shared/settings';
import { useApp } from '../app-context';
import { CheckField, TextField } from '../components/fields';
import { StatusLine } from '../components/status-line';
import { ATTENTION_TEXT } from '../../../shared/i18n/window/attention';
import { PhoneStatusLine } from './phone-status';
import { roomWords } from '../room-words';

/** A test's answer in plain words: delivered, or why not with what the service said. */
export function testResultText(result: PushTestResult, s: PushStrings): string {
  if (result.ok) return `${s.sent} (${result.target})`;
  const why = result.reason ? s.failures[result.reason] : '';
  return [why, result.message].filter(Boolean).join(': ');
}

/** The last settled push in plain words: when, and delivered or why not. */
export function lastPushText(last: PushRecord, s: PushStrings, language: string): string {
  const when = new Date(last.at).toLocaleString(language);
  const what =
    last.status === 'sent'
      ? s.sent
      : [last.reason ? s.failures[last.reason] : '', last.detail].filter(Boolean).join(': ');
  return `${s.lastPush} (${when}): ${what}`;
}

/** The test button's state: a test of the URL as typed under way, and the service's answer. */
function usePushTest(url: string, s: PushStrings) {
  const { api } = useApp();
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      const answer = await api.pushTest({ url });
      setResult({ text: testResultText(answer, s), ok: answer.ok });
    } catch (error) {
      setResult({ text: String(error), ok: false });
    } finally {
      setTesting(false);
    }
  };
  return { result, testing, test };
}

/** The events a push target takes: a box for each, in the schema's order. */
function PushKindsField({
  id,
  kinds,
  strings: s,
  onKinds,
}: {
  id: string;
  kinds: readonly NotifiableEvent[];
  strings: PushStrings;
  onKinds: (kinds: NotifiableEvent[]) => void;
}) {
  const { strings } = useApp();
  const toggleKind = (kind: NotifiableEvent, on: boolean) => {
    const next = on ? [...kinds, kind] : kinds.filter((k) => k !== kind);
    onKinds(NotifiableEvent.options.filter((k) => next.includes(k)));
  };
  return (
    <fieldset class="fieldset">
      <legend class="field-label">{s.kinds}</legend>
      {NotifiableEvent.options.map((kind) => (
        <CheckField
          key={kind}
          id={`${id}-kind-${kind}`}
          label={strings.eventNames[kind]}
          checked={kinds.includes(kind)}
          onChecked={(on) => toggleKind(kind, on)}
        />
      ))}
      <p class="field-hint">{s.kindsHint}</p>
    </fieldset>
  );
}

/**
 * One push target: its URL masked until shown (it carries a token), on/off, the events and rooms
 * it takes, its templates, a test button with the service's answer, and remove.
 */
export function PushTargetRow(props: {
  index: number;
  target: PushTargetSetting;
  /** The last push to it since the app started, if any. */
  last?: PushRecord | undefined;
  /** Its bot, when it takes commands from the phone. */
  phone?: PhoneStatus | undefined;
  strings: PushStrings;
  onChange: (patch: Partial<PushTargetSetting>) => void;
  onRemove: () => void;
}) {
  const { index, target, last, phone, strings: s, onChange, onRemove } = props;
  const { language } = useApp();
  const id = `push-${index}`;
  const [shown, setShown] = useState(false);
  const [url, setUrl] = useState(target.url);
  const [rooms, setRooms] = useState(target.rooms.join(', '));
  const [roomsError, setRoomsError] = useState<string[]>([]);
  const [title, setTitle] = useState(target.titleTemplate);
  const [body, setBody] = useState(target.bodyTemplate);
  const { result, testing, test } = usePushTest(url, s);

  const commitRooms = () => {
    const { numbers, bad } = roomWords(rooms);
    setRoomsError(bad === undefined ? [] : [s.badRooms]);
    if (bad === undefined && numbers.join(',') !== target.rooms.join(','))
      onChange({ rooms: numbers });
  };

  return (
    <li class="push-target" data-push-target={index}>
      <TextField
        id={`${id}-url`}
        label={s.url}
        type={shown ? 'text' : 'password'}
        value={url}
        onValue={setUrl}
        onBlur={() => url.trim() !== target.url && url.trim() && onChange({ url: url.trim() })}
      >
        <Button small onClick={() => setShown(!shown)}>
          {shown ? s.hide : s.show}
        </Button>
      </TextField>
      <CheckField
        id={`${id}-enabled`}
        label={s.enabled}
        checked={target.enabled}
        onChecked={(enabled) => onChange({ enabled })}
      />
      <CheckField
        id={`${id}-quiet`}
        label={ATTENTION_TEXT[language].followQuietHours}
        checked={target.followQuietHours}
        onChecked={(followQuietHours) => onChange({ followQuietHours })}
      />
      <PushKindsField
        id={id}
        kinds={target.kinds}
        strings={s}
        onKinds={(kinds) => onChange({ kinds })}
      />
      <TextField
        id={`${id}-rooms`}
        label={s.rooms}
        hint={s.roomsHint}
        inputMode="numeric"
        value={rooms}
        onValue={setRooms}
        onBlur={commitRooms}
        errors={roomsError}
      />
      <TextField
        id={`${id}-title`}
        label={s.titleTemplate}
        value={title}
        onValue={setTitle}
        onBlur={() => title !== target.titleTemplate && onChange({ titleTemplate: title })}
      />
      <TextField
        id={`${id}-body`}
        label={s.bodyTemplate}
        hint={s.templateHint}
        value={body}
        onValue={setBody}
        onBlur={() => body !== target.bodyTemplate && onChange({ bodyTemplate: body })}
      />
      <div class="button-row">
        <Button disabled={testing} onClick={() => void test()}>
          {testing ? s.testing : s.test}
        </Button>
        <Button onClick={onRemove}>{s.remove}</Button>
      </div>
      <StatusLine text={result?.text ?? null} tone={result && !result.ok ? 'error' : 'info'} />
      {last ? (
        <p class="field-hint" data-last-push>
          {lastPushText(last, s, language)}
        </p>
      ) : null}
      {phone ? <PhoneStatusLine url={target.url} phone={phone} /> : null}
    </li>
  );
}
