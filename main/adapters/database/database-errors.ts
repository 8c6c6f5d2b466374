/** Another running copy of the app holds the database (one writer only: see open-database.ts). */
export class DatabaseInUse extends Error {
  constructor(path: string) {
    super(
      `the database ${path} is in use by another running copy of Recorder Tray ` +
        '(one data folder can be used by one copy at a time)',
    );
    this.name = 'DatabaseInUse';
  }
}
