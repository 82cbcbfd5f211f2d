/** The pieces under ingest and export: masking stored content, CSV cells, the streamed XLSX. */
import { PassThrough } from 'node:stream';
import { maskMatches, messageText } from '@qcdesk/engine';
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/censor/export/csv-writer.js';
import { columnName, XlsxWriter, xmlText } from '../../src/censor/export/xlsx-writer.js';
import { maskContent } from '../../src/censor/mask-content.js';

/**
 * Masks like the engine: each code unit of the spans becomes `*`. Line breaks are left alone: they join the text
 * items, and a mask never crosses from one item into the next.
 */
function maskSpans(text: string, spans: readonly [number, number][]): string {
  const units = text.split('');
  for (const [start, end] of spans)
    for (let i = start; i < end && i < units.length; i++) if (units[i] !== '\n') units[i] = '*';
  return units.join('');
}

describe('maskContent', () => {
  it('masks the text of a TIM text element and keeps every other item and field', () => {
    const content = JSON.stringify([
      { MsgType: 'TIMTextElem', MsgContent: { Text: '你是骗子' }, extra: 1 },
      { MsgType: 'TIMImageElem', MsgContent: { ImageInfoArray: [{ URL: 'a.png' }] } },
      { MsgType: 'TIMTextElem', MsgContent: { Text: '骗子！' } },
    ]);
    // the text the engine reads is the two text items joined by a line break
    expect(messageText(content)).toBe('你是骗子\n骗子！');
    expect(JSON.parse(maskContent(content, '你是**\n**！'))).toEqual([
      { MsgType: 'TIMTextElem', MsgContent: { Text: '你是**' }, extra: 1 },
      { MsgType: 'TIMImageElem', MsgContent: { ImageInfoArray: [{ URL: 'a.png' }] } },
      { MsgType: 'TIMTextElem', MsgContent: { Text: '**！' } },
    ]);
  });

  it('masks plain text, the `{type: "text"}` form and JSON that is no message as text', () => {
    expect(maskContent('你是骗子', '你是**')).toBe('你是**');
    expect(JSON.parse(maskContent('{"type":"text","content":"你是骗子"}', '你是**'))).toEqual({
      type: 'text',
      content: '你是**',
    });
    expect(maskContent('[1, 2]', '[*, 2]')).toBe('[*, 2]');
    expect(maskContent('[{"MsgType": "TIMTextElem", "MsgContent": {"Text": "骗子"}}]', '**')).toBe(
      '[{"MsgType":"TIMTextElem","MsgContent":{"Text":"**"}}]',
    );
  });

  it('always yields content whose text is the masked text (property)', () => {
    const item = fc.oneof(
      fc.string().map((text) => ({ MsgType: 'TIMTextElem', MsgContent: { Text: text } })),
      fc.string().map((text) => ({ type: 'text', text })),
      fc.constant({ MsgType: 'TIMFileElem', MsgContent: { Url: 'f.pdf', FileName: 'f.pdf' } }),
    );
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (items, cuts) => {
          const content = JSON.stringify(items);
          const text = messageText(content);
          fc.pre(text !== null && text.length > 0);
          const spans = cuts.map((c) => [c % text!.length, (c % text!.length) + 2] as [number, number]);
          const masked = maskSpans(text!, spans);
          expect(messageText(maskContent(content, masked))).toBe(masked);
        },
      ),
    );
  });

  it('gives each text item its own stretch when a FUZZY replacement changed the length', () => {
    const content = JSON.stringify([
      { MsgType: 'TIMTextElem', MsgContent: { Text: '你是傻逼\n第二行' } },
      { MsgType: 'TIMImageElem', MsgContent: { ImageInfoArray: [{ URL: 'a.png' }] } },
      { MsgType: 'TIMTextElem', MsgContent: { Text: '骗子！' } },
    ]);
    const text = messageText(content)!;
    const masked = maskMatches(text, [
      { start: 2, end: 4, replacement: '[哔]' },
      { start: 9, end: 11, mask: '#' },
    ]);
    expect(masked).toBe('你是[哔]\n第二行\n##！');
    expect(
      JSON.parse(maskContent(content, masked)).map((i: { MsgContent: { Text?: string } }) => i.MsgContent.Text),
    ).toEqual(['你是[哔]\n第二行', undefined, '##！']);
  });

  it('masks each text item as if it were masked alone, replacements or not (property)', () => {
    const chars = fc.constantFrom(...'你是傻逼骗子abc！ ，');
    const piece = fc.array(chars, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''));
    const span = fc.record({
      item: fc.nat(),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 4 }),
      replacement: fc.option(fc.constantFrom('[哔]', '', '某'), { nil: undefined }),
      mask: fc.constantFrom('*', '#'),
    });
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.array(span, { maxLength: 5 }), (texts, raw) => {
        const content = JSON.stringify(texts.map((Text) => ({ MsgType: 'TIMTextElem', MsgContent: { Text } })));
        const offsets = texts.map((_, k) => texts.slice(0, k).reduce((sum, t) => sum + t.length + 1, 0));
        // spans inside one item each, as the engine's matches are unless noise skipping crosses a line
        const local = raw.map((s) => {
          const k = s.item % texts.length;
          const start = s.at % texts[k]!.length;
          return {
            k,
            start,
            end: Math.min(texts[k]!.length, start + s.length),
            replacement: s.replacement,
            mask: s.mask,
          };
        });
        const masked = maskMatches(
          texts.join('\n'),
          local.map((s) => ({ ...s, start: s.start + offsets[s.k]!, end: s.end + offsets[s.k]! })),
        );
        const out = JSON.parse(maskContent(content, masked)).map(
          (i: { MsgContent: { Text: string } }) => i.MsgContent.Text,
        );
        expect(out).toEqual(
          texts.map((t, k) =>
            maskMatches(
              t,
              local.filter((s) => s.k === k),
            ),
          ),
        );
      }),
    );
  });
});

describe('CSV cells', () => {
  it('quotes what needs quoting and never lets a cell start a formula', () => {
    expect(csvCell('你好')).toBe('你好');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('他说"好"')).toBe('"他说""好"""');
    expect(csvCell('第一行\n第二行')).toBe('"第一行\n第二行"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+86 123')).toBe("'+86 123");
    expect(csvCell('@所有人')).toBe("'@所有人");
  });
});

describe('the streamed XLSX', () => {
  it('escapes markup, drops what XML cannot hold, names columns past Z', () => {
    expect(xmlText('<b>&"x"</b>')).toBe('&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;');
    expect(xmlText('a\u0001b\u000Bc\td\n')).toBe('abc\td\n');
    expect(xmlText('\uD800x😀')).toBe('x😀');
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('goes on to a new sheet, header first, when a sheet is full', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = new XlsxWriter(out, { sheetName: '日志', header: ['序号', '内容'], rowsPerSheet: 2 });
    for (let i = 1; i <= 5; i++) {
      writer.row([String(i), `第${i}行 <&>`]);
      await writer.flush();
    }
    await writer.end();
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const cells = (name: string) =>
      [...strFromU8(files[name]!).matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map(
        (m) => `${m[1]}:${[...m[2]!.matchAll(/<t xml:space="preserve">(.*?)<\/t>/g)].map((c) => c[1]).join('|')}`,
      );
    expect(cells('xl/worksheets/sheet1.xml')).toEqual([
      '1:序号|内容',
      '2:1|第1行 &lt;&amp;&gt;',
      '3:2|第2行 &lt;&amp;&gt;',
    ]);
    expect(cells('xl/worksheets/sheet2.xml')).toEqual([
      '1:序号|内容',
      '2:3|第3行 &lt;&amp;&gt;',
      '3:4|第4行 &lt;&amp;&gt;',
    ]);
    expect(cells('xl/worksheets/sheet3.xml')).toEqual(['1:序号|内容', '2:5|第5行 &lt;&amp;&gt;']);
    const workbook = strFromU8(files['xl/workbook.xml']!);
    expect([...workbook.matchAll(/<sheet name="([^"]+)"/g)].map((m) => m[1])).toEqual(['日志', '日志 2', '日志 3']);
    const types = strFromU8(files['[Content_Types].xml']!);
    expect(types).toContain('<Override PartName="/xl/worksheets/sheet3.xml"');
  });
});
