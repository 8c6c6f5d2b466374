// The memory of all the app's processes: Electron's main process and every helper it started
// (GPU, network service, renderers; on Linux the zygotes; for an AppImage also its runtime), found
// as the process tree under the launched process. Each OS's table is read with what it always has:
// /proc on Linux (minimal images lack procps' ps), ps on macOS, PowerShell on Windows.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import * as z from 'zod';

const run = promisify(execFile);

/** One process of the system's table. */
export interface ProcessRow {
  pid: number;
  ppid: number;
  /** Resident set size (Windows: the working set), in bytes. */
  rssBytes: number;
}

/** The memory of a process tree. */
export interface TreeMemory {
  processes: number;
  rssBytes: number;
}

/** `root`'s row, then every row below it walking down (a pid met twice, as the table changed, once). */
export function treeRows<Row extends { pid: number; ppid: number }>(
  rows: readonly Row[],
  root: number,
): Row[] {
  const children = new Map<number, Row[]>();
  for (const row of rows) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row]);
  const inTree = rows.filter((row) => row.pid === root);
  const seen = new Set(inTree.map((row) => row.pid));
  for (let i = 0; i < inTree.length; i++) {
    for (const child of children.get(inTree[i]!.pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      inTree.push(child);
    }
  }
  return inTree;
}

/** The rows of `root` and of every process below it, summed. */
export function treeMemory(rows: readonly ProcessRow[], root: number): TreeMemory {
  const inTree = treeRows(rows, root);
  return {
    processes: inTree.length,
    rssBytes: inTree.reduce((sum, row) => sum + row.rssBytes, 0),
  };
}

/** `ps -A -o pid=,ppid=,rss=` output (RSS in KiB, on Linux and macOS) as rows. */
export function parsePsRows(text: string): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const line of text.split('\n')) {
    const [pid, ppid, rss] = line.trim().split(/\s+/).map(Number);
    if (Number.isInteger(pid) && Number.isInteger(ppid) && Number.isFinite(rss))
      rows.push({ pid: pid!, ppid: ppid!, rssBytes: rss! * 1024 });
  }
  return rows;
}

const WindowsRow = z.object({
  ProcessId: z.number(),
  ParentProcessId: z.number(),
  WorkingSetSize: z.number(),
});

/** PowerShell's `Win32_Process` rows as JSON (one object when a single process matched). */
export function parseWindowsRows(json: string): ProcessRow[] {
  const parsed = z.union([WindowsRow, z.array(WindowsRow)]).parse(JSON.parse(json));
  return (Array.isArray(parsed) ? parsed : [parsed]).map((row) => ({
    pid: row.ProcessId,
    ppid: row.ParentProcessId,
    rssBytes: row.WorkingSetSize,
  }));
}

/** One process from its `/proc/<pid>/status` (PPid, and VmRSS in kB; none for kernel threads). */
export function parseProcStatus(pid: number, text: string): ProcessRow | undefined {
  const ppid = /^PPid:\s*(\d+)/m.exec(text)?.[1];
  if (ppid === undefined) return undefined;
  const rssKb = /^VmRSS:\s*(\d+)\s*kB/m.exec(text)?.[1] ?? '0';
  return { pid, ppid: Number(ppid), rssBytes: Number(rssKb) * 1024 };
}

/** Linux's table from /proc; a process that ends while it is read is left out. */
async function procRows(): Promise<ProcessRow[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const rows = await Promise.all(
    pids.map((pid) =>
      readFile(`/proc/${pid}/status`, 'utf8').then(
        (text) => parseProcStatus(pid, text),
        () => undefined,
      ),
    ),
  );
  return rows.filter((row) => row !== undefined);
}

/** The system's process table, read with the OS's own means. */
export async function processRows(platform = process.platform): Promise<ProcessRow[]> {
  if (platform === 'linux') return procRows();
  if (platform === 'win32') {
    const query =
      'Get-CimInstance Win32_Process | Select-Object ProcessId,ParentProcessId,WorkingSetSize | ConvertTo-Json -Compress';
    const { stdout } = await run('powershell.exe', ['-NoProfile', '-Command', query], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return parseWindowsRows(stdout);
  }
  const { stdout } = await run('ps', ['-A', '-o', 'pid=,ppid=,rss='], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return parsePsRows(stdout);
}

/** The memory of the process `root` and all below it, now. */
export async function memoryOfTree(root: number): Promise<TreeMemory> {
  return treeMemory(await processRows(), root);
}
