import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  appliedVersions,
  runMigrations,
  type Migration,
} from '../../../main/adapters/database/migrations';

let dir: string;
let db: Database.Database;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  db = new Database(join(dir, 'test.db'));
});

afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

const table = (version: number, name: string): Migration => ({
  version,
  name: `table ${name}`,
  up: (d) => d.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`),
});

const tables = () =>
  db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    )
    .all()
    .map((row) => row.name);

describe('runMigrations', () => {
  test('runs each step once, in version order, whatever order the list is in', () => {
    const order: number[] = [];
    const logged = (m: Migration): Migration => ({
      ...m,
      up: (d) => {
        order.push(m.version);
        m.up(d);
      },
    });
    const list = [logged(table(20, 'b')), logged(table(3, 'a'))];
    expect(runMigrations(db, list)).toEqual([3, 20]);
    expect(runMigrations(db, list)).toEqual([]);
    expect(order).toEqual([3, 20]);
    expect(appliedVersions(db)).toEqual([3, 20]);
    expect(tables()).toEqual(['a', 'b', 'schema_migrations']);
  });

  test("a step added later (another branch's range) runs on a database that has the others", () => {
    runMigrations(db, [table(1, 'a'), table(100, 'c')]);
    expect(runMigrations(db, [table(1, 'a'), table(2, 'b'), table(100, 'c')])).toEqual([2]);
    expect(tables()).toEqual(['a', 'b', 'c', 'schema_migrations']);
  });

  test('a step that throws is rolled back whole and not recorded; the next run applies it', () => {
    let fail = true;
    const halfway: Migration = {
      version: 2,
      name: 'two tables',
      up: (d) => {
        d.exec('CREATE TABLE first_half (id INTEGER)');
        if (fail) throw new Error('killed halfway');
        d.exec('CREATE TABLE second_half (id INTEGER)');
      },
    };
    expect(() => runMigrations(db, [table(1, 'a'), halfway])).toThrow('killed halfway');
    expect(appliedVersions(db)).toEqual([1]);
    expect(tables()).toEqual(['a', 'schema_migrations']);
    fail = false;
    expect(runMigrations(db, [table(1, 'a'), halfway])).toEqual([2]);
    expect(tables()).toEqual(['a', 'first_half', 'schema_migrations', 'second_half']);
  });

  test('refuses a list with a version used twice or not a positive integer', () => {
    expect(() => runMigrations(db, [table(1, 'a'), table(1, 'b')])).toThrow(/used twice/);
    expect(() => runMigrations(db, [table(0, 'a')])).toThrow(/positive integer/);
    expect(tables()).toEqual([]);
  });
});
