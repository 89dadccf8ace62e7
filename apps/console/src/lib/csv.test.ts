import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('grid CSV export', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+63 912')).toBe("'+63 912");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('=HYPERLINK("http://x","a,b")')).toBe('"\'=HYPERLINK(""http://x"",""a,b"")"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes numbers as numbers and empty values as empty cells', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('joins a header and rows with CRLF', () => {
    expect(
      toCsv(
        ['id', 'name'],
        [
          [1, 'a'],
          [2, '=x'],
        ],
      ),
    ).toBe("id,name\r\n1,a\r\n2,'=x\r\n");
  });
});
