// Refuses issue numbers in source comments: a comment says why the code is as it is, and the story
// of how it got there (which issue, which session) belongs in the commit message. Scans the tracked
// source files of apps, packages, e2e, bench, scripts and the root's config files, finds their
// comments with a small tokenizer (strings, template literals and regular expressions are skipped,
// so a `//` inside a string is no comment) and prints file:line for each `issue <number>` it finds.
// Exits 1 when there is any. Run by scripts/test.sh beside biome, and by `npm run lint`.
//
//   node scripts/check-comments.mjs            every tracked source file
//   node scripts/check-comments.mjs FILE...    only these
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** What a comment must not say: "issue" or "issues" and a number, bare or after # or -. */
export const ISSUE_REFERENCE = /\bissues?(?:[\s-]+#?|#)\d+/gi;

const ROOTS = ['apps/', 'packages/', 'e2e/', 'bench/', 'scripts/'];
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx|css)$/;

// After one of these words a `/` starts a regular expression, not a division.
const KEYWORDS_BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/**
 * The comments of a source text: each with the offset of its first character and its text (the
 * markers included). `css` texts have block comments only (`//` is no comment in CSS).
 * @param {string} text
 * @param {{ css?: boolean }} [options]
 * @returns {{ start: number, text: string }[]}
 */
export function commentsOf(text, options = {}) {
  const css = options.css === true;
  const comments = [];
  // Open braces in code: 'code' for a block or object, 'template' for a template's `${`.
  const braces = [];
  // The last thing in code that decides whether a `/` is a division: 'value' (an identifier,
  // a number, a closing bracket, a string) or 'operator'.
  let last = 'operator';
  let i = 0;
  const n = text.length;

  // Skips a template literal's text from i (just after the opening backtick or a `}` closing a
  // `${`); stops after the closing backtick, or after a `${` (pushing it).
  const templateText = () => {
    while (i < n) {
      const c = text[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        last = 'value';
        return;
      } else if (c === '$' && text[i + 1] === '{') {
        i += 2;
        braces.push('template');
        last = 'operator';
        return;
      } else i++;
    }
  };

  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      comments.push({ start: i, text: text.slice(i, stop) });
      i = stop;
    } else if (!css && c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      comments.push({ start: i, text: text.slice(i, stop) });
      i = stop;
    } else if (c === '"' || c === "'") {
      // A quoted string ends at its quote, or at the line's end (unterminated: JSX text).
      i++;
      while (i < n && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
      last = 'value';
    } else if (!css && c === '`') {
      i++;
      templateText();
    } else if (!css && c === '{') {
      braces.push('code');
      i++;
      last = 'operator';
    } else if (!css && c === '}') {
      i++;
      if (braces.pop() === 'template') templateText();
      else last = 'value';
    } else if (!css && c === '/' && last === 'operator') {
      // A regular expression literal: to its closing slash (outside a class), or the line's end.
      i++;
      let inClass = false;
      while (i < n && text[i] !== '\n') {
        const r = text[i];
        if (r === '\\') i += 2;
        else {
          i++;
          if (r === '[') inClass = true;
          else if (r === ']') inClass = false;
          else if (r === '/' && !inClass) break;
        }
      }
      last = 'value';
    } else if (/[A-Za-z0-9_$]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$]/.test(text[j])) j++;
      last = KEYWORDS_BEFORE_REGEX.has(text.slice(i, j)) ? 'operator' : 'value';
      i = j;
    } else {
      if (c === ')' || c === ']') last = 'value';
      else if (!/\s/.test(c)) last = 'operator';
      i++;
    }
  }
  return comments;
}

/**
 * The issue references in a source text's comments, each with its 1-based line and the words found.
 * @param {string} text
 * @param {{ css?: boolean }} [options]
 * @returns {{ line: number, found: string }[]}
 */
export function issueReferences(text, options = {}) {
  const hits = [];
  for (const comment of commentsOf(text, options)) {
    for (const match of comment.text.matchAll(ISSUE_REFERENCE)) {
      const offset = comment.start + (match.index ?? 0);
      hits.push({ line: lineOf(text, offset), found: match[0] });
    }
  }
  return hits;
}

/** @param {string} text @param {number} offset */
function lineOf(text, offset) {
  let line = 1;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) line++;
  return line;
}

/** The tracked source files the check reads. */
export function sourceFiles() {
  const all = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  return all.filter(
    (file) =>
      SOURCE.test(file) &&
      (ROOTS.some((root) => file.startsWith(root)) || !file.includes('/')) &&
      !file.includes('/node_modules/') &&
      // A tracked file deleted in the working tree (a move not yet staged) has nothing to check.
      existsSync(file),
  );
}

function main() {
  const args = process.argv.slice(2);
  const files = args.length > 0 ? args : sourceFiles();
  let count = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const hit of issueReferences(text, { css: file.endsWith('.css') })) {
      console.log(`${file}:${hit.line}: "${hit.found}" in a comment`);
      count++;
    }
  }
  if (count > 0) {
    console.error(
      `\n${count} issue reference(s) in comments of ${files.length} files. A comment says why; the ` +
        'history (which issue, which session) goes in the commit message.',
    );
    process.exit(1);
  }
  console.log(`comments: no issue references in ${files.length} files`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
