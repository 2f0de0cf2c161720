// CSV for spreadsheets: one cell quoted and safe from formula injection, and a whole table as a file Excel and
// LibreOffice open right (UTF-8 with its byte-order mark, CRLF lines).

/** Characters a spreadsheet reads as the start of a formula (OWASP, CSV injection): = + - @ tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV cell: quoted, inner quotes doubled, and a cell a spreadsheet would run as a formula neutralised with a
 * leading apostrophe, as OWASP's CSV-injection guidance says (the text stays readable: '=HYPERLINK(…)).
 */
export function csvCell(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  return `"${safe.replaceAll('"', '""')}"`
}

/** A table as CSV: the header's names as given, every cell quoted, a byte-order mark first (Arabic and CJK read right). */
export function csvTable(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header.join(','), ...rows.map((row) => row.map(csvCell).join(','))]
  return '\uFEFF' + lines.join('\r\n') + '\r\n'
}
