import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, walkTokens, type Token } from 'marked';

/** One link or image of a Markdown file, as written. */
export interface MarkdownLink {
  kind: 'link' | 'image';
  href: string;
}

/** A scheme (`https:`, `mailto:`) or `//host`: a link to somewhere else than a file of the repository. */
const ELSEWHERE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Every link and image of `markdown`, found by a Markdown parser (marked's lexer), so that what
 * only looks like a link in a code span or a code block is left out, and tables and lists are
 * read as GitHub reads them.
 */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const found: MarkdownLink[] = [];
  walkTokens(Lexer.lex(markdown), (token) => {
    if (token.type === 'link' || token.type === 'image')
      found.push({ kind: token.type, href: token.href });
  });
  return found;
}

/** The text a reader sees in a heading: code spans' text kept, HTML tags left out. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'html') return '';
      if ('tokens' in token && token.tokens) return plainText(token.tokens);
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    })
    .join('');
}

/**
 * The anchors GitHub gives the headings of `markdown`: its slugs (github-slugger, the algorithm
 * GitHub uses), a repeated heading getting `-1`, `-2`… as there.
 */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  walkTokens(Lexer.lex(markdown), (token) => {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText(token.tokens ?? [])));
  });
  return anchors;
}

/** README.md and every Markdown file under docs/ of the repository at `root`. */
export function projectDocs(root: string): string[] {
  const files = [join(root, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(root, 'docs'));
  return files;
}

/** What was checked, and each relative link that leads nowhere, as `file: href (why)`. */
export interface LinkReport {
  checked: { file: string; kind: MarkdownLink['kind']; href: string }[];
  broken: string[];
}

/**
 * Checks every relative link and image of `files`: the file (or folder) it names exists, and a
 * `#anchor` (on its own: this file) is a heading of the Markdown file it names.
 */
export function checkLinks(root: string, files: readonly string[]): LinkReport {
  const report: LinkReport = { checked: [], broken: [] };
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let found = anchorsOf.get(file);
    if (!found) anchorsOf.set(file, (found = headingAnchors(readFileSync(file, 'utf8'))));
    return found;
  };
  for (const file of files) {
    const name = relative(root, file);
    for (const { kind, href } of markdownLinks(readFileSync(file, 'utf8'))) {
      if (ELSEWHERE.test(href)) continue;
      report.checked.push({ file: name, kind, href });
      const hash = href.indexOf('#');
      const path = decodeURIComponent(hash === -1 ? href : href.slice(0, hash));
      const anchor = hash === -1 ? undefined : decodeURIComponent(href.slice(hash + 1));
      const target = path === '' ? file : resolve(dirname(file), path);
      if (!existsSync(target)) {
        report.broken.push(`${name}: ${href} (no such file)`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!target.endsWith('.md') || statSync(target).isDirectory())
        report.broken.push(`${name}: ${href} (an anchor in a file that is not Markdown)`);
      else if (!anchors(target).has(anchor))
        report.broken.push(`${name}: ${href} (no heading with that anchor)`);
    }
  }
  return report;
}
