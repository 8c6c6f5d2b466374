import { WINDOW_VIEWS, type WindowView } from '../../shared/i18n/window';
import { useApp } from './app-context';

function focusTab(view: WindowView): void {
  document.getElementById(`tab-${view}`)?.focus();
}

/**
 * The view tabs, with a roving tabindex: Tab reaches the selected tab, arrows / Home / End move
 * between tabs and select them. The notifications tab carries the unread count, the jobs tab
 * the jobs running or queued.
 */
export function TabBar({ view, onView }: { view: WindowView; onView: (view: WindowView) => void }) {
  const { state, strings } = useApp();
  const unread = state.unreadCount;
  // Jobs running or waiting: the Jobs tab counts them (a failed one is told by a popup).
  const busy = (state.jobs?.running ?? 0) + (state.jobs?.queued ?? 0);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = WINDOW_VIEWS.indexOf(view);
    const last = WINDOW_VIEWS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? WINDOW_VIEWS[index === last ? 0 : index + 1]
        : event.key === 'ArrowLeft'
          ? WINDOW_VIEWS[index === 0 ? last : index - 1]
          : event.key === 'Home'
            ? WINDOW_VIEWS[0]
            : event.key === 'End'
              ? WINDOW_VIEWS[last]
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    onView(target);
    focusTab(target);
  };
  return (
    <div class="tabs" role="tablist" aria-label={strings.tabsLabel} onKeyDown={onKeyDown}>
      {WINDOW_VIEWS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`tab-${name}`}
          class="tab"
          aria-selected={name === view}
          aria-controls={`panel-${name}`}
          tabIndex={name === view ? 0 : -1}
          onClick={() => onView(name)}
        >
          {strings.tabs[name]}
          {name === 'notifications' && unread > 0 ? (
            <span class="badge">
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span class="sr-only">{strings.header.unread(unread)}</span>
            </span>
          ) : null}
          {name === 'jobs' && busy > 0 ? (
            <span class="badge badge-quiet">
              <span aria-hidden="true">{busy > 99 ? '99+' : busy}</span>
              <span class="sr-only">{strings.jobs.busy(busy)}</span>
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
