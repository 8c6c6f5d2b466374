// Issue 43: the secrets a target needs to take commands are made by the app at setup, never typed
// (a word a user picks is guessable): ntfy's control topic and the install's secret, OneBot's
// `post=` path key and the `secret=` that signs its events.

/** How many random letters and digits each made secret has (ntfy's topic: 24 to 64). */
export const MADE_SECRET_LENGTH = 32;

const COMMANDS_ON = /^(yes|true|1|on)$/i;

/**
 * The target URL with the secrets its commands need made where missing (`random(n)`: n random
 * letters and digits); any other URL, or one that has them, comes back as it was.
 */
export function withPhoneSecrets(url: string, random: (chars: number) => string): string {
  const scheme = /^([a-z]+):\/\//i.exec(url)?.[1]?.toLowerCase();
  const at = url.indexOf('?');
  const query = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  if (!COMMANDS_ON.test(query.get('commands') ?? '')) return url;
  const wanted =
    scheme === 'ntfy' || scheme === 'ntfys'
      ? ['control', 'secret']
      : (scheme === 'onebot' || scheme === 'onebots') && !query.has('ws')
        ? ['post', 'secret']
        : [];
  const missing = wanted.filter((name) => !query.get(name));
  if (missing.length === 0) return url;
  // The query's own words are kept as typed (an encoded `ws=` stays so); empty ones are dropped.
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '' && !missing.some((name) => pair.startsWith(`${name}=`)));
  const made = missing.map((name) => `${name}=${random(MADE_SECRET_LENGTH)}`);
  return `${url.slice(0, at)}?${[...kept, ...made].join('&')}`;
}
