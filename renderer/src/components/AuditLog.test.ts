// The Venue view's audit log: newest first with who, desk, about and what; a search asks main again (a moment after
// typing), narrowing to stations too; more than a page says how many; Save as CSV saves every match.
import { render, screen, waitFor } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { answer, calls } from '../test-support/fake-api'
import AuditLog from './AuditLog.svelte'

const entry = (what: string, subject = 'stream', label = 'B stream') => ({
  at: Date.UTC(2026, 10, 28, 10, 2),
  operator: 'Ana',
  desk: 'Ana’s desk',
  subject,
  subjectId: 'x',
  label,
  what,
})

describe('audit log', () => {
  it('lists, searches, narrows and saves', async () => {
    const user = userEvent.setup()
    answer('venue:audit', ({ search, subject }: { search: string; subject: string | null }) =>
      search === 'off air'
        ? { entries: [entry('Took Ghent Vipers vs Brno Bears (Final) off air')], total: 1 }
        : subject === 'station'
          ? { entries: [entry('Made the station', 'station', 'Station 1')], total: 1 }
          : { entries: [entry('Took A vs B (Final) on air'), entry('Held the stream')], total: 700 },
    )
    answer('venue:audit-csv', () => '\uFEFFWhen,Operator\r\n')
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit')
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined)
    render(AuditLog)
    expect((await screen.findByTestId('audit-count')).textContent).toContain('The newest 2 of 700 entries')
    const rows = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent.trim()).join(' | '))
    expect(rows()[0]).toMatch(/ \| Ana \(Ana’s desk\) \| Stream B stream \| Took A vs B \(Final\) on air$/)
    await user.type(screen.getByRole('searchbox'), 'off air')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toContain('off air')
    await user.clear(screen.getByRole('searchbox'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'About' }), 'station')
    await waitFor(() => expect(rows()[0]).toContain('Station Station 1 | Made the station'))
    await user.click(screen.getByRole('button', { name: 'Save as CSV' }))
    await waitFor(() => expect(created).toHaveBeenCalled())
    expect(calls.findLast((c) => c.channel === 'venue:audit-csv')?.input).toEqual({ search: '', subject: 'station' })
  })

  it('says “automatic” where the desk changed something by itself, never a person’s name', async () => {
    const freed = {
      ...entry('Freed A vs B (automatic: the service’s results and matches changed)', 'station', 'Station 1'),
      operator: '',
      automatic: true,
    }
    answer('venue:audit', () => ({ entries: [freed], total: 1 }))
    render(AuditLog)
    const row = (await screen.findAllByRole('row'))[1] as HTMLTableRowElement
    expect(row.cells[1]!.textContent.trim()).toBe('automatic (Ana’s desk)')
  })
})
