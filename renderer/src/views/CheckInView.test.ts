// Check-in at the door: search, keyboard toggles, the counter, undo, and the scan field, against the fake bridge.
import { shownText } from '../test-support/shown-text'
import { render, screen, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { answer, calls, emit } from '../test-support/fake-api'
import { selection } from '../lib/selection.svelte'
import { sync } from '../lib/sync.svelte'
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
  it('marks a name holding hidden characters for staff, isolates it, and finds it by the letters shown', async () => {
    people = [...people, person('4', '\u202Etsorf oriaK', 'MD-4'), person('5', 'Ka\u200Biro', 'MD-5')]
    render(CheckInView)
    const user = userEvent.setup()
    expect(await screen.findAllByRole('switch')).toHaveLength(5)
    const marked = screen.getAllByTestId('hidden-mark').map((mark) => mark.closest('[role="switch"]')!.textContent)
    expect(marked).toHaveLength(2)
    expect(marked).toEqual(expect.arrayContaining([expect.stringContaining('tsorf'), expect.stringContaining('Ka')]))
    // The name sits in its own <bdi>: its direction cannot reach the words beside it.
    expect(screen.getByRole('switch', { name: /tsorf/ }).querySelector('bdi')!.textContent).toBe('\u202Etsorf oriaK')
    await user.type(screen.getByLabelText('Search participants'), 'kairo')
    expect(screen.getAllByRole('switch').map((s) => s.textContent)).toEqual([expect.stringContaining('Ka\u200Biro')])
  })

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

  it('marks “waiting to sync” from main’s outbox: shown while the write waits, gone once the service has it', async () => {
    const stop = sync.start()
    const status = (unsent: string[]) => ({
      connection: unsent.length ? 'offline' : 'online',
      syncing: false,
      pending: unsent.length,
      waiting: [],
      attention: [],
      unsent,
      refreshed: [],
    })
    render(CheckInView)
    const nova = await screen.findByRole('switch', { name: /Nova/ })
    // A write queued before this view (or this window) opened still shows.
    emit('sync:status', status(['participant:1']))
    await expect.poll(() => within(nova).queryByText('waiting to sync')).toBeTruthy()
    expect(screen.getByTestId('waiting-count').textContent).toBe('waiting to sync 1')
    expect(screen.getByTestId('offline-banner').textContent).toMatch(/1 change waits here/)
    emit('sync:status', status([]))
    await expect.poll(() => within(nova).queryByText('waiting to sync')).toBeNull()
    expect(screen.queryByTestId('offline-banner')).toBeNull()
    stop()
  })

  it('sorts by name by default, or by badge code', async () => {
    render(CheckInView)
    const user = userEvent.setup()
    await screen.findAllByRole('switch')
    const names = () => screen.getAllByRole('switch').map((s) => s.textContent.match(/Nova|Blaze|Echo/)![0])
    expect(names()).toEqual(['Blaze', 'Echo', 'Nova'])
    await user.selectOptions(screen.getByLabelText('Sort'), 'code')
    expect(names()).toEqual(['Nova', 'Blaze', 'Echo'])
  })

  it('puts the cursor in the scan field when the view opens', async () => {
    render(CheckInView)
    await expect.poll(() => document.activeElement?.id).toBe('scan')
  })

  it('filters checked-in and not checked-in', async () => {
    render(CheckInView)
    const user = userEvent.setup()
    await screen.findAllByRole('switch')
    await user.selectOptions(screen.getByLabelText('Filter'), 'in')
    expect(screen.getAllByRole('switch').map((s) => s.textContent)).toEqual([expect.stringContaining('Blaze')])
  })

  it('tells the three scan outcomes apart (checked in, already — with when, unknown), in any case, and lists them', async () => {
    // The list's summary has no time: the service's detail says when.
    answer('participants:get', ({ id }: { id: string }) => ({
      ...people.find((p) => p.id === id),
      checked_in_at: '2026-11-22T10:02:00+00:00',
    }))
    render(CheckInView)
    const user = userEvent.setup()
    await screen.findAllByRole('switch')
    const result = () => screen.getByTestId('scan-result')
    await user.type(screen.getByLabelText('Scan a badge'), '  md-3 {Enter}')
    await expect.poll(() => shownText(result())).toMatch(/Echo checked in\.$/)
    expect(result().dataset['outcome']).toBe('in')
    await user.type(screen.getByLabelText('Scan a badge'), 'MD-2{Enter}')
    await expect.poll(() => shownText(result())).toMatch(/Blaze was already checked in at \d{1,2}:\d\d(\s?[AP]M)?\.$/)
    expect(result().dataset['outcome']).toBe('already')
    await user.type(screen.getByLabelText('Scan a badge'), 'XYZ{Enter}')
    await expect.poll(() => shownText(result())).toMatch(/Nobody matches “XYZ”\.$/)
    expect(result().dataset['outcome']).toBe('unknown')
    expect(within(screen.getByTestId('recent-scans')).getAllByRole('listitem')).toHaveLength(3)
    expect(calls.filter((c) => c.channel === 'checkin:set')).toHaveLength(1)
  })

  it('asks which one when a code names several people', async () => {
    people.push(person('4', 'Nova Two', 'MD-1'))
    render(CheckInView)
    const user = userEvent.setup()
    await screen.findAllByRole('switch')
    await user.type(screen.getByLabelText('Scan a badge'), 'MD-1{Enter}')
    const group = await screen.findByRole('group', { name: 'Which one?' })
    await user.click(within(group).getByRole('button', { name: /Nova Two/ }))
    await expect.poll(() => shownText(screen.getByTestId('scan-result'))).toMatch(/Nova Two checked in\./)
    expect(calls.filter((c) => c.channel === 'checkin:set').map((c) => c.input)).toEqual([
      { participantId: '4', checkedIn: true },
    ])
  })
})
