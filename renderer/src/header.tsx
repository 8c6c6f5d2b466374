import { useApp } from './app-context';
import { formatWhen, isPausedForever } from './format-time';
import { firstRecorder } from '../../shared/recorders';
import { recorderLight, type RecorderLight } from './recorder-light';
import { showsRecorders } from './recorder-rooms';

function Light({ light, name }: { light: RecorderLight; name?: string }) {
  return (
    <span class={`chip chip-${light.tone}`} data-tone={light.tone}>
      <span class="chip-dot" aria-hidden="true" />
      {name === undefined ? light.text : `${name}: ${light.text}`}
    </span>
  );
}

/**
 * The title bar: the recorder's connection (a light per recorder, each named, where there are
 * several), a listener problem, a pause with its Resume, a lost stream.
 */
export function Header({ connected }: { connected: boolean }) {
  const { api, state, settings, language, strings } = useApp();
  const h = strings.header;
  const url = settings ? firstRecorder(settings).url : '';
  const pausedUntil = state.pause.pausedUntil;
  const paused = pausedUntil !== null && pausedUntil > Date.now();
  return (
    <header class="header">
      <h1 class="app-name">{strings.appName}</h1>
      <div class="header-status">
        {showsRecorders(state) ? (
          <span class="header-recorders" role="group" aria-label={strings.recorders.section}>
            {state.recorders.map((recorder) => (
              <Light
                key={recorder.id}
                name={recorder.name}
                light={recorderLight(recorder.status, recorder.url, strings)}
              />
            ))}
          </span>
        ) : (
          <Light light={recorderLight(state.recorder.status, url, strings)} />
        )}
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
