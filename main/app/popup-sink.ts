import type { AppNotification } from '../../shared/model';
import type { DecisionSink } from './plug-ins';

/** The host's popup as a sink: shows what the policy decided to show, nothing else. */
export function popupSink(show: (notification: AppNotification) => void): DecisionSink {
  return {
    name: 'popups',
    decided: (entry) => {
      if (entry.decision.shown) show(entry.notification);
    },
  };
}
