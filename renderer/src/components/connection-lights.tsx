import { useEffect, useState } from 'preact/hooks';
import { apiLight } from '../api-memory';
import { useApp } from '../app-context';
import { formatAgo } from '../format-time';
import { useLastWebhook } from '../use-last-webhook';
import { useLiveTick } from '../use-live-tick';
import { firstRecorder } from '../../../shared/recorders';
import type { RecorderStatusKind } from '../../../shared/app-state';
import type { WindowStrings } from '../../../shared/i18n/window';
import { showsRecorders } from '../recorder-rooms';

type Tone = 'good' | 'quiet' | 'bad';
type FilesLight = 'ok' | 'noRoot' | 'none' | 'missing';

function Light({ tone, name, text }: { tone: Tone; name: string; text: string }) {
  return (
    <li class={`light light-${tone}`}>
      <span class="light-icon" aria-hidden="true">
        {tone === 'good' ? '✓' : tone === 'bad' ? '✕' : '○'}
      </span>
      <span class="light-name">{name}</span>
      <span class="light-text">{text}</span>
    </li>
  );
}

function useFilesLight(): FilesLight {
  const { api, settings } = useApp();
  const [light, setLight] = useState<FilesLight>('none');
  const tick = useLiveTick(api, ['notification:added'], 2000);
  // Each recorder has its own root: the newest file's recorder's counts (the first's before any file).
  const roots = settings?.recorders.map((r) => [r.id, r.recordingRoot] as const) ?? [];
  const key = JSON.stringify(roots);
  useEffect(() => {
    let current = true;
    api.historyFiles({ limit: 1 }).then(
      (page) => {
        if (!current) return;
        const newest = page.items[0];
        const root = (roots.find(([id]) => id === newest?.recorderId) ?? roots[0])?.[1] ?? '';
        if (root === '') setLight('noRoot');
        else if (newest === undefined) setLight('none');
        else setLight(newest.exists === false ? 'missing' : 'ok');
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, tick, key]);
  return light;
}

// A recorder API's light: connected, off (webhooks only), not set up, failing with the reason.
function apiLightProps(
  status: RecorderStatusKind,
  url: string,
  message: string,
  strings: WindowStrings,
): { tone: Tone; text: string } {
  const s = strings.setup;
  const api = apiLight(status, url);
  return {
    tone: api === 'ok' ? 'good' : api === 'failing' ? 'bad' : 'quiet',
    text: {
      ok: strings.header.recorder.ok,
      off: s.apiOff,
      notSetUp: s.apiNotSetUp,
      failing: s.apiFailing(message),
    }[api],
  };
}

/**
 * Three lights: webhooks (when the last one came), the recorder API (connected, not set up,
 * failing; one per recorder, named, where there are several) and the files (the newest finished file is found under the recording folder).
 */
export function ConnectionLights() {
  const { state, settings, language, strings } = useApp();
  const s = strings.setup;
  const last = useLastWebhook();
  const url = settings ? firstRecorder(settings).url : '';
  const files = useFilesLight();
  return (
    <ul class="lights" aria-label={s.lightsLabel}>
      <Light
        tone={last === undefined ? 'quiet' : 'good'}
        name={s.webhooks}
        text={last === undefined ? s.webhooksNever : s.webhooksAt(formatAgo(last, language, s.ago))}
      />
      {showsRecorders(state) ? (
        state.recorders.map((recorder) => (
          <Light
            key={recorder.id}
            name={`${s.api} · ${recorder.name}`}
            {...apiLightProps(recorder.status, recorder.url, recorder.message, strings)}
          />
        ))
      ) : (
        <Light
          name={s.api}
          {...apiLightProps(state.recorder.status, url, state.recorder.message, strings)}
        />
      )}
      <Light
        tone={files === 'ok' ? 'good' : files === 'missing' ? 'bad' : 'quiet'}
        name={s.files}
        text={
          { ok: s.filesOk, missing: s.filesMissing, noRoot: s.filesNoRoot, none: s.filesNone }[
            files
          ]
        }
      />
    </ul>
  );
}
