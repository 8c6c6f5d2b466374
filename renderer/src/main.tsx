// Placeholder window until the real UI lands (issue 6): lists the rooms the app knows, live.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { AppState } from '../../shared/app-state';
import type { RecorderTrayApi } from '../../shared/contract-client';

declare global {
  interface Window {
    /** The API the preload exposes (absent when the page is opened outside the app). */
    recorderTray?: RecorderTrayApi;
  }
}

function App() {
  const [state, setState] = useState<AppState | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const api = window.recorderTray;
    if (api === undefined) {
      setError('window.recorderTray is missing: open this page from the app.');
      return undefined;
    }
    api.stateGet().then(setState, (reason: unknown) => setError(String(reason)));
    return api.on('state:changed', setState);
  }, []);
  if (error !== null) return <p role="alert">{error}</p>;
  if (state === null) return <p>…</p>;
  return (
    <main>
      <h1>Recorder Tray</h1>
      <ul>
        {state.rooms.map((room) => (
          <li key={room.roomId}>
            {room.name} — {room.title} {room.recording ? '●' : room.streaming ? '▶' : ''}
          </li>
        ))}
      </ul>
    </main>
  );
}

const root = document.getElementById('app');
if (root !== null) render(<App />, root);
