import { execFile } from 'node:child_process';
import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JobTools } from '../../../../shared/job-rules';
import type { JobToolName, ToolCheck } from '../../../../shared/jobs';

/** Where to look: the environment's PATH and the platform's rules. */
export interface ProgramSearch {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

const hostSearch: ProgramSearch = { env: process.env, platform: process.platform };

/** The program names of each tool (DanmakuFactory's release is `DanmakuFactory.exe`). */
const TOOL_NAMES: Record<JobToolName, string> = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
  rclone: 'rclone',
  danmakuFactory: 'DanmakuFactory',
};

/**
 * cmd.exe's own list when PATHEXT is unset: the extensions Windows runs a bare name with.
 * https://learn.microsoft.com/windows-server/administration/windows-commands/cmd
 */
const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

/** Extensions a program named with them is taken as given on Windows, though not in PATHEXT. */
const RUN_AS_GIVEN = ['.ps1']; // a user's PowerShell script, run through powershell.exe

/** An environment variable as the platform reads it (Windows' names ignore case: `Path`). */
function envValue(search: ProgramSearch, name: string): string | undefined {
  if (search.platform !== 'win32') return search.env[name];
  const key = Object.keys(search.env).find((k) => k.toUpperCase() === name);
  return key === undefined ? undefined : search.env[key];
}

/**
 * The names a program may have on disk: on Windows, with each PATHEXT extension unless it
 * already has one of them (or `.ps1`), as cmd.exe looks a command up; elsewhere, as given.
 */
export function programFileNames(name: string, search: ProgramSearch): string[] {
  if (search.platform !== 'win32') return [name];
  const extensions = (envValue(search, 'PATHEXT') ?? DEFAULT_PATHEXT)
    .split(';')
    .map((ext) => ext.trim().toLowerCase())
    .filter((ext) => ext.startsWith('.'));
  const own = path.win32.extname(name).toLowerCase();
  if (own !== '' && (extensions.includes(own) || RUN_AS_GIVEN.includes(own))) return [name];
  return extensions.map((ext) => name + ext);
}

/** A file the platform would run: on POSIX with an execute bit; Windows has none to ask for. */
async function isProgramFile(candidate: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    if (!(await stat(candidate)).isFile()) return false;
    if (platform !== 'win32') await access(candidate, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a program is: a path as given (it must be a file), or a bare name looked up in PATH's
 * folders (split on the platform's delimiter, `;` on Windows, `:` elsewhere). Windows adds
 * PATHEXT's extensions (`.exe`, `.cmd`, `.bat`…: programFileNames) and asks for no execute bit;
 * POSIX wants the bit. Null: not found.
 */
export async function findProgram(
  nameOrPath: string,
  search: ProgramSearch = hostSearch,
): Promise<string | null> {
  const paths = search.platform === 'win32' ? path.win32 : path.posix;
  const hasFolder =
    nameOrPath.includes('/') || (search.platform === 'win32' && nameOrPath.includes('\\'));
  const names = programFileNames(nameOrPath, search);
  if (hasFolder) {
    for (const name of names) if (await isProgramFile(name, search.platform)) return name;
    return null;
  }
  for (const dir of (envValue(search, 'PATH') ?? '').split(paths.delimiter)) {
    if (dir === '') continue;
    for (const name of names) {
      const candidate = paths.join(dir, name);
      if (await isProgramFile(candidate, search.platform)) return candidate;
    }
  }
  return null;
}

/**
 * Where a tool is: its path in `jobs.tools`, else on PATH. ffprobe is looked for beside the
 * ffmpeg named in the settings first (they come together), then on PATH.
 */
export async function findTool(
  tool: JobToolName,
  tools: JobTools,
  search: ProgramSearch = hostSearch,
): Promise<string | null> {
  if (tool === 'ffprobe') {
    if (tools.ffmpeg) {
      const paths = search.platform === 'win32' ? path.win32 : path.posix;
      const beside = await findProgram(paths.join(paths.dirname(tools.ffmpeg), 'ffprobe'), search);
      if (beside) return beside;
    }
    return findProgram(TOOL_NAMES.ffprobe, search);
  }
  const configured = tools[tool];
  return findProgram(configured ?? TOOL_NAMES[tool], search);
}

/** The argument that makes each tool print its version. */
const VERSION_ARGS: Record<JobToolName, string[]> = {
  ffmpeg: ['-hide_banner', '-version'],
  ffprobe: ['-hide_banner', '-version'],
  rclone: ['version'],
  danmakuFactory: ['--help'], // no version flag; its help's first line names it
};

/** Whether each tool is found, where, and the first line it prints about itself. */
export async function checkTools(
  tools: JobTools,
  search: ProgramSearch = hostSearch,
): Promise<ToolCheck[]> {
  const names: JobToolName[] = ['ffmpeg', 'ffprobe', 'rclone', 'danmakuFactory'];
  return Promise.all(
    names.map(async (tool): Promise<ToolCheck> => {
      const found = await findTool(tool, tools, search);
      if (!found)
        return {
          tool,
          found: false,
          path: null,
          version: null,
          message: tools[tool as keyof JobTools]
            ? `not found at ${tools[tool as keyof JobTools]}`
            : `${TOOL_NAMES[tool]} is not on PATH`,
        };
      return {
        tool,
        found: true,
        path: found,
        version: await versionLine(found, VERSION_ARGS[tool]),
      };
    }),
  );
}

function versionLine(program: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      program,
      args,
      { timeout: 10_000, windowsHide: true, shell: false },
      (_error, stdout, stderr) => {
        const first = `${stdout}\n${stderr}`.split(/\r?\n/).find((line) => line.trim() !== '');
        resolve(first?.trim().slice(0, 200) ?? null);
      },
    );
  });
}
