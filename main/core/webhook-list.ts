/**
 * The recorder's webhook lists (`WebHookUrls`, `WebHookUrlsV2`): one string, URLs separated by
 * newlines. The recorder splits it on `\r` and `\n`, trims each line and skips blank ones
 * (BasicWebhookV2.SendAsync; docs/recorder.md, "Global settings"), so the same URL written twice
 * gets every event twice: adding must recognise a URL that is already there.
 */

/** The URLs of a webhook list, split as the recorder splits it. */
export function webhookListUrls(list: string): string[] {
  return list
    .split(/[\r\n]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * A URL's comparable form, as `URL` writes it: scheme and host in lower case, the default port
 * dropped, an empty path as `/`, credentials and fragment left out. The path and the query keep
 * their case and a trailing `/` on a path stays: this app's listener answers `/webhook/` with a
 * 404, so such an entry is another URL, one that does not reach it. Text that is no URL compares
 * as trimmed.
 */
export function webhookUrlKey(url: string): string {
  const text = url.trim();
  try {
    const parsed = new URL(text);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search}`;
  } catch {
    return text;
  }
}

/** Whether a webhook list holds the URL (compared by `webhookUrlKey`). */
export function webhookListHas(list: string, url: string): boolean {
  const key = webhookUrlKey(url);
  return webhookListUrls(list).some((entry) => webhookUrlKey(entry) === key);
}

/**
 * The list with the URL added at its end, unless it holds it already: every line there is kept
 * as written (its line breaks too), blank lines at the end aside.
 */
export function addToWebhookList(list: string, url: string): { list: string; added: boolean } {
  if (webhookListHas(list, url)) return { list, added: false };
  const kept = list.replace(/\s+$/, '');
  const lineBreak = list.includes('\r\n') ? '\r\n' : '\n';
  return { list: kept === '' ? url.trim() : `${kept}${lineBreak}${url.trim()}`, added: true };
}
