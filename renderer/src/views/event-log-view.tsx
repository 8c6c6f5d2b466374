import { Button } from '../components/button';
import { useState } from 'preact/hooks';
import type { EventLogEntry } from '../../../shared/model';
import { useApp } from '../app-context';
import { HistoryList } from '../components/history-list';
import { StatusLine } from '../components/status-line';
import { useHistoryPage } from '../use-history-page';
import { useLiveTick } from '../use-live-tick';
import { EventLogRow } from './event-log-row';

const TEST_KINDS = ['StreamStarted', 'FileClosed'] as const;

/** The event log (shown as "Webhook log"): events as received (an inspector), each replayable, and test events. */
export function EventLogView() {
  const { api, strings } = useApp();
  const s = strings.events;
  const [page, setPage] = useState(0);
  const [changes, setChanges] = useState(0);
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  const tick = useLiveTick(api, ['state:changed', 'notification:added'], 500);
  const result = useHistoryPage(api.eventLogPage, {}, page, tick + changes);

  const report = (ok: boolean, done: string, refusal: string | undefined) => {
    setMessage(ok ? { text: done, tone: 'info' } : { text: refusal ?? '', tone: 'error' });
    setChanges((c) => c + 1);
  };
  const failed = (error: unknown) => setMessage({ text: String(error), tone: 'error' });
  const sendTest = (kind: (typeof TEST_KINDS)[number]) => {
    void api
      .testSendEvent({ kind })
      .then((answer) => report(answer.ok, s.sent, answer.message), failed);
  };
  const replay = (entry: EventLogEntry) => {
    void api
      .eventLogReplay({ entryId: entry.entryId })
      .then((answer) => report(answer.ok, s.replayed, answer.message), failed);
  };

  return (
    <div class="diagnostics">
      <section class="card test-card" aria-labelledby="events-test-title">
        <h3 id="events-test-title" class="section-title">
          {s.testTitle}
        </h3>
        <p class="field-hint">{s.testHint}</p>
        <div class="button-row">
          {TEST_KINDS.map((kind) => (
            <Button key={kind} onClick={() => sendTest(kind)}>
              {s.sendTest[kind]}
            </Button>
          ))}
        </div>
      </section>
      <div class="toolbar">
        <span class="toolbar-note">{s.total(result.total)}</span>
      </div>
      <StatusLine text={message?.text ?? result.error} tone={message?.tone ?? 'error'} />
      <HistoryList
        result={result}
        label={s.listLabel}
        emptyText={s.empty}
        page={page}
        onPage={setPage}
        rows={(items) =>
          items.map((entry) => <EventLogRow key={entry.entryId} entry={entry} onReplay={replay} />)
        }
      />
    </div>
  );
}
