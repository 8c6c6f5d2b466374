import { apiLight } from './api-memory';
import { useApp } from './app-context';
import { formatWhen, isPausedForever } from './format-time';
import { firstRecorder } from '../../shared/recorders';

/** The title bar: recorder connection, a listener problem, a pause with its Resume, a lost stream. */
export function Header({ connected }: { connected: boolean }) {
  const { api, state, settings, language, strings } = useApp();
  const h = strings.header;
  const status = state.recorder.status;
  const url = settings ? firstRecorder(settings).url : '';
  // An API that never answered is "not set up" (neutral), not an error: see apiLight.
  const light = apiLight(status, url);
  const recorderText =
    light === 'off'
      ? h.recorder.off
      : light === 'notSetUp'
        ? status === 'off'
          ? h.recorder.connecting
          : `${strings.setup.api} · ${strings.setup.apiNotSetUp}`
        : h.recorder[status === 'off' ? 'connecting' : status];
  const tone = light === 'ok' ? 'good' : light === 'failing' ? 'bad' : 'quiet';
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
