import { describe, expect, it } from 'vitest';
import { htmlToText, safeHref, sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml on hostile HTML', () => {
  it.each([
    ['<script>alert(1)</script>Hello', 'Hello'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok', 'ok'],
    ['<style>body{display:none}</style><p>text</p>', '<p>text</p>'],
    ['<img src=x onerror=alert(1)>pic', 'pic'],
    ['<p onclick="steal()">click</p>', '<p>click</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example"></iframe>after', 'after'],
    ['<svg><script>alert(1)</script><title>t</title></svg>svg', 'svg'],
    ['<math><mi xlink:href="javascript:alert(1)">m</mi></math>end', 'end'],
    ['<object data="x.swf"><embed src="x.swf"></object>o', 'o'],
    ['<form action="https://evil.example"><input name=a>text</form>', 'text'],
    ['<div style="background:url(javascript:alert(1))">styled</div>', 'styled'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&#60;script&#62;alert(1)&#60;/script&#62;'],
    ['<b>bold <i>both</b> after', '<b>bold <i>both</i></b> after'],
    ['<p>unclosed <em>tags', '<p>unclosed <em>tags</em></p>'],
    ['<!-- <script>alert(1)</script> -->safe', 'safe'],
    ['<![CDATA[<script>alert(1)</script>]]>x', 'x'],
    [
      '<a href="https://example.com/a" target="_blank" style="x">link</a>',
      '<a href="https://example.com/a" rel="nofollow noopener noreferrer">link</a>',
    ],
    ['"quotes" & \'apostrophes\'', '&#34;quotes&#34; &#38; &#39;apostrophes&#39;'],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('never lets an event handler, script or dangerous scheme through', () => {
    const hostile = [
      '<img src=x onerror=alert(1)//>',
      '<body onload=alert(1)>',
      '<a href="  javascript:alert(1)">a</a>',
      '<a href="javascript&colon;alert(1)">b</a>',
      '<p><scr<script>ipt>alert(1)</script></p>',
      '<details open ontoggle=alert(1)>',
      '<a href="data:image/svg+xml,<svg onload=alert(1)>">c</a>',
    ].join('');
    const clean = sanitizeHtml(hostile);
    expect(clean).not.toMatch(/<script|onerror|onload|ontoggle|javascript:|data:|<img|<svg|<body|<details/i);
  });

  it('resolves relative links against the base and keeps only http(s)', () => {
    expect(sanitizeHtml('<a href="/news/1">r</a>', { baseUrl: 'https://ir.example.com/feed' })).toBe(
      '<a href="https://ir.example.com/news/1" rel="nofollow noopener noreferrer">r</a>',
    );
  });

  it('cuts long text with an ellipsis and closes the open tags', () => {
    expect(sanitizeHtml('<p><b>abcdefghij</b>klm</p>', { maxTextLength: 5 })).toBe('<p><b>abcde…</b></p>');
  });
});

describe('safeHref', () => {
  it('accepts http and https only', () => {
    expect(safeHref('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHref('mailto:a@b.c')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('')).toBeNull();
  });
});

describe('htmlToText', () => {
  it('drops tags and scripts and decodes entities', () => {
    expect(htmlToText('<p>Acme &amp; Co</p><script>x</script><br>rises')).toBe('Acme & Co rises');
  });
});
