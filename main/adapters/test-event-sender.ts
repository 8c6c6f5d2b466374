import { TEST_EVENT_HEADER } from './webhook-listener/listener-types';

/**
 * Posts the app's test event to its own listener over HTTP, with the headers the recorder sends
 * plus the per-run secret that marks it as a test. The answer says whether the set-up works.
 */
export async function postTestEvent(
  webhookUrl: string,
  test: { body: Record<string, unknown>; secret: string; version: string },
): Promise<{ ok: boolean; message?: string }> {
  try {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': `RecorderTray/${test.version} (test)`,
        [TEST_EVENT_HEADER]: test.secret,
      },
      body: JSON.stringify(test.body),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.ok) return { ok: true };
    return {
      ok: false,
      message: `${webhookUrl} answered HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`,
    };
  } catch (error) {
    return {
      ok: false,
      message: `${webhookUrl} could not be reached: ${String((error as Error).cause ?? error)}`,
    };
  }
}
