import { Button } from '../components/button';
import { useEffect, useState } from 'preact/hooks';
import type { RecorderView } from '../../../shared/app-state';
import { pollsRecorderApi, type RecorderKind } from '../../../shared/recorder-kind';
import { apiLight } from '../api-memory';
import { useApp } from '../app-context';
import { CopyField } from '../components/copy-field';
import { StatusLine } from '../components/status-line';
import { reportCall } from '../report-call';

/** What the last check of a recorder answered (kept by the section, so a new card shows it). */
export type RecorderCheck = Pick<RecorderView, 'status' | 'message' | 'webhooks'>;

/**
 * One recorder's link with this app: its own webhook URL to copy, whether its webhooks point
 * here, its connection light and message, Check, Connect (one click) and its pages. A recorder
 * not saved yet has none of these: it says so.
 */
export function RecorderLink({
  index,
  recorderId,
  kind,
  url,
  check,
  onCheck,
  saveFirst,
}: {
  index: number;
  recorderId: string;
  /** Which recorder program it is: the words for where to paste, and what may be offered. */
  kind: RecorderKind;
  /** The API address as typed ('' = webhooks only). */
  url: string;
  check: RecorderCheck | undefined;
  onCheck: (check: RecorderCheck) => void;
  saveFirst: () => Promise<boolean>;
}) {
  const { api, state, language, strings } = useApp();
  const s = strings.settings;
  const r = strings.recorders;
  const view = state.recorders.find((recorder) => recorder.id === recorderId);
  const [busy, setBusy] = useState<'check' | 'connect' | null>(null);
  const [connectMessage, setConnectMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [linkMessage, setLinkMessage] = useState<string | null>(null);
  // A message is in the language it was asked in; a switch makes it stale.
  useEffect(() => {
    setConnectMessage(null);
    setLinkMessage(null);
  }, [language]);

  if (!view) return <p class="field-hint">{r.webhookUrlUnsaved}</p>;
  // Check, Connect and the recorder's pages speak BililiveRecorder's API: other kinds get none.
  const webhooksOnly = url.trim() === '' || !pollsRecorderApi(kind);
  // An address that never answered is not an error yet (see apiLight): neutral colours.
  const light = apiLight(view.status, view.url);
  const status = check?.status ?? (light === 'notSetUp' ? 'off' : view.status);
  const webhooks = check?.webhooks ?? view.webhooks;

  const run = async (kind: 'check' | 'connect') => {
    setBusy(kind);
    setConnectMessage(null);
    try {
      // Both read the saved settings: what is typed here is saved first.
      if (!(await saveFirst())) return;
      if (kind === 'check') onCheck(await api.recorderCheck({ recorderId }));
      else {
        const answer = await api.recorderConnect({ recorderId });
        setConnectMessage({ ok: answer.ok, text: answer.message });
        onCheck({ status: view.status, message: view.message, webhooks: answer.webhooks });
      }
    } catch (error) {
      setConnectMessage({ ok: false, text: String(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div class="recorder-link">
      <CopyField
        id={`recorder-${index}-webhook-url`}
        label={r.webhookUrl}
        value={view.webhookUrl}
        buttonLabel={r.copyFor(view.name)}
      />
      <p class="field-hint">{strings.recorderKinds.pasteWhere[kind]}</p>
      {pollsRecorderApi(kind) ? (
        <p class={`recorder-webhooks webhooks-${webhooks.replace(' ', '-')}`}>
          {r.webhooksLabel}
          <strong>{r.webhooks[webhooks]}</strong>
        </p>
      ) : null}
      {webhooksOnly ? null : (
        <>
          <div class={`connection connection-${status}`} role="status" aria-live="polite">
            <span class="connection-label">{s.statusNow}</span>
            <span class="connection-message">{check?.message ?? view.message}</span>
          </div>
          <div class="button-row">
            <Button
              class="button-primary"
              disabled={busy !== null}
              onClick={() => void run('check')}
            >
              {busy === 'check' ? s.checking : s.check}
            </Button>
            <Button
              disabled={busy !== null}
              aria-describedby={`recorder-${index}-connect-hint`}
              onClick={() => void run('connect')}
            >
              {busy === 'connect' ? r.connecting : r.connect}
            </Button>
            <Button
              onClick={() =>
                reportCall(api.linkOpen({ kind: 'recorderUi', recorderId }), setLinkMessage)
              }
            >
              {s.openRecorderUi}
            </Button>
            <Button
              onClick={() =>
                reportCall(api.linkOpen({ kind: 'recorderApi', recorderId }), setLinkMessage)
              }
            >
              {s.openRecorderApi}
            </Button>
          </div>
          <p id={`recorder-${index}-connect-hint`} class="field-hint">
            {r.connectHint}
          </p>
        </>
      )}
      <StatusLine
        text={connectMessage?.text ?? linkMessage}
        tone={connectMessage?.ok === false || linkMessage ? 'error' : 'info'}
      />
    </div>
  );
}
