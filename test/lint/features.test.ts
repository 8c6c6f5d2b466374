import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/headless-process';

// A feature is one folder, main/features/<name>/, whose parts stand in core/, adapters/ and app/:
// lint gives each part its layer's rules by that folder, so a file outside them would have none.
const FEATURES = path.join(PROJECT_ROOT, 'main', 'features');
const PARTS = new Set(['core', 'adapters', 'app']);

describe('features as slices', () => {
  const features = readdirSync(FEATURES).filter((name) =>
    statSync(path.join(FEATURES, name)).isDirectory(),
  );

  it('holds the features the architecture names', () => {
    expect(features).toEqual(
      expect.arrayContaining([
        'clean-up',
        'guardian',
        'jobs',
        'phone',
        'pictures',
        'push',
        'recorder-kinds',
        'updates',
      ]),
    );
  });

  it.each(features)('%s keeps every file in core/, adapters/ or app/', (name) => {
    const stray = readdirSync(path.join(FEATURES, name)).filter((entry) => !PARTS.has(entry));
    expect(stray).toEqual([]);
  });
});
