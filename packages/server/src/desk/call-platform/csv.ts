/**
 * RFC 4180 CSV: fields separated by commas, quoted with `"` (a quote inside doubled), records on CRLF or LF; a quoted
 * field may span lines. Each record keeps the line it starts on (1-based), for error reports.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let empty = true;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      quoted = true;
      empty = false;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      empty = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      if (!empty || field !== '') records.push({ line: start, fields: [...fields, field] });
      fields = [];
      field = '';
      empty = true;
      line++;
      start = line;
    } else {
      field += c;
      empty = false;
    }
  }
  if (!empty || field !== '') records.push({ line: start, fields: [...fields, field] });
  return records;
}
