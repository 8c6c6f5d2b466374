import { useApp } from '../app-context';

/**
 * While writing the data folder fails (a full disk, EIO, read-only; AppState.storage.trouble): a
 * banner saying so, with the system's message. It goes by itself once the retried writes work.
 */
export function StorageBanner() {
  const { state, strings } = useApp();
  const trouble = state.storage?.trouble;
  if (trouble === undefined) return null;
  return (
    <div class="notices">
      <div class="notice-banner notice-storage" role="alert">
        <span class="notice-icon" aria-hidden="true">
          ⚠
        </span>
        <div class="notice-text">
          <strong data-content>{strings.setup.storageTrouble}</strong>
          <span data-content>{trouble}</span>
        </div>
      </div>
    </div>
  );
}
