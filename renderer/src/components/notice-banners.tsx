import { Button } from './button';
import { useApp } from '../app-context';

/**
 * The set-up notices in force (webhooks not arriving, recorder unreachable) as banners under the
 * header, each with the way to its fix: the settings field it is about.
 */
export function NoticeBanners() {
  const { state, strings, goTo } = useApp();
  const notices = state.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <div class="notices">
      {notices.map((notice) => (
        <div key={notice.kind} class={`notice-banner notice-${notice.kind}`} role="alert">
          <span class="notice-icon" aria-hidden="true">
            ⚠
          </span>
          <div class="notice-text">
            <strong data-content>{notice.title}</strong>
            <span data-content>{notice.body}</span>
          </div>
          <Button
            small
            onClick={() =>
              goTo('settings', notice.kind === 'webhooksMissing' ? 'webhook-url' : 'recorder-url')
            }
          >
            {strings.setup.noticeFix}
          </Button>
        </div>
      ))}
    </div>
  );
}
