import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Folder of the other recorders' payloads (see test/fixtures/recorder-kinds/README.md). */
export const KIND_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'recorder-kinds');

/** A fixture of another recorder (`blrec/live-began.json`), parsed. */
export function kindFixture(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(KIND_FIXTURES, name), 'utf8')) as Record<string, any>;
}
