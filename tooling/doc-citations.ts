import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/**
 * Code and docs cite documents by path, often with a section (`docs/product.md#orders`). A citation of
 * a document that is not in the repository, or of a heading that was renamed, leaves the reader with
 * nothing to follow, so these helpers find every citation and say which ones lead nowhere.
 */

/** Where citations are looked for: the sources and documents of the repository (git-tracked). */
export const SCANNED_ROOTS = ['apps', 'packages', 'e2e', 'tooling', 'scripts', 'docs', 'README.md'];
export const SCANNED_FILE = /\.(ts|tsx|mjs|js|css|md)$/;
const CODE_FILE = /\.(ts|tsx|mjs|js)$/;

/**
 * A document path ending in the markdown extension, with an optional `#anchor`. Anchors keep letters of
 * any script (Korean headings make Korean anchors), digits, `-` and `_`.
 */
const CITATION = /(?<![\w./-])([\w./-]*[\w-]\.md)(#[\p{L}\p{N}_-]+)?(?![\w-])/gu;

/**
 * The anchor GitHub gives a heading: lower case, every character that is not a letter, mark, digit,
 * `_`, `-` or space dropped, each space turned into `-` (so "A — B" gives "a--b").
 */
export function githubSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text GitHub shows for a heading's markdown: link targets, code marks and HTML tags left out. */
function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/**
 * The anchors of a markdown document's `#` headings, in order; a repeated one gets `-1`, `-2` … as on
 * GitHub. Lines inside fenced code blocks are not headings (a shell comment is not a section).
 */
export function headingSlugs(markdown: string): string[] {
  const slugs: string[] = [];
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark) {
      if (fence === null) fence = fenceMark[0]!;
      else if (fenceMark[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = githubSlug(headingText(heading));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.push(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

export interface Citation {
  line: number;
  path: string;
  anchor: string | null;
}

/**
 * The document citations in a file's text. Left out: web addresses (`https://…/README` plus extension
 * is someone else's file) and, in code, a string literal that is nothing but a path, which is a file
 * the code opens relative to some directory of its own, not a reference for a reader.
 */
export function findCitations(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(CITATION)) {
      const start = match.index;
      const end = start + match[0].length;
      const before = line.slice(0, start);
      if (/[a-z][a-z0-9+.-]*:\/*[^\s'"`()<>]*$/i.test(before)) continue;
      const quote = line[start - 1];
      if (CODE_FILE.test(file) && (quote === "'" || quote === '"') && line[end] === quote) continue;
      found.push({ line: index + 1, path: match[1]!, anchor: match[2]?.slice(1) ?? null });
    }
  });
  return found;
}

/**
 * A reference to an issue by number: the word, in any case and singular or plural, then a number, with or
 * without `#` (whatever follows, a section sign or a point, is part of the same reference). The tracker is not
 * part of the repository: the reader of a comment or a document cannot follow such a reference, and
 * the reason it stood for is lost with it. A comment says why in its own words; a document states the
 * rule, or cites the section of docs/ that does.
 */
const ISSUE_NUMBER = /\bissues?\s+#?\d+/giu;

/** Where issue numbers are looked for: the same roots, and SQL migrations and shell scripts too. */
export const ISSUE_SCANNED_FILE = /\.(ts|tsx|mts|mjs|js|css|html|md|sql|sh)$/;

/** Each line of a file's text that cites an issue by number, as `file:line: …`. */
export function issueNumberCitations(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(ISSUE_NUMBER)) {
      problems.push(
        `${file}:${index + 1}: cites "${match[0]}", which a reader of the repository cannot follow`,
      );
    }
  });
  return problems;
}

/** How the checker sees the repository: which files exist, and the text of a markdown document. */
export interface Repository {
  exists(path: string): boolean;
  read(path: string): string;
}

/**
 * Each citation that leads nowhere, as `file:line: …`. A path is read relative to the citing file's
 * folder, then to the repository root; it must stay inside the repository.
 */
export function brokenCitations(file: string, text: string, repo: Repository): string[] {
  const problems: string[] = [];
  const slugCache = new Map<string, string[]>();
  for (const { line, path, anchor } of findCitations(file, text)) {
    const candidates = [join(dirname(file), path), path].map((p) => normalize(p));
    const target = candidates.find((p) => !p.startsWith('..') && !p.startsWith(sep) && repo.exists(p));
    const cited = anchor === null ? path : `${path}#${anchor}`;
    if (target === undefined) {
      problems.push(`${file}:${line}: cites ${cited}, which is not in the repository`);
      continue;
    }
    if (anchor === null) continue;
    let slugs = slugCache.get(target);
    if (!slugs) {
      slugs = headingSlugs(repo.read(target));
      slugCache.set(target, slugs);
    }
    if (!slugs.includes(anchor)) {
      problems.push(`${file}:${line}: cites ${cited}, but ${target} has no heading with that anchor`);
    }
  }
  return problems;
}

/** The git-tracked files the check covers (a file deleted but not yet committed is skipped). */
export function scannedFiles(root: string, kind: RegExp = SCANNED_FILE): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...SCANNED_ROOTS], { cwd: root })
    .toString('utf8')
    .split('\0');
  return listed.filter((f) => kind.test(f) && existsSync(join(root, f)));
}

export function fileRepository(root: string): Repository {
  return {
    exists: (path) => existsSync(join(root, path)) && !relative(root, join(root, path)).startsWith('..'),
    read: (path) => readFileSync(join(root, path), 'utf8'),
  };
}
