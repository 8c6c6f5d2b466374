import type { Language } from '../../shared/settings';

/** A notice about the app's own storage, popped up as a set-up notice is. */
export interface DatabaseNotice {
  kind: 'databaseReplaced';
  title: string;
  body: string;
}

/**
 * The notice told when the database was found damaged at start and replaced by a fresh
 * one (open-database.ts): in plain words, what happened, where the old file went, what still
 * works. Undefined when nothing was replaced.
 */
export function databaseReplacedNotice(
  replaced: { movedTo: string } | undefined,
  language: Language,
): DatabaseNotice | undefined {
  if (replaced === undefined) return undefined;
  const name = replaced.movedTo.split(/[\\/]/).pop() ?? replaced.movedTo;
  return language === 'zh-CN'
    ? {
        kind: 'databaseReplaced',
        title: '数据库文件损坏，已换成新的',
        body:
          `数据文件夹里的数据库读不出来，已改名为 ${name} 留作备份，并新建了一个。` +
          '新的事件照常接收；损坏前还没处理完的事件可能缺失。',
      }
    : {
        kind: 'databaseReplaced',
        title: 'The database file was damaged and has been replaced',
        body:
          `The database in the data folder could not be read. It was kept as ${name} and a new ` +
          'one was made. New events are received as usual; events not yet processed before the ' +
          'damage may be missing.',
      };
}
