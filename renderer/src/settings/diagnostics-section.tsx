import { useApp } from '../app-context';
import { EventLogView } from '../views/event-log-view';

/** Settings → Diagnostics: the event log, shown as "Webhook log" (what arrived, test events, replay). */
export function DiagnosticsSection() {
  const { strings } = useApp();
  return (
    <section id="settings-diagnostics" class="settings-section" aria-labelledby="diagnostics-title">
      <h2 id="diagnostics-title" class="section-title">
        {strings.setup.diagnostics} · {strings.setup.eventLog}
      </h2>
      <EventLogView />
    </section>
  );
}
