import { parseWebhook, type RecorderWebhook } from '../../shared/recorder/webhook';

/** A body parsed as the listener parses it; throws with the reasons when it does not parse. */
export function parsedWebhook(body: unknown): RecorderWebhook {
  const parsed = parseWebhook(body);
  if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
  return parsed.value;
}
