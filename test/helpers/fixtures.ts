import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Folder of the recorder payloads copied from the recorder's real and documented payloads (see test/fixtures/recorder/README.md). */
export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'recorder');

/** The exact bytes of a fixture file (relative to test/fixtures/recorder). */
export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** A fixture parsed as JSON; `.jsonc` files have their `//` comments removed first. */
export function fixtureJson<T = Record<string, unknown>>(name: string): T {
  const text = fixtureText(name);
  return JSON.parse(name.endsWith('.jsonc') ? stripLineComments(text) : text) as T;
}

/** Every fixture file name in a folder matching a pattern, e.g. `webhook-`. */
export function fixtureNames(folder: string, prefix: string): string[] {
  return readdirSync(join(FIXTURES, folder))
    .filter((f) => f.startsWith(prefix))
    .map((f) => `${folder}/${f}`);
}

// Removes `// …` comments that stand outside strings (enough for the docs' JSONC examples).
function stripLineComments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let inString = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (ch === '"' && line[i - 1] !== '\\') inString = !inString;
        if (!inString && ch === '/' && line[i + 1] === '/') return line.slice(0, i);
      }
      return line;
    })
    .join('\n');
}
