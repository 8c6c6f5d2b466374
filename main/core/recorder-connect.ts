import type { GlobalWebhookLists } from '../../shared/recorder/global-config';
import { isLoopbackHost } from '../../shared/settings-rules';
import { addToWebhookList, webhookListHas } from './webhook-list';

/** What connecting decides from the lists the recorder has now. */
export type ConnectPlan =
  { kind: 'already'; inV1: boolean } | { kind: 'add'; v2: string; inV1: boolean };

/**
 * Whether the recorder can reach the webhook URL from where it runs: a loopback URL, or a
 * listener on loopback, serves only the recorder on this computer. A recorder whose URL names
 * another host (a NAS, another PC) would send to itself. A recorder on this computer inside
 * Docker looks local and is not caught here (docs/recorder.md, "Global settings").
 */
export function recorderCanReach(
  recorderUrl: string,
  webhookUrl: string,
  listenerHost: string,
): boolean {
  const recorderHost = hostOf(recorderUrl);
  if (recorderHost === undefined || isLoopbackHost(recorderHost)) return true;
  const webhookHost = hostOf(webhookUrl);
  return !isLoopbackHost(listenerHost) && !(webhookHost && isLoopbackHost(webhookHost));
}

/** Adds the webhook URL to the V2 list unless it is there; notes whether the V1 list has it too. */
export function planConnect(lists: GlobalWebhookLists, webhookUrl: string): ConnectPlan {
  const inV1 = webhookListHas(lists.v1, webhookUrl);
  const next = addToWebhookList(lists.v2, webhookUrl);
  return next.added ? { kind: 'add', v2: next.list, inV1 } : { kind: 'already', inV1 };
}

/** Whether the V2 list sends every event to the webhook URL (V1 alone carries only finished files). */
export function webhooksSetIn(lists: GlobalWebhookLists, webhookUrl: string): boolean {
  return webhookListHas(lists.v2, webhookUrl);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url.trim()).hostname;
  } catch {
    return undefined;
  }
}
