import type { Writable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import { StreamSink, type TableWriter } from './table-writer.js';

/** Rows a sheet holds besides its header (Excel's limit is 1,048,576 rows); more go on the next sheet. */
export const ROWS_PER_SHEET = 1_000_000;
/** Excel's limit on the characters of one cell. */
export const CELL_MAX = 32_767;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** the characters XML 1.0 cannot carry: controls other than tab and line breaks, non-characters, lone surrogates */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data: markup escaped, characters XML cannot hold dropped, cut at Excel's cell limit. */
export function xmlText(value: string): string {
  const clean = value.replace(NOT_XML, '');
  const cut = clean.length > CELL_MAX ? clean.slice(0, CELL_MAX) : clean;
  return cut.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/**
 * An XLSX workbook written as it goes: each sheet is one deflated ZIP entry (fflate's streaming `Zip`) fed a page of
 * rows at a time, cells as inline strings (no shared-string table to hold in memory), so a log of any size is written
 * in the memory of one page. The workbook, its relations and content types name the sheets and go in last.
 */
export class XlsxWriter implements TableWriter {
  private readonly sink: StreamSink;
  private readonly zip: Zip;
  private finished: Promise<void>;
  private sheet: ZipDeflate | null = null;
  private sheets = 0;
  private rowsInSheet = 0;
  private page: string[] = [];

  private readonly sheetName: string;
  private readonly header: readonly string[];
  private readonly widths: readonly number[];
  private readonly rowsPerSheet: number;

  constructor(
    out: Writable,
    options: {
      readonly sheetName: string;
      readonly header: readonly string[];
      /** column widths in characters */
      readonly widths?: readonly number[];
      readonly rowsPerSheet?: number;
    },
  ) {
    this.sheetName = options.sheetName;
    this.header = options.header;
    this.widths = options.widths ?? [];
    this.rowsPerSheet = options.rowsPerSheet ?? ROWS_PER_SHEET;
    this.sink = new StreamSink(out);
    let done!: () => void;
    let failed!: (error: Error) => void;
    this.finished = new Promise<void>((resolve, reject) => {
      done = resolve;
      failed = reject;
    });
    // a rejection nobody awaits yet must not end the process: `end` awaits it
    this.finished.catch(() => {});
    this.zip = new Zip((error, data, final) => {
      if (error) return failed(error);
      try {
        this.sink.write(data);
      } catch (e) {
        return failed(e as Error);
      }
      if (final) done();
    });
    this.openSheet();
  }

  row(cells: readonly string[]): void {
    if (this.rowsInSheet >= this.rowsPerSheet) {
      this.pushPage();
      this.closeSheet();
      this.openSheet();
    }
    this.rowsInSheet += 1;
    this.page.push(rowXml(this.rowsInSheet + 1, cells, false));
  }

  async flush(): Promise<void> {
    this.pushPage();
    await this.sink.drained();
  }

  async end(): Promise<void> {
    this.pushPage();
    this.closeSheet();
    const names = Array.from({ length: this.sheets }, (_, i) => this.nameOf(i + 1));
    this.add('xl/workbook.xml', workbookXml(names));
    this.add('xl/_rels/workbook.xml.rels', workbookRelsXml(names.length));
    this.add('xl/styles.xml', STYLES_XML);
    this.add('_rels/.rels', ROOT_RELS_XML);
    this.add('[Content_Types].xml', contentTypesXml(names.length));
    this.zip.end();
    await this.finished;
    await this.sink.end();
  }

  private openSheet(): void {
    this.sheets += 1;
    this.rowsInSheet = 0;
    this.sheet = new ZipDeflate(`xl/worksheets/sheet${this.sheets}.xml`, { level: 6 });
    this.zip.add(this.sheet);
    const cols = this.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`);
    this.page.push(
      `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
        // the header stays in view while scrolling
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        (cols.length > 0 ? `<cols>${cols.join('')}</cols>` : '') +
        `<sheetData>${rowXml(1, this.header, true)}`,
    );
  }

  private closeSheet(): void {
    this.sheet!.push(utf8(`${this.page.join('')}</sheetData></worksheet>`), true);
    this.page = [];
    this.sheet = null;
  }

  private pushPage(): void {
    if (this.page.length === 0 || this.sheet === null) return;
    this.sheet.push(utf8(this.page.join('')));
    this.page = [];
  }

  private add(name: string, xml: string): void {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    file.push(utf8(xml), true);
  }

  private nameOf(n: number): string {
    return (n === 1 ? this.sheetName : `${this.sheetName} ${n}`).replace(/[[\]:*?/\\]/g, '_').slice(0, 31);
  }
}

function utf8(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}

function rowXml(r: number, cells: readonly string[], header: boolean): string {
  const style = header ? ' s="1"' : '';
  let xml = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++)
    xml += `<c r="${columnName(i)}${r}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(cells[i]!)}</t></is></c>`;
  return `${xml}</row>`;
}

/** 0 → A, 25 → Z, 26 → AA */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function workbookXml(names: readonly string[]): string {
  const sheets = names.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`);
  return `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets.join('')}</sheets></workbook>`;
}

function workbookRelsXml(sheets: number): string {
  const type = `${REL}/worksheet`;
  const rels = Array.from(
    { length: sheets },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${type}" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  rels.push(`<Relationship Id="rId${sheets + 1}" Type="${REL}/styles" Target="styles.xml"/>`);
  return `${XML_HEAD}<Relationships xmlns="${PKG_REL}">${rels.join('')}</Relationships>`;
}

function contentTypesXml(sheets: number): string {
  const sml = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const overrides = Array.from(
    { length: sheets },
    (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${sml}.worksheet+xml"/>`,
  );
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${sml}.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${sml}.styles+xml"/>` +
    `${overrides.join('')}</Types>`
  );
}

const ROOT_RELS_XML = `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

/** Style 0 plain, style 1 bold (the header). */
const STYLES_XML =
  `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
