import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import { PROJECT_ROOT } from '../helpers/headless-process';

describe('renderer/index.html', () => {
  it('carries the same CSP as the one main sends (less frame-ancestors, which a <meta> cannot set)', () => {
    const html = readFileSync(join(PROJECT_ROOT, 'renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    const directives = (policy: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .sort();
    const expected = directives(CONTENT_SECURITY_POLICY).filter(
      (d) => !d.startsWith('frame-ancestors'),
    );
    expect(directives(meta ?? '')).toEqual(expected);
  });
});
