import { describe, expect, it } from 'vitest';
import { checkField, type FieldRule, hintFor, type PatternId, parsePatternDate, patterns } from './patterns';

const rule = (patternId: number | null, overrides: Partial<FieldRule> = {}): FieldRule => ({
  enabled: true,
  required: true,
  minLength: 1,
  maxLength: 100,
  patternId,
  acceptedPattern: '*',
  ...overrides,
});

// Each pattern id (numbering of spec §5) with values it accepts and values it refuses.
const cases: Record<PatternId, { good: string[]; bad: string[] }> = {
  1: { good: ['abc123', 'Player7', 'x'], bad: ['1abc', '_abc', 'ab c', 'abç', '用户'] },
  2: { good: ['张三123', '中文', '2024'], bad: ['abc', '张三 1', '김'] },
  3: { good: ['a@x.com', 'first.last+tag@mail.example.org'], bad: ['a@x', '@x.com', 'a b@x.com', 'a@@x.com', 'a@x.c'] },
  4: { good: ['abc', '123', 'a1B2'], bad: ['a-b', 'a b', 'ü'] },
  5: { good: ['abc123', '1a'], bad: ['abcdef', '123456', 'abc-123'] },
  6: { good: ['0123456789'], bad: ['12a', '１２３', '-1', '1.5'] },
  7: { good: ['Abc123', 'ABC'], bad: ['abc123', 'Abc 123', 'Abc-1'] },
  8: { good: ['John Smith', 'Anna'], bad: ['John3', '   ', 'José'] },
  9: { good: ['anything-goes!', '用户名'], bad: ['has space', 'tab\there', 'line\nbreak'] },
  10: { good: ['你好，世界。', '《三国》'], bad: ['hello', '你好1'] },
  11: { good: ['2000-02-29', '1990-12-31'], bad: ['1990-02-30', '1990-13-01', '12-31-1990', '1990-1-1'] },
  12: { good: ['02-29-2000', '12-31-1990'], bad: ['02-30-1990', '1990-12-31', '13-01-1990'] },
  13: { good: ['김민준', '홍 길동'], bad: ['kim', '김민준1', '金'] },
  14: { good: ['สมชาย', 'สมชาย ใจดี'], bad: ['somchai', 'สมชาย1'] },
  15: { good: ['ABC'], bad: ['ABc', 'AB1', 'A B'] },
  16: { good: ['Secret@123', 'aA1!'], bad: ['secret@123', 'SECRET@123', 'Secret123', 'Secret@abc', 'Sec ret@1'] },
  17: {
    good: ['John Smith', 'Juan dela Cruz', 'Nguyễn Văn', "Anne-Marie O'Neil"],
    bad: ['John', 'John  Smith', ' John Smith', 'J0hn Smith'],
  },
  18: {
    good: ['やまだたろう', 'ヤマダ', '山田太郎', 'ＡＢＣ１２３', '山田　太郎'],
    bad: ['ﾔﾏﾀﾞ', 'yamada', '山田 太郎'],
  },
};

describe('registration patterns (spec §5)', () => {
  it('defines the 18 patterns with their fixed ids', () => {
    expect(Object.keys(patterns).map(Number)).toEqual([...Array(18).keys()].map((i) => i + 1));
    for (const [id, p] of Object.entries(patterns)) expect(p.id).toBe(Number(id));
  });

  for (const [id, { good, bad }] of Object.entries(cases)) {
    it(`pattern ${id} accepts and refuses the right values`, () => {
      for (const v of good) expect(checkField(v, rule(Number(id))), `${id} should accept ${v}`).toBeNull();
      for (const v of bad) expect(checkField(v, rule(Number(id))), `${id} should refuse ${v}`).toBe('PATTERN');
    });
  }
});

describe('hintFor', () => {
  it('replaces (min) and (max) with the bounds', () => {
    expect(hintFor(1, 4, 16)).toBe('Please enter 4 - 16 characters, starting with a letter, then letters and numbers');
  });
  it('shows a single value when the bounds are equal', () => {
    expect(hintFor(6, 10, 10)).toBe('Please enter 10 characters: digits only');
  });
  it('falls back to the length hint without a pattern', () => {
    expect(hintFor(null, 2, 30)).toBe('Please enter 2 - 30 characters');
    expect(hintFor(99, 2, 30)).toBe('Please enter 2 - 30 characters');
  });
  it('has no placeholder left in any pattern hint', () => {
    for (const id of Object.keys(patterns)) expect(hintFor(Number(id), 3, 9)).not.toMatch(/\((min|max)\)/);
  });
});

describe('checkField', () => {
  it('REQUIRED only when required and empty', () => {
    expect(checkField('', rule(null))).toBe('REQUIRED');
    expect(checkField(undefined, rule(null))).toBe('REQUIRED');
    expect(checkField(null, rule(null))).toBe('REQUIRED');
    expect(checkField('', rule(null, { required: false }))).toBeNull();
    expect(checkField(undefined, rule(1, { required: false, minLength: 4 }))).toBeNull();
  });
  it('checks the length in characters, not UTF-16 units', () => {
    const r = rule(null, { minLength: 2, maxLength: 3 });
    expect(checkField('a', r)).toBe('TOO_SHORT');
    expect(checkField('abcd', r)).toBe('TOO_LONG');
    expect(checkField('😀😀😀', r)).toBeNull();
    expect(checkField('用户', r)).toBeNull();
  });
  it('checks the length before the pattern', () => {
    expect(checkField('1', rule(1, { minLength: 2 }))).toBe('TOO_SHORT');
  });
  it('applies acceptedPattern unless it is *', () => {
    expect(checkField('abc', rule(null, { acceptedPattern: '[a-c]+' }))).toBeNull();
    expect(checkField('abcd', rule(null, { acceptedPattern: '[a-c]+' }))).toBe('PATTERN');
    // anchored: a partial match is not enough
    expect(checkField('xabc', rule(null, { acceptedPattern: 'abc' }))).toBe('PATTERN');
    expect(checkField('anything', rule(null, { acceptedPattern: '*' }))).toBeNull();
  });
  it('refuses everything when acceptedPattern does not compile', () => {
    expect(checkField('abc', rule(null, { acceptedPattern: '([' }))).toBe('PATTERN');
  });
  it('ignores an unknown pattern id', () => {
    expect(checkField('a b', rule(42))).toBeNull();
  });
});

describe('parsePatternDate', () => {
  it('reads both date formats into yyyy-MM-dd', () => {
    expect(parsePatternDate('1990-05-17')).toBe('1990-05-17');
    expect(parsePatternDate('05-17-1990')).toBe('1990-05-17');
    expect(parsePatternDate('1990-02-29')).toBeNull();
    expect(parsePatternDate('17.05.1990')).toBeNull();
  });
});
