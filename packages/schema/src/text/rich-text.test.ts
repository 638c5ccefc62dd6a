import { describe, expect, it } from 'vitest';
import { hasRichText, parseRichText, plainText } from './rich-text';

const text = (value: string) => ({ type: 'text', text: value });

describe('parseRichText', () => {
  it('reads plain text as one text node', () => {
    expect(parseRichText('How old are you?')).toEqual([text('How old are you?')]);
    expect(parseRichText('')).toEqual([]);
  });

  it('reads https and mailto links', () => {
    expect(parseRichText('I agree to the [privacy policy](https://example.com/privacy).')).toEqual([
      text('I agree to the '),
      { type: 'link', href: 'https://example.com/privacy', children: [text('privacy policy')] },
      text('.'),
    ]);
    expect(parseRichText('[Write to us](mailto:help@example.com)')).toEqual([
      { type: 'link', href: 'mailto:help@example.com', children: [text('Write to us')] },
    ]);
  });

  it('keeps one level of parentheses inside an address', () => {
    expect(parseRichText('[A](https://en.wikipedia.org/wiki/A_(b))')).toEqual([
      { type: 'link', href: 'https://en.wikipedia.org/wiki/A_(b)', children: [text('A')] },
    ]);
  });

  it('shows links with any other scheme as text', () => {
    for (const source of [
      '[x](javascript:alert(1))',
      '[x](JavaScript:alert(1))',
      '[x](data:text/html,<b>)',
      '[x](http://example.com)',
      '[x](//example.com)',
      '[x](https://exa mple.com)',
      '[x](vbscript:msgbox)',
    ]) {
      expect(parseRichText(source), source).toEqual([text(source)]);
    }
  });

  it('never reads HTML: markup is text', () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    expect(parseRichText(hostile)).toEqual([text(hostile)]);
  });

  it('reads bold and italics, nested either way', () => {
    expect(parseRichText('**Bold** and *italic* and _also_')).toEqual([
      { type: 'strong', children: [text('Bold')] },
      text(' and '),
      { type: 'em', children: [text('italic')] },
      text(' and '),
      { type: 'em', children: [text('also')] },
    ]);
    expect(parseRichText('**a *b* c**')).toEqual([
      { type: 'strong', children: [text('a '), { type: 'em', children: [text('b')] }, text(' c')] },
    ]);
    expect(parseRichText('*a **b** c*')).toEqual([
      { type: 'em', children: [text('a '), { type: 'strong', children: [text('b')] }, text(' c')] },
    ]);
  });

  it('allows emphasis inside a link and a link inside emphasis, never a link inside a link', () => {
    expect(parseRichText('[**Terms**](https://example.com/t)')).toEqual([
      { type: 'link', href: 'https://example.com/t', children: [{ type: 'strong', children: [text('Terms')] }] },
    ]);
    expect(parseRichText('*see [terms](https://e.com)*')).toEqual([
      {
        type: 'em',
        children: [text('see '), { type: 'link', href: 'https://e.com', children: [text('terms')] }],
      },
    ]);
  });

  it('leaves lone, spaced and in-word delimiters as text', () => {
    expect(parseRichText('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
    expect(parseRichText('snake_case_name')).toEqual([text('snake_case_name')]);
    expect(parseRichText('**unclosed')).toEqual([text('**unclosed')]);
    expect(parseRichText('[no address]')).toEqual([text('[no address]')]);
    expect(parseRichText('[](https://e.com)')).toEqual([text('[](https://e.com)')]);
  });

  it('turns line breaks into break nodes', () => {
    expect(parseRichText('Line one\nLine two\r\nthree')).toEqual([
      text('Line one'),
      { type: 'break' },
      text('Line two'),
      { type: 'break' },
      text('three'),
    ]);
  });

  it('lets a backslash escape the markup characters', () => {
    expect(parseRichText('\\*not italic\\* and \\[not](https://e.com)')).toEqual([
      text('*not italic* and [not](https://e.com)'),
    ]);
    expect(parseRichText('C:\\path')).toEqual([text('C:\\path')]);
  });
});

describe('plainText', () => {
  it('drops the markup and keeps what a reader sees', () => {
    expect(plainText('I accept the [**privacy policy**](https://e.com/p) and *terms*')).toBe(
      'I accept the privacy policy and terms',
    );
    expect(plainText('<b>kept</b> \\*')).toBe('<b>kept</b> *');
    expect(plainText('a\nb')).toBe('a\nb');
  });
});

describe('hasRichText', () => {
  it('is false for text a parse would return unchanged', () => {
    expect(hasRichText('How old are you?')).toBe(false);
    expect(hasRichText('[x](https://e.com)')).toBe(true);
    expect(hasRichText('a\nb')).toBe(true);
  });
});
