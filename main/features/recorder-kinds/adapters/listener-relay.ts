/**
 * Hands an event read from a recorder's stream to the app's own listener, on that recorder's
 * webhook URL, as its webhook would come: the same checks, translation, journal and dedupe (an
 * event that came both ways is one). Resolves with the listener's status; throws when the
 * listener cannot be reached.
 */
export async function relayToListener(webhookUrl: string, text: string): Promise<number> {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'RecorderTray (stream relay)' },
    body: text,
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer(); // read to the end: the connection goes back to the pool
  return response.status;
}
