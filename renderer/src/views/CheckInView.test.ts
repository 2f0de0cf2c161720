// Check-in at the door: search, keyboard toggles, the counter, undo, and the scan field, against the fake bridge.
import { shownText } from '../test-support/shown-text'
import { render, screen, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { answer, calls, emit, syncStatusWith } from '../test-support/fake-api'
import { selection } from '../lib/desks/selection.svelte'
import { sync } from '../lib/desks/sync.svelte'
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

  it('asks before checking someone out: one tap cannot undo an arrival', async () => {
    render(CheckInView)
    const user = userEvent.setup()
    const blaze = await screen.findByRole('switch', { name: /Blaze/ })
    const asked: string[] = []
    window.confirm = (message?: string) => (asked.push(message ?? ''), false)
    await user.click(blaze)
    expect(asked).toEqual([expect.stringMatching(/^Check Blaze out\?/)])
    expect(blaze.getAttribute('aria-checked')).toBe('true')
    expect(calls.filter((c) => c.channel === 'checkin:set')).toEqual([])
    window.confirm = () => true
    await user.click(blaze)
    await screen.findByText('checked in 0 / 3')
    expect(calls.filter((c) => c.channel === 'checkin:set').map((c) => c.input)).toEqual([
      { participantId: '2', checkedIn: false },
    ])
  })

  it('marks “waiting to sync” from main’s outbox: shown while the write waits, gone once the service has it', async () => {
    const stop = sync.start()
    const status = syncStatusWith
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

  it('shows what main decided for a scan: the three outcomes apart, the list updated, and when and where', async () => {
    const at = '2026-11-22T10:02:00.000Z'
    const view = (p: ReturnType<typeof person>, place: string | null = null) => ({
      id: p.id,
      name: p.name,
      checkedIn: p.checked_in,
      checkedInAt: p.checked_in ? at : null,
      place,
      waiting: false,
      asOf: 1,
    })
    answer('checkin:people', () => people.map((p) => view(p, p.checked_in ? 'Door 2' : null)))
    const outcomes = [
      () => {
        people[2] = { ...people[2]!, checked_in: true }
        return {
          outcome: 'checked-in',
          participant: view(people[2], 'desk'),
          candidates: [],
          message: 'Checked in: \u2068Echo\u2069',
          updated: people[2],
        }
      },
      () => ({
        outcome: 'already',
        participant: view(people[1]!, 'Door 2'),
        candidates: [],
        message: 'Blaze: already checked in at 10:02 (Door 2)',
        updated: people[1],
      }),
      () => ({ outcome: 'unknown', participant: null, candidates: [], message: 'Unknown code: XYZ', updated: null }),
    ]
    answer('checkin:scan', () => outcomes.shift()!())
    render(CheckInView)
    const user = userEvent.setup()
    await screen.findAllByRole('switch')
    const result = () => screen.getByTestId('scan-result')
    await user.type(screen.getByLabelText('Scan a badge'), '  md-3 {Enter}')
    await expect.poll(() => shownText(result())).toMatch(/Checked in: Echo$/)
    expect(result().dataset['outcome']).toBe('in')
    expect(screen.getByRole('switch', { name: /Echo/ }).getAttribute('aria-checked')).toBe('true')
    await user.type(screen.getByLabelText('Scan a badge'), 'MD-2{Enter}')
    await expect.poll(() => shownText(result())).toMatch(/Blaze: already checked in at 10:02 \(Door 2\)$/)
    expect(result().dataset['outcome']).toBe('already')
    await user.type(screen.getByLabelText('Scan a badge'), 'XYZ{Enter}')
    await expect.poll(() => shownText(result())).toMatch(/Unknown code: XYZ$/)
    expect(result().dataset['outcome']).toBe('unknown')
    expect(within(screen.getByTestId('recent-scans')).getAllByRole('listitem')).toHaveLength(3)
    expect(calls.filter((c) => c.channel === 'checkin:scan').map((c) => c.input)).toEqual([
      { tournamentId: 't1', code: 'md-3' },
      { tournamentId: 't1', code: 'MD-2' },
      { tournamentId: 't1', code: 'XYZ' },
    ])
    // The list says where and when, as the doors do.
    await expect
      .poll(() => screen.getAllByTestId('checked-in-where').map((where) => where.textContent))
      .toContain('at 10:02 (Door 2)')
  })

  it('asks which one when a code names several people, and checks in the one chosen', async () => {
    people.push(person('4', 'Nova Two', 'MD-1'))
    const view = (p: ReturnType<typeof person>) => ({
      id: p.id,
      name: p.name,
      checkedIn: p.checked_in,
      checkedInAt: null,
      place: null,
      waiting: false,
      asOf: 1,
    })
    answer('checkin:scan', () => ({
      outcome: 'choose',
      participant: null,
      candidates: [view(people[0]!), view(people[3]!)],
      message: 'The code MD-1 names 2 participants: choose one.',
      updated: null,
    }))
    answer('checkin:decide', ({ participantId }: { participantId: string }) => {
      const chosen = { ...people.find((p) => p.id === participantId)!, checked_in: true }
      return {
        outcome: 'checked-in',
        participant: view(chosen),
        candidates: [],
        message: `Checked in: ${chosen.name}`,
        updated: chosen,
      }
    })
    render(CheckInView)
    const user = userEvent.setup()
    await screen.findAllByRole('switch')
    await user.type(screen.getByLabelText('Scan a badge'), 'MD-1{Enter}')
    const group = await screen.findByRole('group', { name: 'Which one?' })
    await user.click(within(group).getByRole('button', { name: /Nova Two/ }))
    await expect.poll(() => shownText(screen.getByTestId('scan-result'))).toMatch(/Checked in: Nova Two/)
    expect(calls.filter((c) => c.channel === 'checkin:decide').map((c) => c.input)).toEqual([
      { tournamentId: 't1', participantId: '4', checkedIn: true },
    ])
  })
})
