// The Stations view against the fake bridge: a tile per station worded by its state (free, assigned, called with its
// DQ countdown, late, playing, out of order, a stream's), sorted late first, the floor in numbers, Up next saying what
// each match waits for, the tile's actions with focus kept in the tile and what happened said, a match dragged or
// chosen onto a free tile, and names, out of order and Delete only in Edit stations.
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { FloorMatch, FloorState, StationView, UpNextMatch } from '../../../shared/floor/floor'
import { selection } from '../lib/desks/selection.svelte'
import { answer, calls, emit } from '../test-support/fake-api'
import StationsView from './StationsView.svelte'

const match = (id: string, a: string, b: string, status: FloorMatch['status'] = 'pending'): FloorMatch => ({
  id,
  label: `Winners round 1 · match ${id}`,
  status,
  scheduledAt: null,
  opponents: [
    { name: a, participantId: `${id}a`, checkedIn: true },
    { name: b, participantId: `${id}b`, checkedIn: false },
  ],
})
const next = (m: FloorMatch, waits: UpNextMatch['waits'] = []): UpNextMatch => ({ ...m, waits })
const station = (n: number, rest: Partial<StationView> = {}): StationView => ({
  id: `s${n}`,
  number: n,
  name: `Station ${n}`,
  outOfOrder: false,
  stream: null,
  match: null,
  call: null,
  players: null,
  ...rest,
})

let floor: FloorState
let now: number
beforeEach(() => {
  now = Date.now()
  floor = {
    tournamentId: 't1',
    tournament: 'Cup',
    dqSeconds: 300,
    webhook: { host: null, missing: false, waiting: 0, problem: null },
    stations: [
      station(1, {
        match: match('m1', 'Astrablade', 'Bolt'),
        call: { calledAt: now - 61_000, deadline: now + 239_000, arrived: [false, false], times: 1 },
      }),
      station(2),
    ],
    upNext: [
      next(match('m2', 'Cinder', 'Dusk'), [{ kind: 'not-checked-in', names: ['Dusk'] }]),
      next(match('m3', 'Ember', 'Astrablade'), [{ kind: 'busy', name: 'Astrablade', station: 'Station 1' }]),
      next(match('m4', 'Flint', 'Gale'), [{ kind: 'on-stream', streams: ['Main stage'] }]),
      next(match('m5', 'Hale', 'Iris')),
    ],
    now,
  }
  answer('floor:state', () => floor)
  answer('streams:list', () => ({ items: [], refreshedAt: null }))
  answer('hub:status', () => ({ url: 'http://127.0.0.1:7310' }))
  answer('floor:assign', ({ stationId, matchId }: { stationId: string; matchId: string }) => {
    const put = floor.upNext.find((m) => m.id === matchId)!
    floor = {
      ...floor,
      stations: floor.stations.map((s) => (s.id === stationId ? { ...s, match: put } : s)),
      upNext: floor.upNext.filter((m) => m.id !== matchId),
    }
    return floor
  })
  const onStation = (stationId: string, change: (s: StationView) => StationView) => {
    floor = { ...floor, stations: floor.stations.map((s) => (s.id === stationId ? change(s) : s)) }
    return floor
  }
  answer('floor:call', ({ stationId }: { stationId: string }) =>
    onStation(stationId, (s) => ({
      ...s,
      call: { calledAt: Date.now(), deadline: Date.now() + 300_000, arrived: [false, false], times: 1 },
    })),
  )
  answer(
    'floor:arrived',
    ({ stationId, opponent, arrived }: { stationId: string; opponent: number; arrived: boolean }) =>
      onStation(stationId, (s) => ({
        ...s,
        call: s.call && { ...s.call, arrived: s.call.arrived.map((a, i) => (i === opponent ? arrived : a)) },
      })),
  )
  answer('floor:unassign', ({ stationId }: { stationId: string }) =>
    onStation(stationId, (s) => ({ ...s, match: null, call: null })),
  )
  answer('floor:create-stations', () => {
    throw Object.assign(new Error('to: at least 9'), { code: 'validation', fields: { to: 'to: at least 9' } })
  })
  selection.choose({ id: 't1', name: 'Cup', participantType: 'single' })
})

const tiles = () => screen.findAllByTestId('station')
const stateOf = (tile: HTMLElement) => [tile.dataset['state'], within(tile).getByTestId('tile-state').textContent]

describe('the floor’s map', () => {
  it('words and marks each state, not by colour alone, and counts the floor at the top', async () => {
    const at = Date.now()
    floor = {
      ...floor,
      stations: [
        station(1),
        station(2, { match: match('a', 'A1', 'A2') }),
        station(3, {
          match: match('b', 'B1', 'B2'),
          call: { calledAt: at - 30_000, deadline: at + 90_000, arrived: [true, false], times: 1 },
        }),
        station(4, {
          match: match('c', 'C1', 'C2'),
          call: { calledAt: at - 400_000, deadline: at - 100_000, arrived: [false, false], times: 2 },
        }),
        station(5, { match: match('d', 'D1', 'D2', 'running') }),
        station(6, { outOfOrder: true }),
        station(7, { stream: { id: 'st', name: 'Main stage' } }),
        station(8, {
          match: match('e', 'E1', 'E2'),
          call: { calledAt: at - 60_000, deadline: at + 240_000, arrived: [true, true], times: 1 },
        }),
      ],
    }
    render(StationsView)
    const shown = (await tiles()).map(stateOf)
    expect(shown[0]).toEqual(['free', 'Free'])
    expect(shown[1]).toEqual(['assigned', 'Assigned'])
    expect(shown[2]![0]).toBe('called')
    expect(shown[2]![1]).toMatch(/^Called · DQ 1:(29|30)$/)
    expect(shown[3]![0]).toBe('late')
    expect(shown[3]![1]).toMatch(/^Late · 1:(39|40) over$/)
    expect(shown[4]).toEqual(['playing', 'Playing'])
    expect(shown[5]).toEqual(['out-of-order', 'Out of order'])
    expect(shown[6]).toEqual(['stream', 'Stream · Main stage'])
    // Everyone arrived: the match is being played.
    expect(shown[7]).toEqual(['playing', 'Playing'])
    const numbers = screen.getByTestId('floor-numbers')
    const figure = (term: string) => within(numbers).getByText(term).nextElementSibling!.textContent
    expect([figure('Free'), figure('Playing'), figure('Called'), figure('Late'), figure('Ready')]).toEqual([
      '1',
      '2',
      '1',
      '1',
      '1',
    ])
    // The oldest call still waiting for players: station 4's, 6:40 ago.
    expect(figure('Oldest call')).toMatch(/^6:(39|40) ago$/)
  })

  it('sorts late first on request, by number again after', async () => {
    const at = Date.now()
    floor = {
      ...floor,
      stations: [
        station(1),
        station(2, { match: match('a', 'A1', 'A2', 'running') }),
        station(3, {
          match: match('c', 'C1', 'C2'),
          call: { calledAt: at - 400_000, deadline: at - 100_000, arrived: [false, false], times: 2 },
        }),
      ],
    }
    render(StationsView)
    const user = userEvent.setup()
    const names = async () => (await tiles()).map((t) => within(t).getByRole('heading').textContent?.trim())
    expect(await names()).toEqual(['Station 1', 'Station 2', 'Station 3'])
    await user.click(screen.getByRole('radio', { name: 'Late first' }))
    expect(await names()).toEqual(['Station 3', 'Station 2', 'Station 1'])
    await user.click(screen.getByRole('radio', { name: 'By number' }))
    expect(await names()).toEqual(['Station 1', 'Station 2', 'Station 3'])
  })

  it('keeps renaming, out of order, streams and Delete out of the map, in Edit stations', async () => {
    render(StationsView)
    const user = userEvent.setup()
    await tiles()
    expect(screen.queryByRole('textbox', { name: /Name of station/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull()
    expect(screen.queryByRole('checkbox', { name: 'Out of order' })).toBeNull()
    const edit = screen.getByRole('button', { name: 'Edit stations' })
    await user.click(edit)
    expect(edit.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getAllByTestId('station-editor')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Delete Station 2' })).toBeTruthy()
    // Making stations is part of editing: a refusal is marked on its field.
    await user.click(screen.getByRole('button', { name: /^Make Station/ }))
    expect((await screen.findByText('to: at least 9')).getAttribute('role')).toBe('alert')
    emit('floor:changed', { ...floor, stations: [{ ...floor.stations[1]!, name: 'Stage' }] })
    const renamed = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name of station 2' })
    expect(renamed.value).toBe('Stage')
    await user.click(screen.getByRole('button', { name: 'Done editing' }))
    expect(await tiles()).toHaveLength(1)
  })
})

describe('acting on a tile', () => {
  it('Call → arrived → Free from the keyboard: focus stays in the tile and each step is said', async () => {
    floor = { ...floor, stations: [station(1, { match: match('m1', 'Astrablade', 'Bolt') }), station(2)] }
    render(StationsView)
    const user = userEvent.setup()
    const [tile] = await tiles()
    within(tile!).getByRole('button', { name: 'Call Station 1' }).focus()
    await user.keyboard('{Enter}')
    await expect.poll(() => tile!.dataset['state']).toBe('called')
    // The Call button is gone: focus went to the tile's first control, the first player's arrival.
    await expect.poll(() => document.activeElement?.getAttribute('aria-label')).toBe('Astrablade arrived at Station 1')
    expect(screen.getByTestId('floor-said').textContent).toBe('Station 1 called: Astrablade vs Bolt')
    await user.keyboard('{Enter}')
    await expect
      .poll(() =>
        within(tile!).getByRole('button', { name: 'Astrablade arrived at Station 1' }).getAttribute('aria-pressed'),
      )
      .toBe('true')
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Astrablade arrived at Station 1')
    expect(screen.getByTestId('floor-said').textContent).toBe('Astrablade arrived at Station 1')
    expect(calls.find((c) => c.channel === 'floor:arrived')!.input).toEqual({
      tournamentId: 't1',
      stationId: 's1',
      opponent: 0,
      arrived: true,
    })
    // The other player too: everyone is there, the tile says Playing and Free follows.
    await user.tab()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bolt arrived at Station 1')
    await user.keyboard('{Enter}')
    await expect.poll(() => tile!.dataset['state']).toBe('playing')
    expect(tile!.contains(document.activeElement)).toBe(true)
    await user.tab()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Free Station 1')
    await user.keyboard('{Enter}')
    await expect.poll(() => tile!.dataset['state']).toBe('free')
    await expect.poll(() => tile!.contains(document.activeElement)).toBe(true)
    expect(screen.getByTestId('floor-said').textContent).toBe('Station 1 is free; Astrablade vs Bolt back in Up next')
  })

  it('puts a match dragged from Up next on a free tile, and takes no drop on a tile that has a match', async () => {
    render(StationsView)
    const [busy, free] = await tiles()
    const [ready] = screen.getAllByTestId('up-next')
    await fireEvent.dragStart(ready!)
    await fireEvent.dragOver(busy!)
    expect(busy!.dataset['dropTarget']).toBeUndefined()
    await fireEvent.dragOver(free!)
    expect(free!.dataset['dropTarget']).toBe('')
    await fireEvent.drop(free!)
    expect(calls.find((c) => c.channel === 'floor:assign')!.input).toEqual({
      tournamentId: 't1',
      stationId: 's2',
      matchId: 'm2',
    })
  })

  it('chooses a match for a free tile, or a station for a match, from the keyboard', async () => {
    render(StationsView)
    const user = userEvent.setup()
    const [, free] = await tiles()
    // Only what may go on a station is offered: not a busy player's match, not a stream's.
    const choose = within(free!).getByRole('combobox', { name: 'Put a match on Station 2' })
    expect(
      within(choose)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Put on…', 'Cinder vs Dusk', 'Hale vs Iris'])
    await user.selectOptions(choose, 'm5')
    expect(calls.find((c) => c.channel === 'floor:assign')!.input).toEqual({
      tournamentId: 't1',
      stationId: 's2',
      matchId: 'm5',
    })
    expect(await within(free!).findByText('Hale')).toBeTruthy()
    expect(free!.contains(document.activeElement) || document.activeElement === document.body).toBe(true)
  })

  it('says in Up next what each match waits for, keeping bracket order; only a placeable one can be put on', async () => {
    render(StationsView)
    const user = userEvent.setup()
    await tiles()
    const items = screen.getAllByTestId('up-next')
    expect(items.map((i) => within(i).getByTestId('up-next-waits').textContent?.trim())).toEqual([
      'Dusk not checked in',
      'Astrablade plays on Station 1',
      'On stream: Main stage',
      'Ready',
    ])
    expect(items.map((i) => within(i).queryByRole('button', { name: /^Put / }) !== null)).toEqual([
      true,
      false,
      false,
      true,
    ])
    await user.selectOptions(screen.getByRole('combobox', { name: /Station for Cinder vs Dusk/ }), 's2')
    expect(calls.some((c) => c.channel === 'floor:assign')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Put on the chosen station: Cinder vs Dusk' }))
    expect(calls.find((c) => c.channel === 'floor:assign')!.input).toEqual({
      tournamentId: 't1',
      stationId: 's2',
      matchId: 'm2',
    })
  })

  it('counts the DQ timer down on a called tile, and shows the venue board’s address', async () => {
    render(StationsView)
    const [first] = await tiles()
    expect(within(first!).getByTestId('tile-state').textContent).toMatch(/Called · DQ (3:5\d|4:00)/)
    expect(screen.getByText('http://127.0.0.1:7310/board?tournament=t1')).toBeTruthy()
  })

  it('shows the players’ code and what they reported: Confirm takes an agreed result, a dispute says a judge is called', async () => {
    const agreed = {
      matchId: 'm1',
      reports: [
        [
          [2, 1],
          [0, 2],
          [2, 0],
        ],
        [
          [2, 1],
          [0, 2],
          [2, 0],
        ],
      ],
      state: 'agreed',
      confirmed: false,
    }
    floor = {
      ...floor,
      stations: [
        { ...floor.stations[0]!, players: { code: '483920', report: agreed } },
        station(2, {
          match: match('m9', 'Cinder', 'Dusk'),
          players: {
            code: '118830',
            report: { ...agreed, matchId: 'm9', state: 'disputed', reports: [[[2, 0]], [[0, 2]]] },
          },
        }),
      ],
    } as FloorState
    answer('floor:players', ({ stationId }: { stationId: string }) => ({
      ...floor,
      stations: floor.stations.map((s) =>
        s.id === stationId
          ? { ...s, players: { ...s.players!, report: { ...s.players!.report!, confirmed: true } } }
          : s,
      ),
    }))
    render(StationsView)
    const [first, second] = await tiles()
    expect(within(first!).getByText('483920')).toBeTruthy()
    expect(within(first!).getByTestId('tile-report').textContent).toBe('Players agree 2–1')
    expect(within(second!).getByTestId('tile-report').textContent).toBe('Disputed: 1–0 / 0–1')
    expect(within(second!).queryByRole('button', { name: /Confirm/ })).toBeNull()
    await userEvent.click(within(first!).getByRole('button', { name: 'Confirm the players’ result on Station 1' }))
    expect(calls.find((c) => c.channel === 'floor:players')!.input).toEqual({
      tournamentId: 't1',
      stationId: 's1',
      action: 'confirm',
    })
    expect(await within(first!).findByText('Players agree 2–1 (confirmed)')).toBeTruthy()
    expect(document.activeElement && first!.contains(document.activeElement)).toBe(true)
  })
})
