import { readFileSync } from 'node:fs';
import { parseJsonText } from '../../../shared/parse';

/** One non-blank line of a JSON-lines file from before the database. */
export interface LegacyLine {
  /** What the line holds as JSON; undefined when it is not JSON. */
  json: { value: unknown } | undefined;
  /** Its number in the file, from 1. */
  line: number;
  /**
   * The file's last line, with no newline after it: one that is not readable there was cut short
   * by a stop while it was being written, not damaged.
   */
  last: boolean;
}

/**
 * The non-blank lines of an old JSON-lines file (journal, history, event log, outbox, removals),
 * each parsed as JSON: the importers check them against their own shapes and tell what they skip.
 */
export function readLegacyLines(path: string): LegacyLine[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const read: LegacyLine[] = [];
  lines.forEach((text, index) => {
    if (text.trim() === '') return;
    const json = parseJsonText(text);
    read.push({
      json: json.ok ? { value: json.value } : undefined,
      line: index + 1,
      last: index === lines.length - 1,
    });
  });
  return read;
}
