import { useEffect, useState } from 'preact/hooks';
import { formatBytes } from '../../../shared/format';
import type { HistoryRemoval } from '../../../shared/history';
import type { CleanUpStrings } from '../../../shared/i18n/window/clean-up';
import { useApp } from '../app-context';
import { formatWhen } from '../format-time';
import { useLiveTick } from '../use-live-tick';

/** How many removals the section lists (the rest stay in the history). */
const SHOWN = 20;

/**
 * The recordings the clean-up removed last, newest first (`history:removals`): the file, its
 * size, when and how it went (or why it could not, the file staying).
 */
export function CleanUpRemovals({ strings: c }: { strings: CleanUpStrings }) {
  const { api, language } = useApp();
  const [removals, setRemovals] = useState<HistoryRemoval[] | null>(null);
  const [opened, setOpened] = useState(0);
  const tick = useLiveTick(api, ['state:changed'], 5_000);
  // Read at first, on state pushes and whenever the list is opened.
  useEffect(() => {
    let live = true;
    api.historyRemovals({ limit: SHOWN }).then(
      (page) => live && setRemovals(page.items),
      () => undefined, // the bridge reconnecting: the next push reads again
    );
    return () => {
      live = false;
    };
  }, [api, tick, opened]);
  if (removals === null) return null;
  return (
    <details
      class="field clean-up-removals"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened((n) => n + 1);
      }}
    >
      <summary class="field-label">{c.removed}</summary>
      {removals.length === 0 ? (
        <p class="field-hint">{c.removedNone}</p>
      ) : (
        <ul class="preview-files">
          {removals.map((removal) => (
            <li key={removal.id} data-removal={removal.relativePath}>
              <span data-content>{removal.relativePath}</span>{' '}
              <span class="preview-file-meta">
                {formatBytes(removal.bytes)} · {formatWhen(removal.at, language)} ·{' '}
                {removal.error ? (
                  <span class="tool-missing" data-content>
                    {c.removedFailed(removal.error)}
                  </span>
                ) : (
                  <>
                    {c.removedHow[removal.then]}
                    {removal.movedTo ? <span data-content>{` → ${removal.movedTo}`}</span> : null}
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
