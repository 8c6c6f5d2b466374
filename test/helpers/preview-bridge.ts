import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { BRIDGE_TOKEN_HEADER } from '../../main/adapters/ui-bridge-server';
import { FAKE_COOKIE } from '../fakes/fake-recorder/index';
import { rawRequest } from './http';

/**
 * A caller of the contract through the browser preview's bridge at `uiUrl` (the ready line's, with
 * its token), as the window calls it; every answer must be a 200 with the call's JSON.
 */
export function bridgeCaller(
  uiUrl: string,
): (channel: string, body?: unknown) => Promise<Record<string, any>> {
  const ui = new URL(uiUrl);
  return async (channel, body) => {
    const answer = await rawRequest(`${ui.origin}/api/call/${channel}`, {
      method: 'POST',
      headers: {
        [BRIDGE_TOKEN_HEADER]: ui.searchParams.get('token') ?? '',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body ?? {}),
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.json() as Record<string, any>;
  };
}

/** The pieces of the fake recorder's login cookie (names and values) found in a text. */
export const cookieParts = (text: string): string[] =>
  FAKE_COOKIE.split(/[;= ]+/).filter((part) => text.includes(part));

/** Every file under `dir` with its text (to look for what must never be written). */
export async function filesUnder(dir: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (path) => ({ path, text: await readFile(path, 'utf8') })));
}
