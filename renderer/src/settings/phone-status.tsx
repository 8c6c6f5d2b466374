import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import { PHONE_STRINGS } from '../../../shared/i18n/window/phone';
import type { PhoneStatus } from '../../../shared/push';
import { useApp } from '../app-context';
import { StatusLine } from '../components/status-line';

/**
 * A commanding target's bot (issue 43): connected or why not, the last command and who sent it,
 * and a button that sends the commands list to the target's chats.
 */
export function PhoneStatusLine(props: { url: string; phone: PhoneStatus }) {
  const { api, language } = useApp();
  const s = PHONE_STRINGS[language];
  const { phone } = props;
  const [answer, setAnswer] = useState<{ text: string; ok: boolean } | null>(null);
  const send = async () => {
    try {
      const result = await api.pushSendCommands({ url: props.url });
      setAnswer({ text: result.message ?? '', ok: result.ok });
    } catch (error) {
      setAnswer({ text: String(error), ok: false });
    }
  };
  const last = phone.last;
  return (
    <div class="phone-status" data-phone-status={phone.connection}>
      <p class="field-hint">{s.connection[phone.connection]}</p>
      {last ? (
        <p class="field-hint" data-last-command>
          {`${s.lastCommand} (${new Date(last.at).toLocaleString(language)}, ${s.from} ${last.sender}): ${last.line}`}
        </p>
      ) : null}
      <Button small onClick={() => void send()}>
        {s.sendCommands}
      </Button>
      <StatusLine text={answer?.text ?? null} tone={answer && !answer.ok ? 'error' : 'info'} />
    </div>
  );
}
