import type { ComponentChildren } from 'preact';
import { Button } from './button';
import { popupsBlockedText } from '../../../shared/i18n/popups-blocked';
import { useApp } from '../app-context';

/** One warning under the header: its title, its lines (the system's own words), and a fix. */
function Banner({
  kind,
  title,
  lines,
  children,
}: {
  kind: string;
  title: string;
  lines: readonly (string | undefined)[];
  children?: ComponentChildren;
}) {
  return (
    <div class={`notice-banner notice-${kind}`} role="alert">
      <span class="notice-icon" aria-hidden="true">
        ⚠
      </span>
      <div class="notice-text">
        <strong data-content>{title}</strong>
        {lines.map((line, index) =>
          line ? (
            <span key={index} data-content>
              {line}
            </span>
          ) : null,
        )}
      </div>
      {children}
    </div>
  );
}

/**
 * The banners under the header. The set-up notices in force (webhooks not arriving, recorder
 * unreachable), each with the way to its fix: the settings field it is about. While writing the
 * data folder fails (a full disk, EIO, read-only; AppState.storage.trouble): the system's message;
 * it goes by itself once the retried writes work. While the system refuses the app's popups
 * (AppState.popups: a macOS build without a signature, notifications switched off, no
 * notification daemon): where this OS lets the user allow them and the system's own words; it
 * goes once a popup gets through again.
 */
export function NoticeBanners() {
  const { state, info, strings, goTo } = useApp();
  const notices = state.notices ?? [];
  const trouble = state.storage?.trouble;
  const popups = state.popups;
  const blocked = popupsBlockedText(state.language, info?.platform ?? 'linux');
  return (
    <>
      {notices.length === 0 ? null : (
        <div class="notices">
          {notices.map((notice) => (
            <Banner key={notice.kind} kind={notice.kind} title={notice.title} lines={[notice.body]}>
              <Button
                small
                onClick={() =>
                  goTo(
                    'settings',
                    notice.kind === 'webhooksMissing' ? 'webhook-url' : 'recorder-url',
                  )
                }
              >
                {strings.setup.noticeFix}
              </Button>
            </Banner>
          ))}
        </div>
      )}
      {trouble === undefined ? null : (
        <div class="notices">
          <Banner kind="storage" title={strings.setup.storageTrouble} lines={[trouble]} />
        </div>
      )}
      {popups?.blocked !== true ? null : (
        <div class="notices">
          <Banner kind="popups" title={blocked.title} lines={[blocked.hint, popups.reason]} />
        </div>
      )}
    </>
  );
}
