// The event log's text search, as the window has always had it: whitespace-separated words, each
// of which must occur, case-insensitively, in the type, the EventId or the body. Bodies are capped:
// the key is for finding an event, and a search reads every entry kept.
const MAX_KEY = 4096;

/** The lower-cased words of a search; none when the text has no words. */
export function textWords(text: string | undefined): string[] {
  return (text ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}

/**
 * What an entry's words are searched in: type, EventId and body text, lower-cased. Text as
 * received may spell characters as \uXXXX escapes (the recorder's System.Text.Json does for
 * non-ASCII): the characters are searched, not the escapes.
 */
export function eventTextKey(eventType: string, eventId: string, bodyJson: string): string {
  const body = bodyJson.includes('\\u') ? unescaped(bodyJson) : bodyJson;
  return `${eventType}\n${eventId}\n${body}`.slice(0, MAX_KEY).toLowerCase();
}

function unescaped(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json)) ?? json;
  } catch {
    return json; // not JSON: searched as it is
  }
}
