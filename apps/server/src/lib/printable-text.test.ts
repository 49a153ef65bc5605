import { describe, expect, it } from 'vitest';
import { isStorableText } from '@tms/contracts/api';
import { printable, printableClip } from './printable-text.ts';

describe('printable', () => {
  it.each([
    ['plain text', 'Đặng Văn Sơn 🙂', 'Đặng Văn Sơn 🙂'],
    ['tab, LF and CR kept', 'a\tb\r\nc', 'a\tb\r\nc'],
    ['NUL', 'a\u0000b', 'a\\x00b'],
    ['C0 controls, DEL', '\u0001\u0007\u001b\u007f', '\\x01\\x07\\x1b\\x7f'],
    ['C1 controls', '\u0085\u009f', '\\x85\\x9f'],
    ['a lone high surrogate', 'x\ud800y', 'x\\ud800y'],
    ['a lone low surrogate', 'x\udfffy', 'x\\udfffy'],
    ['an escape already written', 'a\\x00b', 'a\\x00b'],
  ])('%s', (_name, text, expected) => {
    expect(printable(text)).toBe(expected);
    expect(isStorableText(printable(text))).toBe(true);
    expect(printable(printable(text))).toBe(printable(text));
  });
});

describe('printableClip', () => {
  it('cuts the escaped text to the length and never between the halves of a pair', () => {
    expect(printableClip('\u0000abc', 5)).toBe('\\x00a');
    expect(printableClip('ab🙂', 3)).toBe('ab');
    expect(printableClip('ab🙂', 4)).toBe('ab🙂');
    expect(printableClip('short', 40)).toBe('short');
  });
});
