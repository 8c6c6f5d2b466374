import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fetchFeedVersion,
  gitOriginUrl,
} from '../../../../main/features/updates/adapters/update-feed-client';
import { serveOnLoopback } from '../../../helpers/http';

const cleanups: (() => Promise<void>)[] = [];
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'update-feed-client-'));
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await rm(dir, { recursive: true, force: true });
});

const CONFIG = `[core]
\trepositoryformatversion = 0
[remote "upstream"]
\turl = https://github.com/someone-else/fork.git
[remote "origin"]
\turl = https://github.com/someone/recorder-tray.git
\tfetch = +refs/heads/*:refs/remotes/origin/*
`;

describe('gitOriginUrl', () => {
  it("reads the origin remote of a clone's .git/config", async () => {
    await mkdir(join(dir, '.git'));
    await writeFile(join(dir, '.git', 'config'), CONFIG);
    expect(await gitOriginUrl(dir)).toBe('https://github.com/someone/recorder-tray.git');
  });

  it("follows a worktree's .git file to the main clone's config", async () => {
    const main = join(dir, 'main', '.git');
    await mkdir(join(main, 'worktrees', 'wt'), { recursive: true });
    await writeFile(join(main, 'config'), CONFIG);
    await writeFile(join(main, 'worktrees', 'wt', 'commondir'), '../..\n');
    await mkdir(join(dir, 'wt'));
    await writeFile(join(dir, 'wt', '.git'), `gitdir: ${join(main, 'worktrees', 'wt')}\n`);
    expect(await gitOriginUrl(join(dir, 'wt'))).toBe(
      'https://github.com/someone/recorder-tray.git',
    );
  });

  it('is undefined outside a clone and without an origin', async () => {
    expect(await gitOriginUrl(dir)).toBeUndefined();
    await mkdir(join(dir, '.git'));
    await writeFile(join(dir, '.git', 'config'), '[core]\n\tbare = false\n');
    expect(await gitOriginUrl(dir)).toBeUndefined();
  });
});

describe('fetchFeedVersion', () => {
  it('follows a redirect, as GitHub /releases/latest/download/ answers, and reads the version', async () => {
    const base = await serveOnLoopback((req, res) => {
      if (req.url === '/releases/latest/download/latest.yml')
        res.writeHead(302, { location: '/download/v1.2.3/latest.yml' }).end();
      else if (req.url === '/download/v1.2.3/latest.yml')
        res.writeHead(200).end("version: 1.2.3\npath: x.exe\nreleaseDate: '2026-11-24'\n");
      else res.writeHead(404).end();
    }, cleanups);
    expect(await fetchFeedVersion(`${base}/releases/latest/download`, 'latest.yml')).toBe('1.2.3');
  });

  it('says plainly what is wrong with a feed that is not one', async () => {
    const base = await serveOnLoopback((req, res) => {
      if (req.url === '/html/latest.yml') res.writeHead(200).end('<html>sign in</html>');
      else if (req.url === '/bad/latest.yml') res.writeHead(200).end('version: $(reboot)\n');
      else res.writeHead(404).end();
    }, cleanups);
    await expect(fetchFeedVersion(`${base}/html/`, 'latest.yml')).rejects.toThrow(
      /names no version/,
    );
    await expect(fetchFeedVersion(`${base}/bad/`, 'latest.yml')).rejects.toThrow(
      /names no version/,
    );
    await expect(fetchFeedVersion(`${base}/none/`, 'latest.yml')).rejects.toThrow(/answered 404/);
  });

  it('stops reading a body past 1 MB even when its length is not declared (a wrong URL)', async () => {
    let written = 0;
    let closed = false;
    const base = await serveOnLoopback((req, res) => {
      if (req.url === '/declared/latest.yml')
        return void res.writeHead(200, { 'content-length': String(5 * 1024 * 1024) }).end();
      // Chunked, endless: it ends only when the reader hangs up.
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      res.on('close', () => (closed = true));
      const more = () => {
        while (!closed && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
      };
      more();
    }, cleanups);
    await expect(fetchFeedVersion(`${base}/declared/`, 'latest.yml')).rejects.toThrow(/too large/);
    await expect(fetchFeedVersion(`${base}/endless/`, 'latest.yml')).rejects.toThrow(/too large/);
    await expect.poll(() => closed).toBe(true);
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });
});
