import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenCitations,
  fileRepository,
  findCitations,
  githubSlug,
  headingSlugs,
  ISSUE_SCANNED_FILE,
  issueNumberCitations,
  scannedFiles,
  type Repository,
} from './doc-citations';

const root = join(import.meta.dirname, '..');

// Document names are put together here, so that this file cites nothing itself.
const md = (name: string) => `${name}.md`;
// So is the word before a number, so that this file cites no issue number itself.
const issue = 'issue';
const Issue = 'Issue';

const fakeRepo = (docs: Record<string, string>): Repository => ({
  exists: (path) => Object.hasOwn(docs, path),
  read: (path) => docs[path] ?? '',
});

describe('githubSlug', () => {
  it('lower-cases, drops punctuation and turns spaces into hyphens, as GitHub does', () => {
    expect(githubSlug('Orders and the background loop')).toBe('orders-and-the-background-loop');
    expect(githubSlug(`Operator console (${issue} 11)`)).toBe(`operator-console-${issue}-11`);
    expect(githubSlug('Guide, FAQ and terms')).toBe('guide-faq-and-terms');
    expect(githubSlug('Auto-orders')).toBe('auto-orders');
    expect(githubSlug('snake_case stays')).toBe('snake_case-stays');
  });

  it('keeps Korean and leaves a hyphen per space around a dropped dash', () => {
    expect(githubSlug('SMM 패널 — 소셜 미디어')).toBe('smm-패널--소셜-미디어');
  });
});

describe('headingSlugs', () => {
  it('numbers repeated headings and ignores lines inside fenced code', () => {
    const doc = [
      '# Title',
      '## Orders',
      '```sh',
      '# not a heading',
      '```',
      '## Orders',
      '### The `api` [call](x.html) ##',
    ].join('\n');
    expect(headingSlugs(doc)).toEqual(['title', 'orders', 'orders-1', 'the-api-call']);
  });
});

describe('findCitations', () => {
  it('finds document paths with and without an anchor', () => {
    const text = `// see ${md('docs/product')}#orders and ${md('README')}.\n/* (${md('../README')}#speed) */`;
    expect(findCitations('apps/x.ts', text)).toEqual([
      { line: 1, path: md('docs/product'), anchor: 'orders' },
      { line: 1, path: md('README'), anchor: null },
      { line: 2, path: md('../README'), anchor: 'speed' },
    ]);
  });

  it('leaves out web addresses, and in code a string that is only a path', () => {
    const text = `// https://github.com/o/r/blob/main/${md('README')}\nread('${md('../../README')}');`;
    expect(findCitations('apps/x.ts', text)).toEqual([]);
    // In a document the same quoted path is a citation.
    expect(findCitations('docs/x.md', `'${md('../../README')}'`)).toHaveLength(1);
  });
});

describe('brokenCitations', () => {
  const repo = fakeRepo({
    [md('docs/product')]: '# Product\n## Orders\n## 주문 내역\n',
    [md('docs/deploy')]: '# Deploy\n',
    [md('README')]: '# Readme\n## Speed\n',
  });

  it('accepts documents that exist and anchors that are headings, relative to the file or the root', () => {
    const text = [
      `// ${md('docs/product')}#orders, ${md('docs/product')}#주문-내역, ${md('docs/deploy')}`,
      `[speed](${md('../README')}#speed) [deploy](${md('deploy')})`,
    ].join('\n');
    expect(brokenCitations('docs/product.x', text, repo)).toEqual([]);
  });

  it('names the file and line of a document that is not in the repository', () => {
    const text = `const a = 1;\n// the rule of ${md('SPEC')} §5, see ${md('docs/missing')}\n`;
    expect(brokenCitations('apps/server/src/x.ts', text, repo)).toEqual([
      `apps/server/src/x.ts:2: cites ${md('SPEC')}, which is not in the repository`,
      `apps/server/src/x.ts:2: cites ${md('docs/missing')}, which is not in the repository`,
    ]);
  });

  it('names the file and line of an anchor that is no heading of its document', () => {
    const text = `\n\n/** (${md('docs/product')}#order) */`;
    expect(brokenCitations('apps/web/src/y.tsx', text, repo)).toEqual([
      `apps/web/src/y.tsx:3: cites ${md('docs/product')}#order, but ${md('docs/product')} has no heading with that anchor`,
    ]);
  });

  it('does not let a path climb out of the repository', () => {
    expect(brokenCitations('docs/x.md', `${md('../../README')}`, repo)).toHaveLength(1);
  });
});

describe('issueNumberCitations', () => {
  it('names each line that cites an issue by number, however it is written', () => {
    const text = [
      `// The lease (${issue} 18 §1): sent once.`,
      'const a = 1;',
      `/* ${Issue} 22 point 3, then ${issue}s #7 */`,
      `it('refuses a look-alike link (${issue} 30 §5)', …)`,
    ].join('\n');
    expect(issueNumberCitations('apps/x.ts', text)).toEqual([
      `apps/x.ts:1: cites "${issue} 18", which a reader of the repository cannot follow`,
      `apps/x.ts:3: cites "${Issue} 22", which a reader of the repository cannot follow`,
      `apps/x.ts:3: cites "${issue}s #7", which a reader of the repository cannot follow`,
      `apps/x.ts:4: cites "${issue} 30", which a reader of the repository cannot follow`,
    ]);
  });

  it('leaves the word alone when no number follows it', () => {
    expect(
      issueNumberCitations('docs/x.md', 'An operator may issue a receipt; issues are tracked elsewhere.'),
    ).toEqual([]);
  });
});

describe('the repository', () => {
  it('cites only documents it holds, and only headings they have', () => {
    const repo = fileRepository(root);
    const files = scannedFiles(root);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) => brokenCitations(file, repo.read(file), repo));
    expect(problems, `broken document citations:\n${problems.join('\n')}`).toEqual([]);
  });

  it('cites no issue by number, in any source, test, migration, script or document', () => {
    const repo = fileRepository(root);
    const problems = scannedFiles(root, ISSUE_SCANNED_FILE).flatMap((file) =>
      issueNumberCitations(file, repo.read(file)),
    );
    expect(problems, `issue numbers cited:\n${problems.join('\n')}`).toEqual([]);
  });
});
