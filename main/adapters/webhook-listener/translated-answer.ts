import type { ServerResponse } from 'node:http';
import { parseWebhook } from '../../../shared/recorder/webhook';
import type { IntakeResult } from '../../core/webhook-intake';
import { sendJson } from '../json-answer';
import type { Answered, KindTranslation, WebhookListenerDeps } from './listener-types';

/** A body that came in on a recorder of another kind, with its translation under way. */
export interface TranslatedDelivery {
  recorderId: string;
  userAgent: string | undefined;
  translation: Promise<KindTranslation>;
}

/**
 * Answers another kind's webhook: refused (422, with the reasons) when its kind cannot read it;
 * otherwise each BililiveRecorder body it became goes through the intake in order, as a webhook
 * of that recorder would, and the 204 goes out once all are in the journal (a failed write: 500,
 * and blrec retries; DDTV and biliLive-tools do not). Their work after the answer is queued in order.
 */
export async function answerTranslated(
  deps: Pick<WebhookListenerDeps, 'intake' | 'log'>,
  res: ServerResponse,
  delivery: TranslatedDelivery,
  after: { add: (answered: Answered) => void },
): Promise<void> {
  let translation: KindTranslation;
  try {
    translation = await delivery.translation;
  } catch (error) {
    deps.log.error(`reading a ${delivery.recorderId} event: ${String(error)}`);
    return sendJson(res, 500, { error: 'could not read the event' });
  }
  if (!translation.ok) {
    deps.intake.countRejected();
    return sendJson(res, 422, { error: translation.error, reasons: translation.reasons });
  }
  const answered: Answered[] = [];
  try {
    for (const body of translation.bodies) {
      const parsed = parseWebhook(body);
      // The bodies are built by this app: one its own parser refuses is a bug, said plainly.
      if (!parsed.ok) throw new Error(`translated body refused: ${parsed.reasons.join('; ')}`);
      const bodyJson = JSON.stringify(body);
      const result: IntakeResult = await deps.intake.accept(parsed.value, body, {
        userAgent: delivery.userAgent,
        source: 'webhook',
        recorderId: delivery.recorderId,
        bodyBytes: Buffer.from(bodyJson, 'utf8'),
      });
      answered.push({ result, body, userAgent: delivery.userAgent, bodyJson });
    }
  } catch (error) {
    deps.log.error(`journal write failed: ${String(error)}`);
    sendJson(res, 500, { error: 'could not store the event' });
  } finally {
    // What was journaled before a failure is handed on all the same.
    for (const one of answered) after.add(one);
  }
  if (!res.headersSent) res.writeHead(204).end();
}
