import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

const escape = (name: string) => name.replace(/\$/g, '\\$');

/**
 * Whether a source file defines `name`: a function, class, const, let, interface, type or enum of
 * that name, exported or not, a member of one (a method, getter, property or object key), or a
 * name it re-exports (an entry file's `export { name } from`).
 */
export function defines(source: string, name: string): boolean {
  const n = escape(name);
  const declaration = new RegExp(
    `\\b(?:function\\*?|class|const|let|var|interface|type|enum)\\s+${n}\\b`,
  );
  const member = new RegExp(
    `^\\s*(?:(?:export|async|static|readonly|private|public|protected|get|set|override|declare)\\s+)*${n}\\??\\s*[(<:=]`,
    'm',
  );
  const reexport = new RegExp(`\\bexport\\s+(?:type\\s+)?\\{[^}]*\\b${n}\\b[^}]*\\}\\s*from`);
  return declaration.test(source) || member.test(source) || reexport.test(source);
}

/**
 * Whether a source file defines `Owner.member` (both in it) or a plain name; a dotted name of
 * more parts checks its first and last.
 */
export function definesQualified(source: string, qualified: string): boolean {
  const parts = qualified.split('.');
  return parts.length === 1
    ? defines(source, qualified)
    : defines(source, parts[0]!) && defines(source, parts.at(-1)!);
}

const SOURCE_FOLDERS = ['main', 'shared', 'renderer', 'tools', 'bench', 'test'];
const SKIPPED = new Set(['node_modules', 'fixtures', 'dist']);

/** Every TypeScript file of the source folders, by base name (paths relative to `root`). */
export function sourceFilesByName(root: string): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const list = byName.get(basename(path)) ?? [];
        list.push(relative(root, path));
        byName.set(basename(path), list);
      }
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(join(root, folder));
  return byName;
}
