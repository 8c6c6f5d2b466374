import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/headless-process';

// zod's `{ z }` makes bundlers keep all of zod, its locales included (eslint.config.js says why).
const eslint = new ESLint({ cwd: PROJECT_ROOT });

async function syntaxErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = z;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('lint keeps zod to the parts used', () => {
  it.each(['shared/x.ts', 'main/adapters/x.ts', 'renderer/src/x.ts', 'test/x.test.ts'])(
    '%s may not import { z }, may import * as z',
    async (file) => {
      expect(await syntaxErrors(file, "import { z } from 'zod';")).toEqual([
        "import * as z from 'zod': a bundler then keeps only the parts used",
      ]);
      expect(await syntaxErrors(file, "import * as z from 'zod';")).toEqual([]);
    },
  );
});
