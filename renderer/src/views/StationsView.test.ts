// The Stations view against the fake bridge: the floor as main keeps it with the DQ timer counting, a call and an
// arrival, a match put on a station from the keyboard, a refusal marked on its field, and main's floor:changed shown.
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { FloorMatch, FloorState } from '../../../shared/floor/floor'
import { selection } from '../lib/desks/selection.svelte'
import { answer, calls, emit } from '../test-support/fake-api'
import StationsView from './StationsView.svelte'

const match = (id: string, a: string, b: string): FloorMatch => ({
  id,
  label: `Winners round 1 · match ${id}`,
  status: 'pending',
  scheduledAt: null,
  opponents: [
    { name: a, participantId: `${id}a`, checkedIn: true },
    { name: b, participantId: `${id}b`, checkedIn: false },
  ],
})

let floor: FloorState
beforeEach(() => {
  const now = Date.now()
  floor = {
    tournamentId: 't1',
    tournament: 'Cup',
    dqSeconds: 300,
    webhook: { host: null, missing: false, waiting: 0, problem: null },
    stations: [
      {
        id: 's1',
        number: 1,
        name: 'Station 1',
        outOfOrder: false,
        stream: null,
        match: match('m1', 'Astrablade', 'Bolt'),
        call: { calledAt: now - 61_000, deadline: now + 239_000, arrived: [false, false], times: 1 },
      },
      { id: 's2', number: 2, name: 'Station 2', outOfOrder: false, stream: null, match: null, call: null },
    ],
    upNext: [match('m2', 'Cinder', 'Dusk')],
    now,
  }
  answer('floor:state', () => floor)
  answer('streams:list', () => ({ items: [], refreshedAt: null }))
  answer('hub:status', () => ({ url: 'http://127.0.0.1:7310' }))
  answer('floor:assign', ({ stationId, matchId }: { stationId: string; matchId: string }) => {
    floor = {
      ...floor,
      stations: floor.stations.map((s) => (s.id === stationId ? { ...s, match: floor.upNext[0]! } : s)),
      upNext: floor.upNext.filter((m) => m.id !== matchId),
    }
    return floor
  })
  answer('floor:arrived', () => floor)
  answer('floor:create-stations', () => {
    throw Object.assign(new Error('to: at least 9'), { code: 'validation', fields: { to: 'to: at least 9' } })
  })
  selection.choose({ id: 't1', name: 'Cup', participantType: 'single' })
})

describe('stations', () => {
  it('puts a match dragged from Up next on a free station, and takes no drop on a station that has a match', async () => {
    render(StationsView)
    const [busy, free] = await screen.findAllByTestId('station')
    const ready = screen.getByTestId('up-next')
    await fireEvent.dragStart(ready)
    await fireEvent.dragOver(busy!)
    expect(busy!.dataset['dropTarget']).toBeUndefined()
    await fireEvent.dragOver(free!)
    expect(free!.dataset['dropTarget']).toBe('')
    await fireEvent.drop(free!)
    expect(free!.dataset['dropTarget']).toBeUndefined()
    expect(calls.find((c) => c.channel === 'floor:assign')!.input).toEqual({
      tournamentId: 't1',
      stationId: 's2',
      matchId: 'm2',
    })
  })

  it('shows each station’s match and its DQ timer counting down, and the venue board’s address', async () => {
    render(StationsView)
    const [first] = await screen.findAllByTestId('station')
    expect(within(first!).getByTestId('dq-timer').textContent).toMatch(/DQ in 3:5\d|DQ in 4:00/)
    expect(screen.getByText('http://127.0.0.1:7310/board?tournament=t1')).toBeTruthy()
  })

  it('marks an arrival and puts a ready match on a free station from the keyboard', async () => {
    render(StationsView)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: /Astrablade arrived/ }))
    expect(calls.find((c) => c.channel === 'floor:arrived')!.input).toEqual({
      tournamentId: 't1',
      stationId: 's1',
      opponent: 0,
      arrived: true,
    })
    // Choosing a station does nothing by itself (arrow keys move through the list): Put on does it.
    await user.selectOptions(screen.getByRole('combobox', { name: /Station for Cinder vs Dusk/ }), 's2')
    expect(calls.some((c) => c.channel === 'floor:assign')).toBe(false)
    await user.click(screen.getByRole('button', { name: /Put Cinder vs Dusk on the chosen station/ }))
    expect(calls.find((c) => c.channel === 'floor:assign')!.input).toEqual({
      tournamentId: 't1',
      stationId: 's2',
      matchId: 'm2',
    })
    const stations = await screen.findAllByTestId('station')
    expect(within(stations[1]!).getByText('Cinder')).toBeTruthy()
    // A station's buttons name the station they act on.
    for (const station of stations)
      for (const button of within(station).queryAllByRole('button', { name: /^(Call|Recall|Un-call|Free)/ }))
        expect(button.getAttribute('aria-label') ?? '').toMatch(/ (Station|Stage) \S+/)
  })

  it('marks a refusal on its field, and shows what main says changed', async () => {
    render(StationsView)
    const user = userEvent.setup()
    await screen.findAllByTestId('station')
    await user.click(screen.getByRole('button', { name: /^Make Station/ }))
    expect((await screen.findByText('to: at least 9')).getAttribute('role')).toBe('alert')
    emit('floor:changed', { ...floor, stations: [{ ...floor.stations[1]!, name: 'Stage' }] })
    const renamed = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name of station 2' })
    expect(renamed.value).toBe('Stage')
  })
})
