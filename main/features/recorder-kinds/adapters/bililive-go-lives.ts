/**
 * bililive-go's room behind one of its ids: `GET /api/lives/{id}` (src/servers/handler.go
 * getLive), as its JSON, read by the listener's parser. Throws on a refusal or no answer.
 */
export async function fetchBililiveGoLive(baseUrl: string, id: string): Promise<unknown> {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/lives/${encodeURIComponent(id)}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) {
    await response.arrayBuffer();
    throw new Error(`${url} answered HTTP ${response.status}`);
  }
  return (await response.json()) as unknown;
}
