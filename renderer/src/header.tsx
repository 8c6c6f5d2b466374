import { useApp } from './app-context';
import { formatWhen, isPausedForever } from './format-time';

/** The title bar: recorder connection, a listener problem, a pause with its Resume, a lost stream. */
export function Header({ connected }: { connected: boolean }) {
  const { api, state, settings, language, strings } = useApp();
  const h = strings.header;
  const status = state.recorder.status;
  const recorderText =
    status === 'off'
      ? (settings?.recorder.url.trim() ?? '') === ''
        ? h.recorder.off
        : h.recorder.connecting
      : h.recorder[status];
  const tone = status === 'ok' ? 'good' : status === 'off' ? 'quiet' : 'bad';
  const pausedUntil = state.pause.pausedUntil;
  const paused = pausedUntil !== null && pausedUntil > Date.now();
  return (
    <header class="header">
      <h1 class="app-name">{strings.appName}</h1>
      <div class="header-status">
        <span class={`chip chip-${tone}`}>
          <span class="chip-dot" aria-hidden="true" />
          {recorderText}
        </span>
        {state.listener.running ? null : (
          <span class="chip chip-bad">{h.listenerDown(state.listener.error ?? '')}</span>
        )}
        {paused ? (
          <span class="chip chip-warn">
            {isPausedForever(pausedUntil)
              ? h.pausedForever
              : h.paused(formatWhen(pausedUntil, language))}
            <button
              type="button"
              class="chip-button"
              onClick={() => {
                // The pause banner stays until the state says otherwise: a failure is logged only.
                api
                  .notificationsPause({ until: 'resume' })
                  .catch((error: unknown) => console.error(error));
              }}
            >
              {h.resume}
            </button>
          </span>
        ) : null}
      </div>
      {connected ? null : (
        <p class="banner" role="alert">
          {strings.disconnected}
        </p>
      )}
    </header>
  );
}
