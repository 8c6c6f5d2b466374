import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/headless-process';

// The layer table of docs/architecture.md, checked through the project's own lint config.
const eslint = new ESLint({ cwd: PROJECT_ROOT });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('lint enforces the layers', () => {
  it.each([
    ['main/core/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['main/core/x.ts', "import express from 'express';"],
    ['main/core/x.ts', "import { app } from 'electron';"],
    ['main/core/x.ts', "import { Deliveries } from '../adapters/database/deliveries';"],
    ['shared/x.ts', "import { readFileSync } from 'node:fs';"],
    ['shared/x.ts', "import express from 'express';"],
    ['shared/x.ts', "import type { BrowserWindow } from 'electron';"],
    ['main/adapters/x.ts', "import { shell } from 'electron';"],
    [
      'main/features/guardian/adapters/x.ts',
      "import type { SourceContext } from '../../app/sources';",
    ],
    ['main/headless/x.ts', "import { Notification } from 'electron';"],
    ['renderer/src/x.ts', "import { createApp } from '../../main/app/create-app';"],
    ['main/app/x.ts', "import { app } from 'electron';"],
    ['main/app/x.ts', "import { Notifier } from '../electron/notifier';"],
    ['main/app/x.ts', "import { startPreview } from '../headless/preview';"],
    ['main/app/x.ts', "import { PopupButtonRunner } from '../hosts/popup-button-runner';"],
    ['main/hosts/x.ts', "import { Notifier } from '../electron/notifier';"],
    ['main/hosts/x.ts', "import { startPreview } from '../headless/preview';"],
    ['main/x.ts', "import { app } from 'electron';"],
    ['main/newfolder/x.ts', "import { Tray } from 'electron';"],
    ['renderer/src/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['main/core/x.ts', "import { createApp } from '../app/create-app';"],
    ['main/features/jobs/core/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['main/features/jobs/core/x.ts', "import { runStep } from '../adapters/step-runner';"],
    ['main/features/jobs/core/x.ts', "import { buildJobs } from '../app/build-jobs';"],
    ['main/features/push/adapters/x.ts', "import { shell } from 'electron';"],
    ['main/features/push/adapters/x.ts', "import { PushSink } from '../app/push-sink';"],
    ['main/features/push/app/x.ts', "import { Notifier } from '../../../electron/notifier';"],
    ['main/electron/x.ts', "import { startPreview } from '../headless/preview';"],
    ['main/headless/x.ts', "import { createApp } from '../app/create-app';"],
    ['main/electron/x.ts', "import { createAppForTests } from '../app/testing';"],
    ['main/hosts/x.ts', "import type { AppPorts } from '../app/app-ports';"],
    ['bench/x.ts', "import { app } from 'electron';"],
    ['bench/x.ts', "import { Notifier } from '../main/electron/notifier';"],
    ['tools/x.ts', "import { app } from 'electron';"],
    ['tools/x.ts', "import { createApp } from '../main/app/create-app';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await layerErrors(file, `${code}\nexport const used = 1;\n`)).not.toEqual([]);
  });

  it.each([
    ['main/core/x.ts', "import * as z from 'zod';"],
    ['main/adapters/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['main/adapters/x.ts', "import type { SourceContext } from '../core/plug-ins';"],
    ['main/electron/x.ts', "import { app } from 'electron';"],
    [
      'main/app/x.ts',
      "import { deliveriesJournal } from '../adapters/database/deliveries-journal';",
    ],
    ['main/features/jobs/core/x.ts', "import type { Clock } from '../../../core/ports';"],
    ['main/features/jobs/adapters/x.ts', "import { spawn } from 'node:child_process';"],
    ['main/features/jobs/app/x.ts', "import { JobQueue } from '../core/job-queue';"],
    ['bench/x.ts', "import { createApp } from '../main/app/create-app';"],
    ['tools/x.ts', "import { LOG_FILE_NAME } from '../main/electron/app-logger';"],
    ['main/hosts/x.ts', "import type { RunningApp } from '../app';"],
    ['main/headless/x.ts', "import { createApp } from '../app';"],
    ['main/electron/x.ts', "import { createApp, popupSink } from '../app';"],
    ['main/headless/x.ts', "import { PopupButtonRunner } from '../hosts/popup-button-runner';"],
    ['main/app/x.ts', "import { Deliveries } from '../adapters/database/deliveries';"],
    ['renderer/src/x.ts', "import type { AppState } from '../../shared/app-state';"],
  ])('%s may: %s', async (file, code) => {
    expect(await layerErrors(file, `${code}\nexport const used = 1;\n`)).toEqual([]);
  });
});
