import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import type { EventLogEntry } from '../../../shared/model';
import { useApp } from '../app-context';
import { formatWhen } from '../format-time';

/** The streamer's name in a recorder webhook body, if it has one. */
function streamerName(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const data = (body as { EventData?: unknown }).EventData;
  if (typeof data !== 'object' || data === null) return undefined;
  const name = (data as { Name?: unknown }).Name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** One raw event as received: type, source, room, when, a replay button and the body on demand. */
export function EventLogRow({
  entry,
  onReplay,
}: {
  entry: EventLogEntry;
  onReplay: (entry: EventLogEntry) => void;
}) {
  const { strings, language } = useApp();
  const s = strings.events;
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = streamerName(entry.body);
  const known = strings.lists.eventTypes[entry.eventType];
  return (
    <li class="item event">
      <div class="item-head">
        <span class="item-title">
          {known ?? <code data-content>{entry.eventType}</code>}
          {name ? <span data-content>{` · ${name}`}</span> : null}
        </span>
        <code class="event-type" data-content>
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
        {confirming ? null : (
          <Button small class="item-end" onClick={() => setConfirming(true)}>
            {s.replay}
          </Button>
        )}
      </div>
      {confirming ? (
        // A replay may pop its notification up again: asked in the page, not with a dialog.
        <div class="confirm" role="group" aria-label={s.replay}>
          <span>{strings.setup.replayConfirm}</span>
          <Button
            small
            class="button-primary"
            onClick={() => {
              setConfirming(false);
              onReplay(entry);
            }}
          >
            {strings.setup.replayYes}
          </Button>
          <Button small onClick={() => setConfirming(false)}>
            {strings.setup.replayNo}
          </Button>
        </div>
      ) : null}
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
