import type { AppNotification } from '../../shared/model';
import type { SetupNotice } from '../core/recorder-sync';

/**
 * A set-up notice (webhooks not arriving, the recorder gone) as a popup: both hosts pop it up
 * besides the window's banner. It is trouble that costs recordings, so it is shown as a recording
 * problem is (never held back by a pause); a click opens the window, where the banner says the fix.
 */
export function noticeNotification(notice: SetupNotice, at: number): AppNotification {
  return {
    id: `notice-${notice.kind}-${at}`,
    event: 'RecordingProblem',
    roomIds: [],
    title: notice.title,
    body: notice.body,
    action: { kind: 'openWindow' },
    createdAt: at,
    tag: `notice-${notice.kind}`,
  };
}
