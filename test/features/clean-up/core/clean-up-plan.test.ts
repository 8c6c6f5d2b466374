import { describe, expect, it } from 'vitest';
import {
  FRESH_FILE_MS,
  isPlainRelative,
  planCleanUp,
  type CleanUpCandidate,
} from '../../../../main/features/clean-up/core/clean-up-plan';
import { CleanUpRule } from '../../../../shared/clean-up';

const NOW = Date.UTC(2026, 10, 27);
const DAY = 86_400_000;
const GIB = 1024 ** 3;

const file = (
  relativePath: string,
  ageDays: number,
  bytes = 1,
  extra: Partial<CleanUpCandidate> = {},
) =>
  ({
    recorderId: 'default',
    relativePath,
    path: `/rec/${relativePath}`,
    roomId: 1,
    bytes,
    modifiedAt: NOW - ageDays * DAY,
    ...extra,
  }) satisfies CleanUpCandidate;
const rule = (fields: object) => CleanUpRule.parse(fields);
const paths = (plan: ReturnType<typeof planCleanUp>, index = 0) =>
  plan[index]!.files.map((f) => f.relativePath);

describe('planCleanUp', () => {
  const none = () => false;

  it('removes what is older than keepDays, oldest first', () => {
    const plan = planCleanUp({
      now: NOW,
      rules: [rule({ keepDays: 7, then: 'delete' })],
      files: [file('b.flv', 8), file('a.flv', 30), file('c.flv', 6)],
      isRecording: none,
    });
    expect(paths(plan)).toEqual(['a.flv', 'b.flv']);
    expect(plan[0]!.bytes).toBe(2);
    expect(plan[0]!.files.every((f) => f.reason === 'keepDays')).toBe(true);
  });

  it('keeps the newest files up to keepGiB and removes the older ones', () => {
    const plan = planCleanUp({
      now: NOW,
      rules: [rule({ keepGiB: 2, then: 'trash' })],
      files: [
        file('new.flv', 1, GIB),
        file('mid.flv', 2, GIB),
        file('old.flv', 3, GIB),
        file('older.flv', 4, GIB / 2),
      ],
      isRecording: none,
    });
    expect(paths(plan)).toEqual(['older.flv', 'old.flv']);
    expect(plan[0]!.files.map((f) => f.reason)).toEqual(['keepGiB', 'keepGiB']);
  });

  it('never plans a recording session’s file, a busy file, a fresh file or a path with ..', () => {
    const plan = planCleanUp({
      now: NOW,
      rules: [rule({ keepDays: 1, then: 'delete' })],
      files: [
        file('rec.flv', 9),
        file('busy.flv', 9),
        file('fresh.flv', 0, 1, { modifiedAt: NOW - FRESH_FILE_MS + 1 }),
        file('../out.flv', 9),
        file('gone.flv', 9),
      ],
      isRecording: (f) => f.relativePath === 'rec.flv',
      isFileBusy: (p) => p === '/rec/busy.flv',
    });
    expect(paths(plan)).toEqual(['gone.flv']);
  });

  it('counts the files that stay towards keepGiB', () => {
    const plan = planCleanUp({
      now: NOW,
      rules: [rule({ keepGiB: 1, then: 'delete' })],
      files: [file('rec.flv', 0.5, GIB), file('old.flv', 3, GIB)],
      isRecording: (f) => f.relativePath === 'rec.flv',
    });
    expect(paths(plan)).toEqual(['old.flv']);
  });

  it('applies each rule to its recorders and rooms; a file goes with the first rule that removes it', () => {
    const files = [
      file('1.flv', 10, 1, { roomId: 1 }),
      file('2.flv', 10, 1, { roomId: 2 }),
      file('nas.flv', 11, 1, { recorderId: 'nas', roomId: 1 }),
      file('unknown.flv', 10, 1, { roomId: undefined }),
    ];
    const plan = planCleanUp({
      now: NOW,
      rules: [
        rule({ rooms: [1], keepDays: 5, then: 'delete' }),
        rule({ recorders: ['default'], keepDays: 5, then: 'move', moveTo: '/archive' }),
      ],
      files,
      isRecording: none,
    });
    expect(paths(plan, 0)).toEqual(['nas.flv', '1.flv']);
    expect(paths(plan, 1)).toEqual(['unknown.flv', '2.flv']); // same age: by path, newest first, then reversed
  });

  it('does not count what an earlier rule removes towards a later rule’s keepGiB', () => {
    const plan = planCleanUp({
      now: NOW,
      rules: [
        rule({ rooms: [2], keepDays: 1, then: 'delete' }),
        rule({ keepGiB: 1, then: 'delete' }),
      ],
      files: [file('room2.flv', 2, GIB, { roomId: 2 }), file('room1.flv', 3, GIB)],
      isRecording: none,
    });
    expect(paths(plan, 0)).toEqual(['room2.flv']);
    expect(paths(plan, 1)).toEqual([]);
  });

  it('tells plain relative paths from ones that could leave the root', () => {
    expect(isPlainRelative('1-a/录制-1.flv')).toBe(true);
    for (const bad of ['', '/abs.flv', 'a/../b.flv', 'C:/x.flv', 'a//b.flv', './a.flv'])
      expect(isPlainRelative(bad)).toBe(false);
  });
});
