import { Button } from './button';
import { useState } from 'preact/hooks';
import type { HistoryNotification } from '../../../shared/history';
import { POPUP_BUTTON_LABELS } from '../../../shared/i18n/room-commands';
import type { PopupButton } from '../../../shared/popup-button';
import { useApp } from '../app-context';

// The history row offers these itself (open, show, live room, mute); in the window, "open
// window" means nothing. What is left of a popup's buttons is shown here.
const ROW_HAS: ReadonlySet<PopupButton> = new Set([
  'open',
  'show',
  'openRoom',
  'mute',
  'openWindow',
]);

/** The popup's buttons the history row does not offer itself (`record`), acting as on the popup. */
export function NotificationButtons({ entry }: { entry: HistoryNotification }) {
  const { api, language } = useApp();
  const [message, setMessage] = useState<string | null>(null);
  const buttons = (entry.notification.buttons ?? []).filter((b) => !ROW_HAS.has(b));
  if (buttons.length === 0) return null;
  return (
    <span class="notification-buttons">
      {buttons.map((button) => (
        <Button
          small
          key={button}
          onClick={() =>
            void api.notificationAct({ id: entry.notification.id, button }).then(
              (answer) => setMessage(answer.message ?? null),
              (error: unknown) => setMessage(String(error)),
            )
          }
        >
          {POPUP_BUTTON_LABELS[language][button]}
        </Button>
      ))}
      <span class="room-control-result" role="status" aria-live="polite">
        {message ?? ''}
      </span>
    </span>
  );
}
