import { describe, expect, it } from 'vitest';
import { issueReferences } from './check-comments.mjs';

const lines = (...text: string[]) => text.join('\n');

describe('issue references in comments', () => {
  it('finds one in a line comment, with its line', () => {
    const text = lines('const a = 1;', 'const b = 2; // Issue 16 (live tables): a felt', 'const c = 3;');
    expect(issueReferences(text)).toEqual([{ line: 2, found: 'Issue 16' }]);
  });

  it('finds one in a block comment, on the line it is on', () => {
    const text = lines('/**', ' * The cashier queues,', " * as issue 12's report asks (issues #4).", ' */', 'f();');
    expect(issueReferences(text)).toEqual([
      { line: 3, found: 'issue 12' },
      { line: 3, found: 'issues #4' },
    ]);
  });

  it('finds one in a comment inside a template literal expression and in JSX', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text, not a template
    const text = lines('const s = `a ${x /* issue 3 */} b`;', '<p>{/* Issue 15: the reality check */}</p>');
    expect(issueReferences(text).map((hit) => hit.line)).toEqual([1, 2]);
  });

  it('finds none inside strings or template literals, and a comment after them still counts', () => {
    const text = lines(
      "const url = 'http://example.com'; // why: issue 9",
      'const a = "// issue 1";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text, not a template
      'const b = `/* issue 2 */ ${"// issue 3"} // issue 4`;',
      "it('keeps the test name (issue 25)', () => {});",
    );
    expect(issueReferences(text)).toEqual([{ line: 1, found: 'issue 9' }]);
  });

  it('finds none in code, in a regular expression or in a division', () => {
    const text = lines(
      'const issue = 7; const n = issue - 5;',
      'const r = /\\/\\/ issue 4/;',
      'const half = total / 2; const third = (x) / 3 // issue 8',
      'if (ok) return /[/]issue 6/.test(s);',
    );
    expect(issueReferences(text)).toEqual([{ line: 3, found: 'issue 8' }]);
  });

  it('reads CSS: block comments only, never `//`', () => {
    const text = lines('.a { background: url(//cdn.example/issue 2.png); }', '/* issue 11: the felt */');
    expect(issueReferences(text, { css: true })).toEqual([{ line: 2, found: 'issue 11' }]);
  });

  it('finds none in words that only look alike', () => {
    expect(issueReferences('// parsed.error.issues[0] and a ticket issued 5 minutes ago')).toEqual([]);
  });
});
