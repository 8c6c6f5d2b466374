/** bilibili's image hosts (`i0.hdslb.com`, `i2.hdslb.com`, …): the only hosts pictures come from. */
export const BILIBILI_IMAGE_DOMAIN = 'hdslb.com';

function isBilibiliImageHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === BILIBILI_IMAGE_DOMAIN || host.endsWith(`.${BILIBILI_IMAGE_DOMAIN}`);
}

/**
 * The URL to download a picture from, or undefined when it may not be downloaded: bilibili's
 * image hosts over https (the API answers `http://i0.hdslb.com/…`, which the same hosts serve
 * over https, so the scheme is raised), or the configured live API host itself (a mirror serves
 * both). No credentials, no other port, no other host: a URL in an answer cannot make the app
 * fetch from the local network.
 */
export function pictureDownloadUrl(raw: string, liveApiHost: string): string | undefined {
  if (raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim().startsWith('//') ? `https:${raw.trim()}` : raw.trim());
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (isBilibiliImageHost(url.hostname)) {
    if (url.port !== '' && url.port !== '443' && url.port !== '80') return undefined;
    url.protocol = 'https:';
    url.port = '';
    return url.href;
  }
  try {
    return url.origin === new URL(liveApiHost).origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}
