// Check-in at the door: search, keyboard toggles, the counter, undo, and the scan field, against the fake bridge.
import { render, screen, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { answer, calls } from '../test-support/fake-api'
import { selection } from '../lib/selection.svelte'
import CheckInView from './CheckInView.svelte'

const person = (id: string, name: string, cui: string, checked = false) => ({
  id,
  name,
  custom_user_identifier: cui,
  email: `${name.toLowerCase()}@example.org`,
  checked_in: checked,
  checked_in_at: null,
  user_id: null,
  created_at: '2026-11-22T10:00:00+00:00',
  custom_fields: {},
  country: null,
  birth_date: null,
  game_id: null,
  type: 'player',
  tournament_id: 't1',
  logo: null,
})

let people: ReturnType<typeof person>[]
beforeEach(() => {
  people = [person('1', 'Nova', 'MD-1'), person('2', 'Blaze', 'MD-2', true), person('3', 'Echo', 'MD-3')]
  selection.choose({ id: 't1', name: 'Cup', participantType: 'single' })
  answer('participants:list', () => ({ items: people, refreshedAt: Date.now() }))
  answer('checkin:set', ({ participantId, checkedIn }: { participantId: string; checkedIn: boolean }) => {
    people = people.map((p) => (p.id === participantId ? { ...p, checked_in: checkedIn } : p))
    return { state: 'pending', value: people.find((p) => p.id === participantId) }
  })
})

describe('check-in', () => {
  it('filters as you type, by name, identifier or email', async () => {
    render(CheckInView)
    const user = userEvent.setup()
    expect(await screen.findAllByRole('switch')).toHaveLength(3)
    await user.type(screen.getByLabelText('Search participants'), 'md-3')
    expect(screen.getAllByRole('switch').map((s) => s.textContent)).toEqual([expect.stringContaining('Echo')])
    await user.clear(screen.getByLabelText('Search participants'))
    await user.type(screen.getByLabelText('Search participants'), 'blaze@')
    expect(screen.getAllByRole('switch')).toHaveLength(1)
  })

  it('toggles with Enter or Space, counts, shows the write waiting, and undoes the last action', async () => {
    render(CheckInView)
    const user = userEvent.setup()
    await screen.findByText('checked in 1 / 3')
    const nova = screen.getByRole('switch', { name: /Nova/ })
    nova.focus()
    await user.keyboard('{Enter}')
    await screen.findByText('checked in 2 / 3')
    expect(nova.getAttribute('aria-checked')).toBe('true')
    expect(within(nova).getByText('waiting to sync')).toBeTruthy()
    screen.getByRole('switch', { name: /Echo/ }).focus()
    await user.keyboard(' ')
    await screen.findByText('checked in 3 / 3')
    await user.click(screen.getByRole('button', { name: /Undo Echo/ }))
    await screen.findByText('checked in 2 / 3')
    expect(calls.filter((c) => c.channel === 'checkin:set').map((c) => c.input)).toEqual([
      { participantId: '1', checkedIn: true },
      { participantId: '3', checkedIn: true },
      { participantId: '3', checkedIn: false },
    ])
  })

  it('filters checked-in and not checked-in', async () => {
    render(CheckInView)
    const user = userEvent.setup()
    await screen.findAllByRole('switch')
    await user.selectOptions(screen.getByLabelText('Filter'), 'in')
    expect(screen.getAllByRole('switch').map((s) => s.textContent)).toEqual([expect.stringContaining('Blaze')])
  })

  it('a scanned identifier checks that participant in and says so; an unknown code says nothing matched', async () => {
    render(CheckInView)
    const user = userEvent.setup()
    await screen.findAllByRole('switch')
    await user.type(screen.getByLabelText('Scan a badge'), 'MD-3{Enter}')
    expect((await screen.findByTestId('scan-result')).textContent).toBe('Echo checked in.')
    await user.type(screen.getByLabelText('Scan a badge'), 'MD-2{Enter}')
    await screen.findByText('Blaze was already checked in.')
    await user.type(screen.getByLabelText('Scan a badge'), 'XYZ{Enter}')
    await screen.findByText('Nobody matches “XYZ”.')
    expect(calls.filter((c) => c.channel === 'checkin:set')).toHaveLength(1)
  })
})
