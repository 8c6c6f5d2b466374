import { useApp } from '../app-context';
import { EventsView } from '../views/events-view';

/** Settings → Diagnostics: the webhook log (what arrived, test events, replay). */
export function DiagnosticsSection() {
  const { strings } = useApp();
  return (
    <section id="settings-diagnostics" class="settings-section" aria-labelledby="diagnostics-title">
      <h2 id="diagnostics-title" class="section-title">
        {strings.setup.diagnostics} · {strings.setup.webhookLog}
      </h2>
      <EventsView />
    </section>
  );
}
