import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FILE, JournalFile } from '../../main/adapters/journal-file';
import type { JournalEntry } from '../../main/core/ports';

const entry = (seq: number): JournalEntry => ({
  seq,
  receivedAt: 1000 + seq,
  source: 'webhook',
  body: { EventId: `id-${seq}`, 名字: '露露' },
});

async function tempDir() {
  return mkdtemp(join(tmpdir(), 'journal-'));
}

describe('JournalFile', () => {
  it('appends entries as JSON lines and reads them back after reopening', async () => {
    const dir = await tempDir();
    const { journal } = await JournalFile.open(dir);
    await Promise.all([1, 2, 3].map((n) => journal.append(entry(n))));
    await journal.close();
    const { journal: again, contents } = await JournalFile.open(dir);
    await again.close();
    expect(contents.entries).toEqual([entry(1), entry(2), entry(3)]);
    expect(contents.warnings).toEqual([]);
  });

  it('stores a body as the recorder sent it when its bytes are given', async () => {
    const dir = await tempDir();
    const { journal } = await JournalFile.open(dir);
    const text = '{"EventId":"id-9","EventData":{"FileSize":98765432109876543210,"Name":"露露"}}';
    await journal.append(
      { seq: 9, receivedAt: 9, source: 'webhook', body: JSON.parse(text) },
      Buffer.from(text),
    );
    await journal.close();
    expect(await readFile(join(dir, JOURNAL_FILE), 'utf8')).toBe(
      `{"seq":9,"receivedAt":9,"source":"webhook","body":${text}}\n`,
    );
    const { journal: again, contents } = await JournalFile.open(dir);
    await again.close();
    expect(contents.entries.map((e) => (e.body as { EventId: string }).EventId)).toEqual(['id-9']);
  });

  it('tolerates a truncated last line with a warning, and appends cleanly after it', async () => {
    const dir = await tempDir();
    const full = `${JSON.stringify(entry(1))}\n`;
    await writeFile(join(dir, JOURNAL_FILE), `${full}${JSON.stringify(entry(2)).slice(0, 25)}`);
    const { journal, contents } = await JournalFile.open(dir);
    expect(contents.entries).toEqual([entry(1)]);
    expect(contents.warnings).toEqual([expect.stringMatching(/last line was cut short/)]);
    await journal.append(entry(3));
    await journal.close();
    const text = await readFile(join(dir, JOURNAL_FILE), 'utf8');
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).seq),
    ).toEqual([1, 3]);
  });

  it('keeps a whole last entry that only lacks its newline', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, JOURNAL_FILE), JSON.stringify(entry(1)));
    const { journal, contents } = await JournalFile.open(dir);
    await journal.append(entry(2));
    await journal.close();
    expect(contents.entries).toEqual([entry(1)]);
    const text = await readFile(join(dir, JOURNAL_FILE), 'utf8');
    expect(text.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('skips a damaged line in the middle with a warning', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, JOURNAL_FILE),
      `${JSON.stringify(entry(1))}\n{garbage\n${JSON.stringify(entry(3))}\n`,
    );
    const { journal, contents } = await JournalFile.open(dir);
    await journal.close();
    expect(contents.entries.map((e) => e.seq)).toEqual([1, 3]);
    expect(contents.warnings).toEqual(['journal: line 2 is not readable and was skipped']);
  });

  it('compacts atomically to the entries it is told to keep', async () => {
    const dir = await tempDir();
    const { journal } = await JournalFile.open(dir);
    for (let n = 1; n <= 5; n++) await journal.append(entry(n));
    await journal.compact([entry(4), entry(5)]);
    await journal.append(entry(6));
    await journal.close();
    const { journal: again, contents } = await JournalFile.open(dir);
    await again.close();
    expect(contents.entries.map((e) => e.seq)).toEqual([4, 5, 6]);
  });
});
