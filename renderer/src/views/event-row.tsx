import { useState } from 'preact/hooks';
import type { EventLogEntry } from '../../../shared/model';
import { useApp } from '../app-context';
import { formatWhen } from '../format-time';

/** One raw event as received: type, source, room, when, a replay button and the body on demand. */
export function EventRow({
  entry,
  onReplay,
}: {
  entry: EventLogEntry;
  onReplay: (entry: EventLogEntry) => void;
}) {
  const { strings, language } = useApp();
  const s = strings.events;
  const [open, setOpen] = useState(false);
  return (
    <li class="item event">
      <div class="item-head">
        <code class="item-title event-type" data-content>
          {entry.eventType}
        </code>
        <time class="item-time" dateTime={new Date(entry.receivedAt).toISOString()}>
          {formatWhen(entry.receivedAt, language)}
        </time>
      </div>
      <div class="item-meta">
        <span class="pill pill-quiet">{s.source[entry.source]}</span>
        {entry.duplicate ? <span class="pill pill-warn">{s.duplicate}</span> : null}
        {entry.roomId === undefined ? null : <span>{s.room(entry.roomId)}</span>}
        <button type="button" class="button button-small item-end" onClick={() => onReplay(entry)}>
          {s.replay}
        </button>
      </div>
      <details
        class="event-body"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary>{s.body}</summary>
        {open ? (
          <>
            {entry.userAgent ? (
              <p class="event-agent" data-content>
                User-Agent: {entry.userAgent}
              </p>
            ) : null}
            <pre class="code" data-content>
              {JSON.stringify(entry.body, null, 2)}
            </pre>
          </>
        ) : null}
      </details>
    </li>
  );
}
