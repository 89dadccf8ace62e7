// Types of check-comments.mjs for its test.
export const ISSUE_REFERENCE: RegExp;
export function commentsOf(text: string, options?: { css?: boolean }): { start: number; text: string }[];
export function issueReferences(text: string, options?: { css?: boolean }): { line: number; found: string }[];
export function sourceFiles(): string[];
