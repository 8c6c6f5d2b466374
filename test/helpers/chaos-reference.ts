import { coreHarness } from '../fakes/core-harness';
import { popupIdentity } from './popup-tally';

/** One delivery of the chaos test: its body's bytes and the recorder that posts it. */
export interface ReferenceDelivery {
  text: string;
  recorder: string;
}

/**
 * The happenings (popupIdentity) the core pops up for `deliveries` taken in order by an app that
 * is never killed, with every popup on its own (no grouping): what the chaos test's app must show
 * at least once over all its runs. The chaos test posts its queue in order and retries an
 * unanswered delivery before the next one, so the database's order of first commits is the
 * queue's order, whatever the kills; a kill only ever adds popups to this (a restart forgets
 * pruned rooms and the policy's flaps), never takes one away. Go-lives need this: a go-live that
 * arrives after its room's end (the shuffle carries some far) is rightly not news, so "every
 * answered go-live" would be wrong.
 */
export function popupsWithoutKills(deliveries: readonly ReferenceDelivery[]): Set<string> {
  const core = coreHarness((settings) => {
    settings.notifications.groupWindowSeconds = 0;
  });
  for (const { text, recorder } of deliveries) core.deliver(JSON.parse(text), recorder);
  const shown = new Set<string>();
  for (const notification of core.shown()) {
    const identity = popupIdentity(notification);
    if (identity !== undefined) shown.add(identity);
  }
  return shown;
}
