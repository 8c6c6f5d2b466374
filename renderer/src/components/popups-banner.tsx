import { popupsBlockedText } from '../../../shared/i18n/popups-blocked';
import { useApp } from '../app-context';

/**
 * While the system refuses the app's popups (AppState.popups: a macOS build without a signature,
 * notifications switched off, no notification daemon): a banner saying so, with where this OS lets
 * the user allow them and the system's own words. It goes once a popup gets through again.
 */
export function PopupsBanner() {
  const { state, info } = useApp();
  const popups = state.popups;
  if (popups?.blocked !== true) return null;
  const { title, hint } = popupsBlockedText(state.language, info?.platform ?? 'linux');
  return (
    <div class="notices">
      <div class="notice-banner notice-popups" role="alert">
        <span class="notice-icon" aria-hidden="true">
          ⚠
        </span>
        <div class="notice-text">
          <strong data-content>{title}</strong>
          <span data-content>{hint}</span>
          {popups.reason ? <span data-content>{popups.reason}</span> : null}
        </div>
      </div>
    </div>
  );
}
