import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, JournalFile } from '../../main/adapters/journal-file';
import type { JournalEntry } from '../../main/core/ports';

// Bodies of about 1 kB, as the recorder's FileClosed: 1,000 entries pass the last-copy size many
// times over, so the background copy runs several passes while appends go on.
const entry = (seq: number): JournalEntry => ({
  seq,
  receivedAt: 1000 + seq,
  source: 'webhook',
  body: { EventId: `id-${seq}`, 名字: '露露', pad: 'x'.repeat(1000) },
});

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function journalWith(count: number) {
  const dir = await mkdtemp(join(tmpdir(), 'journal-compaction-'));
  dirs.push(dir);
  const { journal } = await JournalFile.open(dir);
  for (let seq = 1; seq <= count; seq++) void journal.append(entry(seq));
  await journal.append(entry(count + 1));
  return { dir, journal };
}

const seqsOnDisk = async (dir: string) =>
  (await readFile(join(dir, JOURNAL_FILE), 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as JournalEntry).seq);

describe('JournalFile.compactBefore (while running)', () => {
  it('drops the entries before the seq, keeps every append made while it copies, in order', async () => {
    const { dir, journal } = await journalWith(999);
    const compaction = journal.compactBefore(600);
    expect(journal.compacting).toBe(true);
    let seq = 1000;
    let done = false;
    void compaction.then(() => (done = true));
    // Appends go on, one event-loop turn after another, until the swap.
    while (!done) await journal.append(entry(++seq));
    expect(await compaction).toBe(true);
    expect(journal.compacting).toBe(false);
    for (let i = 0; i < 20; i++) await journal.append(entry(++seq)); // into the new file
    const expected = Array.from({ length: seq - 599 }, (_, i) => 600 + i);
    expect(await seqsOnDisk(dir)).toEqual(expected);
    expect(journal.stats.entries).toBe(expected.length);
    expect(journal.stats.bytes).toBe((await readFile(join(dir, JOURNAL_FILE))).length);
    await journal.close();
    const { journal: again, contents } = await JournalFile.open(dir);
    await again.close();
    expect(contents.entries.map((e) => e.seq)).toEqual(expected);
    expect(await readdir(dir)).toEqual([JOURNAL_FILE]); // no temp file left
  });

  it('a damaged line before the cut is dropped with the rest; one after it is kept as it is', async () => {
    const { dir, journal } = await journalWith(9);
    await journal.close();
    await appendFile(join(dir, JOURNAL_FILE), 'garbage\n');
    const { journal: reopened } = await JournalFile.open(dir);
    await reopened.append(entry(11));
    expect(await reopened.compactBefore(5)).toBe(true);
    await reopened.close();
    const lines = (await readFile(join(dir, JOURNAL_FILE), 'utf8')).split('\n');
    expect(lines.filter((l) => l !== '').map((l) => l.slice(0, 9))).toEqual([
      '{"seq":5,',
      '{"seq":6,',
      '{"seq":7,',
      '{"seq":8,',
      '{"seq":9,',
      '{"seq":10',
      'garbage',
      '{"seq":11',
    ]);
  });

  it('a compaction past every entry leaves an empty journal that takes appends', async () => {
    const { dir, journal } = await journalWith(50);
    expect(await journal.compactBefore(1_000)).toBe(true);
    expect(journal.stats).toEqual({ entries: 0, bytes: 0 });
    await journal.append(entry(1_001));
    await journal.close();
    expect(await seqsOnDisk(dir)).toEqual([1_001]);
  });

  it('close during a compaction ends it; the journal stays whole', async () => {
    const { dir, journal } = await journalWith(999);
    const compaction = journal.compactBefore(500);
    await journal.close();
    const swapped = await compaction;
    const seqs = await seqsOnDisk(dir);
    expect(seqs).toEqual(
      Array.from({ length: swapped ? 501 : 1000 }, (_, i) => (swapped ? 500 : 1) + i),
    );
    expect(await readdir(dir)).toEqual([JOURNAL_FILE]);
  });

  it('the temp file of a compaction cut short by a crash is removed at the next open', async () => {
    const { dir, journal } = await journalWith(3);
    await journal.close();
    await writeFile(join(dir, `${JOURNAL_FILE}.compacting`), '{"seq":2');
    const { journal: again, contents } = await JournalFile.open(dir);
    await again.close();
    expect(contents.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(await readdir(dir)).toEqual([JOURNAL_FILE]);
  });
});
