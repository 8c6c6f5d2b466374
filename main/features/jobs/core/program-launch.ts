import { batchCommandLine, CMD_SWITCHES } from './windows-command-line';

/** What is spawned to run a program: the file, its arguments, and whether they go as they are. */
export interface ProgramLaunch {
  file: string;
  args: string[];
  /** Node's `windowsVerbatimArguments`: the arguments are a command line made here already. */
  verbatim: boolean;
}

/** How to start a program, or why it cannot be started with these arguments. */
export type LaunchPlan = { ok: true; launch: ProgramLaunch } | { ok: false; error: string };

/** The platform and environment a program starts on. */
export interface LaunchHost {
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * How to start `program` with `args`, each one argument whatever it holds. Anything but a script
 * on Windows starts by itself, without a shell. On Windows a batch file (`.bat`, `.cmd`) starts
 * through cmd.exe with a command line made for it (`batchCommandLine`), and a PowerShell script
 * (`.ps1`) through Windows PowerShell's `-File`, which hands each argument to the script as one
 * string and reads none of it as code.
 */
export function programLaunch(
  program: string,
  args: readonly string[],
  host: LaunchHost,
): LaunchPlan {
  if (host.platform === 'win32' && /\.(bat|cmd)$/i.test(program)) {
    const line = batchCommandLine(program, args);
    if (!line.ok) return line;
    const file = envValue(host.env, 'ComSpec') ?? inWindows(host.env, 'System32\\cmd.exe');
    return {
      ok: true,
      launch: { file, args: [...CMD_SWITCHES, `"${line.line}"`], verbatim: true },
    };
  }
  if (host.platform === 'win32' && /\.ps1$/i.test(program)) {
    const file = inWindows(host.env, 'System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    // Windows PowerShell 5.1 comes with every Windows 10 and 11 (PowerShell 7's pwsh does not).
    // `-ExecutionPolicy Bypass` for this one run: Windows clients default to Restricted, which
    // runs no script at all, and the user named this script in their own settings. It changes
    // no setting, and a policy set by Group Policy still wins. `-NonInteractive`: a prompt fails
    // instead of waiting for a key that never comes.
    const switches = ['-NoLogo', '-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass'];
    return {
      ok: true,
      launch: { file, args: [...switches, '-File', program, ...args], verbatim: false },
    };
  }
  return { ok: true, launch: { file: program, args: [...args], verbatim: false } };
}

/** A program in the Windows folder (`SystemRoot`), or its bare name when that is not known. */
function inWindows(env: LaunchHost['env'], path: string): string {
  const root = envValue(env, 'SystemRoot') ?? envValue(env, 'windir');
  return root ? `${root.replace(/\\$/, '')}\\${path}` : path.slice(path.lastIndexOf('\\') + 1);
}

/** An environment variable by name, in any case (Windows reads them so). */
function envValue(env: LaunchHost['env'], name: string): string | undefined {
  const key = Object.keys(env).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : env[key];
  return value === '' ? undefined : value;
}
