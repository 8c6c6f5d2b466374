import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installedAppLocations } from '../../../tools/smoke/app-locations';
import { fileEnd, waitForLine, webhookUrlOfLine } from '../../../tools/smoke/log-lines';
import {
  memoryOfTree,
  parseProcStatus,
  parsePsRows,
  parseWindowsRows,
  treeMemory,
} from '../../../tools/smoke/process-memory';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../main/adapters/database/database-handle';
import { HistoryTables } from '../../../main/adapters/database/history-tables';
import { expectFileSaved } from '../../../tools/smoke/saved-state';
import { reportFigures, summaryMarkdown } from '../../../tools/smoke/summary';
import { readRecordedWebhook } from '../../../tools/smoke/post-webhook';
import { parseRegQuery } from '../../../tools/smoke/install-windows';
import { electronMainOf, parseCommandRows } from '../../../tools/smoke/install-linux';
import { launchFakeDesktop } from '../../helpers/fake-desktop-launch';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'smoke-parts-'));
  dirs.push(dir);
  return dir;
}

describe('the ready line', () => {
  it("is the desktop log's start line (electron-log's file format) or headless mode's ready line", () => {
    const desktop =
      '[2026-11-27 17:30:00.123] [info]  started 0.1.0; webhook URL http://127.0.0.1:23560/webhook';
    expect(webhookUrlOfLine(desktop)).toBe('http://127.0.0.1:23560/webhook');
    expect(webhookUrlOfLine('{"type":"ready","webhookUrl":"http://127.0.0.1:5/webhook"}')).toBe(
      'http://127.0.0.1:5/webhook',
    );
    expect(webhookUrlOfLine('{"type":"rooms","webhookUrl":"http://127.0.0.1:5/webhook"}')).toBe(
      null,
    );
    expect(webhookUrlOfLine('{"type":"ready"')).toBe(null);
    expect(webhookUrlOfLine('[…] [info]  updates: not checked (a development run)')).toBe(null);
  });

  it('is the line the desktop host logs once started, naming the URL its listener got', async () => {
    const launched = await launchFakeDesktop({
      argv: ['/opt/Recorder Tray/recorder-tray', '--hidden'],
    });
    try {
      const running = (await launched.starting)!;
      const urls = launched.desktop.log.lines.map(webhookUrlOfLine).filter((url) => url !== null);
      expect(urls).toEqual([running.app.state().listener.webhookUrl]);
    } finally {
      await launched.dispose();
    }
  });

  it('is waited for as the file grows, a line cut mid-character included', async () => {
    const dir = await tempDir();
    const file = join(dir, 'main.log');
    await writeFile(file, 'an older run: started 0.0.9; webhook URL http://127.0.0.1:1/webhook\n');
    const from = await fileEnd(file);
    const found = waitForLine(file, (line) => (line.includes('录制') ? line : null), {
      from,
      timeoutMs: 10_000,
      pollMs: 5,
    });
    const line = Buffer.from('录制完成 finished\n');
    await appendFile(file, line.subarray(0, 2)); // the first character cut in two
    await appendFile(file, line.subarray(2));
    expect(await found).toBe('录制完成 finished');
  });

  it('waits for a file the app has not created yet, and gives up with the last lines seen', async () => {
    const dir = await tempDir();
    const file = join(dir, 'logs', 'main.log');
    expect(await fileEnd(file)).toBe(0);
    await expect(
      waitForLine(file, () => null, { from: 0, timeoutMs: 50, pollMs: 5 }),
    ).rejects.toThrow(/no such line within 50 ms/);
    await writeFile(join(dir, 'other.log'), 'x\n');
    const other = join(dir, 'other.log');
    await expect(
      waitForLine(other, () => null, { from: 0, timeoutMs: 50, pollMs: 5 }),
    ).rejects.toThrow(/the last lines of .*other\.log:\nx/);
  });
});

describe("the installed app's folders", () => {
  it("are Electron's userData and logs folders for the product name on each OS", () => {
    expect(
      installedAppLocations('win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'C:\\Users\\u'),
    ).toEqual({
      dataDir: 'C:\\Users\\u\\AppData\\Roaming\\Recorder Tray',
      logFile: 'C:\\Users\\u\\AppData\\Roaming\\Recorder Tray\\logs\\main.log',
    });
    expect(installedAppLocations('darwin', {}, '/Users/u')).toEqual({
      dataDir: '/Users/u/Library/Application Support/Recorder Tray',
      logFile: '/Users/u/Library/Logs/Recorder Tray/main.log',
    });
    expect(installedAppLocations('linux', { XDG_CONFIG_HOME: '' }, '/home/u')).toEqual({
      dataDir: '/home/u/.config/Recorder Tray',
      logFile: '/home/u/.config/Recorder Tray/logs/main.log',
    });
    expect(installedAppLocations('linux', { XDG_CONFIG_HOME: '/x' }, '/home/u').dataDir).toBe(
      '/x/Recorder Tray',
    );
  });
});

describe("the memory of the app's processes", () => {
  it('sums the launched process and everything below it, nothing else', () => {
    const rows = parsePsRows(
      ['  10     1  1000', '  11    10  2000', '  12    11   300', '  13     1  9999', 'junk'].join(
        '\n',
      ),
    );
    expect(treeMemory(rows, 10)).toEqual({ processes: 3, rssBytes: 3300 * 1024 });
    expect(treeMemory(rows, 99)).toEqual({ processes: 0, rssBytes: 0 });
  });

  it("reads PowerShell's Win32_Process rows, one or many", () => {
    const one = '{"ProcessId":4,"ParentProcessId":0,"WorkingSetSize":4096}';
    expect(parseWindowsRows(one)).toEqual([{ pid: 4, ppid: 0, rssBytes: 4096 }]);
    expect(
      parseWindowsRows(`[${one},${one.replace('"ProcessId":4', '"ProcessId":5')}]`),
    ).toHaveLength(2);
    expect(() => parseWindowsRows('{"ProcessId":"4"}')).toThrow();
  });

  it("reads a Linux process's parent and resident memory from /proc/<pid>/status", () => {
    const status = ['Name:\tnode', 'PPid:\t41', 'VmPeak:\t 9000 kB', 'VmRSS:\t  5120 kB'];
    expect(parseProcStatus(42, status.join('\n'))).toEqual({
      pid: 42,
      ppid: 41,
      rssBytes: 5120 * 1024,
    });
    // A kernel thread has no VmRSS; a file that is no status has no PPid.
    expect(parseProcStatus(2, 'Name:\tkthreadd\nPPid:\t0\n')).toEqual({
      pid: 2,
      ppid: 0,
      rssBytes: 0,
    });
    expect(parseProcStatus(3, 'junk')).toBeUndefined();
  });

  it("measures this test's own process with what the OS has (/proc, ps, PowerShell)", async () => {
    const memory = await memoryOfTree(process.pid);
    expect(memory.processes).toBeGreaterThanOrEqual(1);
    // At least half of what Node says of itself (ps and Node read RSS at different moments).
    expect(memory.rssBytes).toBeGreaterThan(process.memoryUsage.rss() / 2);
  });
});

describe('what the app saved', () => {
  it('is read from the Files list in the database, and a missing entry or file is named', async () => {
    const dir = await tempDir();
    const webhook = await readRecordedWebhook();
    await expect(expectFileSaved(dir, webhook.relativePath)).rejects.toThrow(/saved no Files list/);
    const entry = {
      roomId: webhook.roomId,
      relativePath: webhook.relativePath,
      name: 'n',
      title: 't',
      finished: true,
      recorderId: 'default',
      finishedAt: 1,
      key: 'j1:FileClosed',
    };
    // The app's own store writes them, as the app would.
    const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const history = new HistoryTables(database, { warn: () => undefined });
    history.addFile({ ...entry, relativePath: 'other.flv', key: 'j0:FileClosed' });
    await history.flush();
    database.close();
    await expect(expectFileSaved(dir, webhook.relativePath)).rejects.toThrow(/holds: other\.flv/);
    const again = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const more = new HistoryTables(again, { warn: () => undefined });
    more.addFile(entry);
    await more.flush();
    again.close();
    await expect(expectFileSaved(dir, webhook.relativePath)).resolves.toBeUndefined();
  });
});

describe('the figures', () => {
  it('go to standard output and, in GitHub Actions, to the job summary', async () => {
    const dir = await tempDir();
    const summary = join(dir, 'step-summary');
    const markdown = summaryMarkdown('Windows, NSIS', {
      webhookUrl: 'http://127.0.0.1:23560/webhook',
      readyMs: 1234.4,
      memory: { processes: 5, rssBytes: 300 * 1024 * 1024 },
      settleMs: 30_000,
      exitCode: 0,
    });
    expect(markdown).toContain(
      '| 1234 ms | 300.0 MiB | 5 | 30 s after launch, window closed | 0 |',
    );
    const printed: string[] = [];
    reportFigures(markdown, { GITHUB_STEP_SUMMARY: summary }, (text) => printed.push(text));
    reportFigures(markdown, {}, (text) => printed.push(text));
    expect(printed).toHaveLength(2);
    expect(await readFile(summary, 'utf8')).toBe(`${markdown}\n`);
  });
});

describe("Windows' Run key, as reg query lists it", () => {
  it('gives each value with its command', () => {
    const text = [
      '',
      'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      '    OneDrive    REG_SZ    "C:\\Users\\u\\AppData\\Local\\Microsoft\\OneDrive\\OneDrive.exe" /background',
      '    io.github.recorder-tray    REG_SZ    "C:\\Users\\u\\AppData\\Local\\Programs\\Recorder Tray\\Recorder Tray.exe" --hidden',
      '',
    ].join('\r\n');
    expect(parseRegQuery(text)).toEqual([
      {
        name: 'OneDrive',
        data: '"C:\\Users\\u\\AppData\\Local\\Microsoft\\OneDrive\\OneDrive.exe" /background',
      },
      {
        name: 'io.github.recorder-tray',
        data: '"C:\\Users\\u\\AppData\\Local\\Programs\\Recorder Tray\\Recorder Tray.exe" --hidden',
      },
    ]);
  });
});

describe("the AppImage's Electron main process", () => {
  it('is found below its runtime, not among its helpers', () => {
    const rows = parseCommandRows(
      [
        '  100     1 /home/runner/release/Recorder Tray-1.2.3.AppImage --hidden --no-sandbox',
        '  101   100 /tmp/appimage_extracted_x/recorder-tray --hidden --no-sandbox',
        '  102   101 /tmp/appimage_extracted_x/recorder-tray --type=zygote --no-sandbox',
        '  103   101 /tmp/appimage_extracted_x/recorder-tray --type=gpu-process',
        '  200     1 /opt/Recorder Tray/recorder-tray',
      ].join('\n'),
    );
    expect(electronMainOf(rows, 100)).toBe(101);
    // Started directly (the deb, or a runtime that execs the app): the root itself.
    expect(electronMainOf(rows, 101)).toBe(101);
    expect(electronMainOf(rows, 102)).toBeUndefined();
  });
});
