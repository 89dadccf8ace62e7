import { describe, expect, it } from 'vitest';
import { parseLegalBody } from './legal-text';

describe('legal page body', () => {
  it('reads headings, paragraphs and lists, never HTML', () => {
    expect(
      parseLegalBody('First line\nsame paragraph.\n\n## Heading\n- one\n- two\n  continued\n\n<b>not bold</b>'),
    ).toEqual([
      { kind: 'paragraph', text: 'First line same paragraph.' },
      { kind: 'heading', text: 'Heading' },
      { kind: 'list', items: ['one', 'two continued'] },
      { kind: 'paragraph', text: '<b>not bold</b>' },
    ]);
  });

  it('ends a paragraph where a list starts, and takes Windows line ends', () => {
    expect(parseLegalBody('Intro:\r\n- a\r\n- b')).toEqual([
      { kind: 'paragraph', text: 'Intro:' },
      { kind: 'list', items: ['a', 'b'] },
    ]);
    expect(parseLegalBody('')).toEqual([]);
  });
});
