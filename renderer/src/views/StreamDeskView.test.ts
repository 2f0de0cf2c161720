// The producer's desk: linking (at most 32 streams), a column per stream with on air, Take next, Hold and its
// staged changes, a stream another desk runs (watched, taken over only when asked), and a searchable match list.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PickImageItem } from '../../../shared/broadcast/live-layer'
import { answer, calls, emit } from '../test-support/fake-api'
import { selection } from '../lib/desks/selection.svelte'
import StreamDeskView from './StreamDeskView.svelte'

const opponent = (number: number, name: string) => ({
  number,
  position: number,
  result: null,
  rank: null,
  forfeit: false,
  score: null,
  source_type: 'none',
  source_node_id: null,
  participant: { id: name, name, custom_user_identifier: null, custom_fields: {} },
})
const node = {
  id: 'm1',
  tournament_id: 't1',
  stage_id: 's',
  group_id: 'g',
  round_id: 'r',
  number: 1,
  type: 'duel',
  status: 'running',
  scheduled_datetime: null,
  played_at: null,
  depth: 1,
  branch: 'wb',
  opponents: [opponent(1, 'Ana'), opponent(2, 'Bo')],
}
const streams = Array.from({ length: 33 }, (_, i) => ({
  id: `s${i}`,
  tournament_id: 't1',
  name: `Cam ${i}`,
  url: `https://x.tv/${i}`,
  language: 'en',
}))

beforeEach(() => {
  selection.choose({ id: 't1', name: 'Cup', participantType: 'single' })
  answer('bracket:nodes', () => ({ items: [node], refreshedAt: Date.now() }))
  answer('streams:list', () => ({ items: streams, refreshedAt: Date.now() }))
  answer('participants:list', () => ({ items: [], refreshedAt: Date.now() }))
  answer('match-streams:of-tournament', () => ({ m1: [] }))
  answer('match-streams:replace', ({ streamIds }: { streamIds: string[] }) => ({
    state: 'pending',
    value: { matchId: 'm1', streamIds },
  }))
  answer('broadcast:status', () => ({ hub: 'http://127.0.0.1:7310', streams: [] }))
})

const feedMatch = (id: string, names: [string, string], extra: object = {}) => ({
  id,
  label: 'Winners round 1 · match 1',
  status: 'running',
  scheduledAt: null,
  estimatedStart: null,
  opponents: names.map((name) => ({ name, score: 1, result: null, checkedIn: true })),
  decided: true,
  ...extra,
})
const feed = {
  stream: { id: 's0', name: 'Cam 0', url: 'https://x.tv/0', language: 'en' },
  tournament: { id: 't1', name: 'Cup' },
  onAir: feedMatch('m1', ['Ana', 'Bo']),
  next: [feedMatch('m2', ['Cy', 'Di'], { label: 'Winners round 1 · match 2', status: 'pending' })],
  onAirPath: { winnerTo: 'Winners round 2 · match 1', loserTo: null },
  held: true,
  updatedAt: '2026-11-22T12:00:00Z',
}

/** Stream s0 with m1 on air and three matches queued, as main answers the desk. */
function threeQueued() {
  const three = {
    ...feed,
    next: [feedMatch('m2', ['Cy', 'Di']), feedMatch('m3', ['Ed', 'Flo']), feedMatch('m4', ['Gus', 'Hal'])],
  }
  answer('broadcast:status', () => ({
    hub: '',
    streams: [{ streamId: 's0', onAir: 'm1', next: ['m2', 'm3', 'm4'], held: false, staged: [], feed: three }],
  }))
  return three
}

afterEach(() => vi.unstubAllGlobals())

describe('stream desk', () => {
  it('counts links up to 32, refuses the 33rd with a clear message, and saves the 32', async () => {
    render(StreamDeskView)
    const user = userEvent.setup()
    const match = await screen.findByTestId('desk-match')
    await user.click(within(match).getByRole('button', { name: /^Link streams/ }))
    const boxes = within(match).getAllByRole('checkbox')
    for (const box of boxes.slice(0, 32)) await user.click(box)
    expect(within(match).getByTestId('link-count').textContent).toBe('32 / 32')
    await user.click(boxes[32]!)
    expect(within(match).getByRole('alert').textContent).toMatch(/at most 32 streams/)
    expect((boxes[32] as HTMLInputElement).checked).toBe(false)
    expect(within(match).getByTestId('link-count').textContent).toBe('32 / 32')
    await user.click(within(match).getByRole('button', { name: 'Save links' }))
    const saved = calls.find((c) => c.channel === 'match-streams:replace')!.input as { streamIds: string[] }
    expect(saved.streamIds).toHaveLength(32)
    expect(within(await screen.findByTestId('desk-match')).getAllByText(/^Cam /)).toHaveLength(32)
  })

  it('opens the link picker on the links main has now, so saving keeps a stream linked since the list was read', async () => {
    // The list read m1 with no stream; since then it was put on Cam 1 (a sweep of the service, another desk).
    answer('match-streams:get', () => ({ streamIds: ['s1'], refreshedAt: Date.now() }))
    render(StreamDeskView)
    const user = userEvent.setup()
    const match = await screen.findByTestId('desk-match')
    expect(within(match).getByText('no stream')).toBeTruthy()
    await user.click(within(match).getByRole('button', { name: /^Link streams/ }))
    const box = (name: string) => within(match).getByRole('checkbox', { name: new RegExp(`^${name} `) })
    await expect.poll(() => (box('Cam 1') as HTMLInputElement).checked).toBe(true)
    expect(within(match).getByText('Cam 1', { selector: '.chip' })).toBeTruthy()
    await user.click(box('Cam 0'))
    await user.click(within(match).getByRole('button', { name: 'Save links' }))
    const saved = calls.find((c) => c.channel === 'match-streams:replace')!.input as { streamIds: string[] }
    expect(saved.streamIds).toEqual(['s1', 's0'])
  })

  it('moves the live score by screen side from buttons and keys, through a swap, and undoes with Ctrl+Z', async () => {
    const state = (onAir: object) => ({
      streamId: 's0',
      onAir: 'm1',
      next: ['m2'],
      held: false,
      staged: [],
      feed: { ...feed, held: false, onAir: { ...feed.onAir, ...onAir } },
    })
    answer('broadcast:status', () => ({ hub: 'http://127.0.0.1:7310', streams: [state({})] }))
    const swapped = state({ swapped: true })
    answer('broadcast:live', () => swapped)
    answer('broadcast:undo', () => swapped)
    render(StreamDeskView)
    const user = userEvent.setup()
    const column = await screen.findByTestId('stream-column')
    const live = within(column).getByTestId('live-score')
    await user.click(within(live).getByRole('button', { name: '+1 Bo' }))
    const presses = () =>
      calls.filter((c) => c.channel === 'broadcast:live').map((c) => (c.input as { press: object }).press)
    expect(presses()).toEqual([{ kind: 'score', side: 1, delta: 1 }])
    expect(within(column).getByTestId('desk-said').textContent).toBe('Bo: 2')
    // Swapped: Bo is drawn on the left, so key 1 (+1 left) is Bo's, Shift+2 (−1 right) Ana's.
    await user.click(within(live).getByRole('button', { name: /Swap sides/ }))
    expect(within(live).getAllByTestId('live-score-value')).toHaveLength(2)
    expect(
      within(live)
        .getAllByRole('button', { name: /^\+1 / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['+1 Bo', '+1 Ana'])
    column.focus()
    await user.keyboard('1')
    await user.keyboard('{Shift>}2{/Shift}')
    await user.keyboard('{Control>}z{/Control}')
    expect(presses().slice(1)).toEqual([
      { kind: 'swap' },
      { kind: 'score', side: 1, delta: 1 },
      { kind: 'score', side: 0, delta: -1 },
    ])
    expect(calls.filter((c) => c.channel === 'broadcast:undo')).toHaveLength(1)
    expect(within(live).getByText(/never writes results to the service/)).toBeTruthy()
    // On air lists the sides as the scoreboard draws them.
    const onAir = within(column).getByTestId('on-air')
    expect(
      within(onAir)
        .getAllByText(/^(Ana|Bo)$/)
        .map((n) => n.textContent),
    ).toEqual(['Bo', 'Ana'])
  })

  it('answers the service’s lines with Adopt or Keep, edits a game’s map and picks, and switches to the service’s scores', async () => {
    const live = {
      scores: 'live',
      disputes: [{ side: 1, service: 2, room: 1 }],
      ended: false,
      journal: [{ at: Date.parse('2026-11-27T15:01:00Z'), by: 'companion', words: '+1 Bo', undone: false }],
    }
    const games = [
      { winner: 0, map: null, picks: [null, null] },
      { winner: null, map: null, picks: [null, null] },
      { winner: null, map: null, picks: [null, null] },
    ]
    const state = {
      streamId: 's0',
      onAir: 'm1',
      next: [],
      held: false,
      staged: [],
      live,
      feed: { ...feed, held: false, next: [], onAir: { ...feed.onAir, bestOf: 3, games } },
    }
    answer('broadcast:status', () => ({ hub: '', streams: [state] }))
    answer('broadcast:pick-lists', () => ({ picks: ['Ryu', 'Ken'], maps: ['Suzaku Castle'] }))
    answer('broadcast:live', () => state)
    answer('broadcast:scores', () => ({ ...state, live: { ...live, scores: 'service', disputes: [] } }))
    render(StreamDeskView)
    const user = userEvent.setup()
    const column = await screen.findByTestId('stream-column')
    const lines = within(column).getByTestId('live-disputes')
    // The room's score, not what is on air (they differ once the service's final result is on air).
    expect(lines.textContent).toMatch(/Bo: service says 2, the room 1/)
    // A pip per game needed to win the best of 3, as the overlay draws them: two per side, not one per game.
    expect(
      within(column)
        .getAllByTestId('live-pips')
        .map((pips) => pips.children.length),
    ).toEqual([2, 2])
    await user.click(within(lines).getByRole('button', { name: 'Adopt the service’s 2 for Bo' }))
    await user.click(within(lines).getByRole('button', { name: 'Keep the room’s 1 for Bo' }))
    const presses = () =>
      calls.filter((c) => c.channel === 'broadcast:live').map((c) => (c.input as { press: object }).press)
    expect(presses()).toEqual([
      { kind: 'adopt', side: 1, score: 2 },
      { kind: 'keep', side: 1, score: 2 },
    ])
    // Game 2's map typed and left with Tab; Bo's pick chosen from the discipline's list.
    await user.click(within(column).getByText('Games, maps and picks'))
    await user.type(within(column).getByRole('combobox', { name: 'Game 2 map' }), 'Suzaku Castle')
    await user.tab()
    await user.type(within(column).getByRole('combobox', { name: 'Game 2 pick, Bo' }), 'Ken')
    await user.tab()
    await user.selectOptions(within(column).getByRole('combobox', { name: 'Game 2 winner' }), 'Won by Bo')
    expect(presses().slice(2)).toEqual([
      { kind: 'map', game: 2, map: 'Suzaku Castle' },
      { kind: 'pick', game: 2, side: 1, pick: 'Ken' },
      { kind: 'winner', game: 2, side: 1 },
    ])
    expect(within(column).getByTestId('desk-said').textContent).toBe('Game 2: Bo')
    // The veto's next step: Bo bans a map (the next one offered to the other side), then the decider.
    await user.selectOptions(within(column).getByRole('combobox', { name: 'Veto step by' }), 'Bo')
    await user.type(within(column).getByRole('combobox', { name: 'Veto item' }), 'Suzaku Castle')
    await user.click(within(column).getByRole('button', { name: 'Add step' }))
    expect(presses().at(-1)).toEqual({ kind: 'veto', side: 1, action: 'ban', item: 'Suzaku Castle' })
    expect(within(column).getByRole<HTMLSelectElement>('combobox', { name: 'Veto step by' }).value).toBe('0')
    await user.selectOptions(within(column).getByRole('combobox', { name: 'Veto step by' }), 'Decider (left over)')
    await user.type(within(column).getByRole('combobox', { name: 'Veto item' }), 'Ancient{Enter}')
    expect(presses().at(-1)).toEqual({ kind: 'veto', side: null, action: 'decider', item: 'Ancient' })
    // Who pressed what, newest first.
    expect(within(column).getByTestId('live-journal').textContent).toMatch(/Companion\s*\+1 Bo/)
    // This match is a best of 5 (a final in a stage of best of 3s): set at the desk.
    await user.selectOptions(within(column).getByRole('combobox', { name: 'Best of' }), '5')
    expect(presses().at(-1)).toEqual({ kind: 'best-of', bestOf: 5 })
    await user.click(within(column).getByRole('radio', { name: 'From the service only' }))
    expect(calls.find((c) => c.channel === 'broadcast:scores')!.input).toEqual({ streamId: 's0', scores: 'service' })
    expect(await within(column).findByText(/shows what the service says/)).toBeTruthy()
    expect(within(column).queryByRole('button', { name: '+1 Bo' })).toBeNull()
  })

  it('shows a stream on air and its queue, takes the next with a click or N, holds with H, replays with R', async () => {
    const afterTake = { ...feed, onAir: feed.next[0]!, next: [] }
    answer('broadcast:status', () => ({
      hub: 'http://127.0.0.1:7310',
      streams: [{ streamId: 's0', onAir: 'm1', next: ['m2'], held: false, staged: [], feed }],
    }))
    answer('broadcast:next', () => ({
      streamId: 's0',
      onAir: 'm2',
      next: [],
      held: false,
      staged: [],
      feed: afterTake,
    }))
    answer('broadcast:hold', () => ({
      streamId: 's0',
      onAir: 'm2',
      next: [],
      held: true,
      staged: [],
      feed: { ...afterTake, held: true },
    }))
    render(StreamDeskView)
    const user = userEvent.setup()
    const column = await screen.findByTestId('stream-column')
    expect(within(within(column).getByTestId('on-air')).getByText('Ana')).toBeTruthy()
    expect(within(column).getByTestId('queued').textContent).toMatch(/Cy vs Di.*Winners round 1 · match 2/)
    const reads = () => calls.filter((c) => c.channel === 'broadcast:status' || c.channel === 'broadcast:feed').length
    const before = reads()
    await user.click(within(column).getByRole('button', { name: /Take next/ }))
    expect(calls.filter((c) => c.channel === 'broadcast:next')).toHaveLength(1)
    // The answer is the stream's new state: shown at once, nothing read again (one call per Take).
    await expect.poll(() => within(within(column).getByTestId('on-air')).queryByText('Cy')).toBeTruthy()
    expect(reads()).toBe(before)
    answer('obs:replay', () => ({
      streamId: 's0',
      link: 'connected',
      version: '29.0.2',
      programScene: 'Match',
      problem: null,
      retryAt: null,
      settings: null,
      hasPassword: true,
      scenes: ['Match', 'Replay'],
      inputs: [],
      replay: { buffer: 'running', phase: 'saving', queued: 0, problem: null },
    }))
    column.focus()
    await user.keyboard('n')
    await user.keyboard('h')
    expect(calls.filter((c) => c.channel === 'broadcast:next')).toHaveLength(2)
    expect(calls.find((c) => c.channel === 'broadcast:hold')!.input).toEqual({ streamId: 's0', held: true })
    // R: the stream's instant replay, said for screen readers once main has it.
    await user.keyboard('r')
    expect(calls.find((c) => c.channel === 'obs:replay')!.input).toEqual({ streamId: 's0' })
    await expect.poll(() => within(column).getByTestId('desk-said').textContent).toBe('Cam 0: replay asked for')
    expect(reads()).toBe(before)
    // The overlay addresses are drawn when their section is opened.
    expect(within(column).queryByDisplayValue('http://127.0.0.1:7310/overlays/scoreboard?stream=s0')).toBeNull()
    await user.click(within(column).getByText('Overlays for OBS'))
    expect(await within(column).findByDisplayValue('http://127.0.0.1:7310/overlays/scoreboard?stream=s0')).toBeTruthy()
  })

  it('shows who runs a stream another desk runs, and takes it over only once the producer agrees', async () => {
    const elsewhere = { streamId: 's0', onAir: 'm1', next: ['m2'], held: false, staged: [], feed, runBy: 'Ana’s desk' }
    answer('broadcast:status', () => ({ hub: '', streams: [elsewhere] }))
    answer('broadcast:take-over', () => ({ ...elsewhere, runBy: null }))
    const taken = {
      ...elsewhere,
      onAir: 'm2',
      next: [],
      runBy: null,
      feed: { ...feed, onAir: feed.next[0]!, next: [] },
    }
    answer('broadcast:next', () => taken)
    render(StreamDeskView)
    const user = userEvent.setup()
    const column = await screen.findByTestId('stream-column')
    expect(within(column).getByTestId('run-by').textContent).toMatch(/Run by Ana’s desk/)
    const asked: string[] = []
    vi.stubGlobal('confirm', (question: string) => (asked.push(question), false))
    await user.click(within(column).getByRole('button', { name: /Take next/ }))
    expect(asked).toEqual(['This stream is run by Ana’s desk. Take it over from this desk?'])
    const sent = () => calls.filter((c) => c.channel === 'broadcast:take-over' || c.channel === 'broadcast:next')
    expect(sent()).toHaveLength(0)
    vi.stubGlobal('confirm', () => true)
    await user.click(within(column).getByRole('button', { name: /Take next/ }))
    expect(sent().map((c) => c.channel)).toEqual(['broadcast:take-over', 'broadcast:next'])
    await expect.poll(() => within(column).queryByTestId('run-by')).toBeNull()
    expect(within(within(column).getByTestId('on-air')).getByText('Cy')).toBeTruthy()
  })

  it('pins my streams first, shows only them when asked, and remembers them for this connection', async () => {
    localStorage.clear()
    answer('broadcast:status', () => ({
      hub: '',
      streams: ['s0', 's1', 's2'].map((streamId) => ({
        streamId,
        onAir: 'm1',
        next: [],
        held: false,
        staged: [],
        sources: {},
        feed,
      })),
    }))
    render(StreamDeskView)
    const user = userEvent.setup()
    const names = async () => (await screen.findAllByTestId('stream-column')).map((c) => c.getAttribute('aria-label'))
    expect(await names()).toEqual(['Stream Cam 0', 'Stream Cam 1', 'Stream Cam 2'])
    await user.click(screen.getByRole('button', { name: 'My stream: Cam 2' }))
    expect(await names()).toEqual(['Stream Cam 2', 'Stream Cam 0', 'Stream Cam 1'])
    await user.click(screen.getByLabelText(/Only my streams \(1\)/))
    expect(await names()).toEqual(['Stream Cam 2'])
    // Remembered for this connection, in this window's storage.
    expect(JSON.parse(localStorage.getItem('matchdesk.myStreams.default')!)).toEqual(['s2'])
    await user.click(screen.getByLabelText(/Only my streams/))
    await user.click(screen.getByRole('button', { name: 'My stream: Cam 2' }))
    expect(JSON.parse(localStorage.getItem('matchdesk.myStreams.default')!)).toEqual([])
  })

  it('reads the desk once when it opens, and again only when a stream comes or the links change', async () => {
    const idle = (id: string) => ({
      streamId: id,
      onAir: null,
      next: [],
      held: false,
      staged: [],
      feed: { ...feed, onAir: null, next: [] },
    })
    let listed = streams.slice(0, 3)
    answer('streams:list', () => ({ items: listed, refreshedAt: Date.now() }))
    answer('broadcast:status', () => ({ hub: '', streams: listed.map((s) => idle(s.id)) }))
    const statusReads = () => calls.filter((c) => c.channel === 'broadcast:status').length
    const settled = () => new Promise((resolve) => setTimeout(resolve, 30))
    render(StreamDeskView)
    await screen.findByText('Streams with nothing queued')
    await expect.poll(() => calls.filter((c) => c.channel === 'match-streams:of-tournament').length).toBe(1)
    await settled()
    // The streams and the links arriving are what main's one answer already covered.
    expect(statusReads()).toBe(1)
    // A stream made elsewhere: the desk is read again to show it.
    listed = streams.slice(0, 4)
    emit('cache:updated', { resource: 'streams', scope: 't1' })
    await expect.poll(statusReads).toBe(2)
    // Links that changed since they were read (a match linked elsewhere): read again; the same links: nothing.
    answer('match-streams:of-tournament', () => ({ m1: ['s1'] }))
    emit('cache:updated', { resource: 'match-streams', scope: 't1' })
    await expect.poll(statusReads).toBe(3)
    emit('cache:updated', { resource: 'match-streams', scope: 't1' })
    await expect.poll(() => calls.filter((c) => c.channel === 'match-streams:of-tournament').length).toBe(3)
    await settled()
    expect(statusReads()).toBe(3)
  })

  it('shows a reorder with Alt+arrows at once, keeps it when main agrees, and puts it back when main refuses', async () => {
    const three = threeQueued()
    let agree: (value: unknown) => void = () => undefined
    answer('broadcast:order', ({ matchIds }: { matchIds: string[] }) => {
      const byId = new Map(three.next.map((m) => [m.id, m]))
      const state = { streamId: 's0', onAir: 'm1', next: matchIds, held: false, staged: [] }
      return new Promise(
        (resolve) =>
          (agree = () => resolve({ ...state, feed: { ...three, next: matchIds.map((id) => byId.get(id)) } })),
      )
    })
    render(StreamDeskView)
    const column = await screen.findByTestId('stream-column')
    const order = () =>
      within(column)
        .getAllByTestId('queued')
        .map((li) => li.dataset['matchId'])
    await expect.poll(order).toEqual(['m2', 'm3', 'm4'])
    const user = userEvent.setup()
    within(column).getAllByTestId('queued')[0]!.focus()
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    // Shown before main has answered, the moved match keeping focus.
    expect(order()).toEqual(['m3', 'm2', 'm4'])
    agree(null)
    await expect.poll(() => document.activeElement?.getAttribute('data-match-id')).toBe('m2')
    expect(order()).toEqual(['m3', 'm2', 'm4'])
    // A refusal puts back what main keeps.
    let refuse: () => void = () => undefined
    answer(
      'broadcast:order',
      () =>
        new Promise(
          (_, reject) =>
            (refuse = () => reject(Object.assign(new Error('m2 is not in the queue'), { code: 'validation' }))),
        ),
    )
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    expect(order()).toEqual(['m3', 'm4', 'm2'])
    refuse()
    await expect.poll(order).toEqual(['m3', 'm2', 'm4'])
  })

  it('moves a queued match by dragging it onto another place in the queue', async () => {
    const three = threeQueued()
    answer('broadcast:order', ({ matchIds }: { matchIds: string[] }) => {
      const byId = new Map(three.next.map((m) => [m.id, m]))
      const state = { streamId: 's0', onAir: 'm1', next: matchIds, held: false, staged: [] }
      return { ...state, feed: { ...three, next: matchIds.map((id) => byId.get(id)) } }
    })
    render(StreamDeskView)
    const column = await screen.findByTestId('stream-column')
    const queued = () => within(column).getAllByTestId('queued')
    await expect.poll(() => queued().length).toBe(3)
    const [first, , last] = queued()
    await fireEvent.dragStart(last!)
    expect(last!.dataset['dragging']).toBe('')
    await fireEvent.dragOver(first!)
    await fireEvent.drop(first!)
    await fireEvent.dragEnd(last!)
    await expect.poll(() => queued().map((li) => li.dataset['matchId'])).toEqual(['m4', 'm2', 'm3'])
    expect(calls.filter((c) => c.channel === 'broadcast:order').at(-1)!.input).toMatchObject({
      matchIds: ['m4', 'm2', 'm3'],
    })
  })

  it('applies a stream state that main announces (broadcast:changed) without reading anything', async () => {
    answer('broadcast:status', () => ({
      hub: '',
      streams: [{ streamId: 's0', onAir: 'm1', next: ['m2'], held: false, staged: [], feed }],
    }))
    render(StreamDeskView)
    const column = await screen.findByTestId('stream-column')
    const before = calls.length
    emit('broadcast:changed', {
      streamId: 's0',
      onAir: 'm2',
      next: [],
      held: false,
      staged: [],
      feed: { ...feed, onAir: feed.next[0]!, next: [] },
    })
    await expect.poll(() => within(within(column).getByTestId('on-air')).queryByText('Cy')).toBeTruthy()
    expect(calls.slice(before).filter((c) => c.channel.startsWith('broadcast:'))).toEqual([])
  })

  /** Stream s0 with nothing on air and these matches queued, as main worked it out at `revision`. */
  const queuedState = (next: string[], revision: number) => ({
    streamId: 's0',
    onAir: null,
    next,
    held: false,
    staged: [],
    feed: { ...feed, onAir: null, next: next.map((id) => feedMatch(id, [`${id} a`, `${id} b`])) },
    revision,
  })

  it('keeps a state main announced after a read was answered, when that answer arrives later', async () => {
    let answerLater: (value: unknown) => void = () => undefined
    answer('broadcast:status', () => ({ hub: '', streams: [queuedState(['m2'], 10)] }))
    render(StreamDeskView)
    const column = await screen.findByTestId('stream-column')
    const queued = () =>
      within(column)
        .queryAllByTestId('queued')
        .map((li) => li.dataset['matchId'])
    await expect.poll(queued).toEqual(['m2'])
    // The desk is read again (a link changed); main works out that answer (revision 11), but it is slow to arrive…
    answer('broadcast:status', () => new Promise((resolve) => (answerLater = resolve)))
    answer('match-streams:of-tournament', () => ({ m1: ['s0'] }))
    emit('cache:updated', { resource: 'match-streams', scope: 't1' })
    await expect.poll(() => calls.filter((c) => c.channel === 'broadcast:status').length).toBe(2)
    // …and a second link's event (revision 12) comes first. The answer that follows is older: the event stays shown.
    emit('broadcast:changed', queuedState(['m2', 'm3'], 12))
    await expect.poll(queued).toEqual(['m2', 'm3'])
    answerLater({ hub: '', streams: [queuedState(['m2'], 11)] })
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(queued()).toEqual(['m2', 'm3'])
    // An older event is not laid over it either; a newer one is.
    emit('broadcast:changed', queuedState(['m2'], 11))
    emit('broadcast:changed', queuedState(['m3'], 13))
    await expect.poll(queued).toEqual(['m3'])
  })

  it('keeps a state announced before the desk’s first read arrived, when that read was worked out earlier', async () => {
    let answerLater: (value: unknown) => void = () => undefined
    answer('broadcast:status', () => new Promise((resolve) => (answerLater = resolve)))
    render(StreamDeskView)
    await expect.poll(() => calls.filter((c) => c.channel === 'broadcast:status').length).toBe(1)
    emit('broadcast:changed', queuedState(['m2', 'm3'], 21))
    answerLater({ hub: '', streams: [queuedState(['m2'], 20)] })
    const column = await screen.findByTestId('stream-column')
    await expect
      .poll(() =>
        within(column)
          .queryAllByTestId('queued')
          .map((li) => li.dataset['matchId']),
      )
      .toEqual(['m2', 'm3'])
  })

  it('lists what a held stream has not published, in words, and applies one change or all', async () => {
    answer('broadcast:status', () => ({
      hub: '',
      streams: [
        {
          streamId: 's0',
          onAir: 'm1',
          next: ['m2'],
          held: true,
          staged: [
            { matchId: 'm1', field: 'opponents.0.name', from: 'Ana', to: 'Anastasia' },
            { matchId: 'm1', field: 'opponents.1.score', from: 1, to: 2 },
          ],
          feed,
        },
      ],
    }))
    // What main answers: the changes left after each apply (the desk shows them as they come).
    const left = [[{ matchId: 'm1', field: 'opponents.1.score', from: 1, to: 2 }], []]
    answer('broadcast:apply', () => ({
      streamId: 's0',
      onAir: 'm1',
      next: ['m2'],
      held: true,
      staged: left.shift()!,
      feed,
    }))
    render(StreamDeskView)
    const user = userEvent.setup()
    const staged = await screen.findByTestId('staged')
    expect(staged.textContent).toMatch(/Ana renamed to Anastasia/)
    expect(staged.textContent).toMatch(/Bo: score 1 → 2/)
    // Each line names its match, and applies that one change alone.
    expect(staged.textContent).toMatch(/Winners round 1 · match 1 · Ana renamed to Anastasia/s)
    await user.click(within(staged).getAllByRole('button', { name: /^Apply: / })[0]!)
    expect(calls.find((c) => c.channel === 'broadcast:apply')!.input).toEqual({
      streamId: 's0',
      matchId: 'm1',
      field: 'opponents.0.name',
    })
    await expect.poll(() => screen.getByTestId('staged').textContent).not.toMatch(/renamed to Anastasia/)
    // Screen readers hear the line that was applied, not the one that moved up into its place.
    await expect.poll(() => screen.getByTestId('desk-said').textContent).toMatch(/^Applied: .*Ana renamed to Anastasia/)
    await user.click(within(screen.getByTestId('staged')).getByRole('button', { name: 'Apply all' }))
    expect(calls.filter((c) => c.channel === 'broadcast:apply').at(-1)!.input).toEqual({ streamId: 's0' })
    await expect.poll(() => screen.queryByTestId('staged')?.textContent ?? '').not.toMatch(/score 1 → 2/)
  })

  it('finds a match by a player as you type, and keeps played matches in a folded Done section', async () => {
    const done = {
      ...node,
      id: 'm0',
      status: 'completed',
      played_at: '2026-11-22T10:00:00Z',
      opponents: [opponent(1, 'Zed'), opponent(2, 'Yan')],
    }
    answer('bracket:nodes', () => ({ items: [node, done], refreshedAt: Date.now() }))
    render(StreamDeskView)
    const user = userEvent.setup()
    await screen.findAllByTestId('desk-match')
    expect(screen.getByText(/^Done/).closest('details')!.open).toBe(false)
    await user.type(screen.getByRole('searchbox', { name: 'Search matches' }), 'nobody here')
    expect(screen.getByText('No open match fits.')).toBeTruthy()
    await user.clear(screen.getByRole('searchbox', { name: 'Search matches' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search matches' }), 'ana')
    expect(screen.getByTestId('match-count').textContent).toMatch(/^1 open/)
  })

  it('says no stream has a match queued only once main has answered the desk', async () => {
    let answerDesk: (value: unknown) => void = () => undefined
    answer('broadcast:status', () => new Promise((resolve) => (answerDesk = resolve)))
    render(StreamDeskView)
    await expect.poll(() => calls.filter((c) => c.channel === 'broadcast:status').length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByText(/No stream has a match queued yet/)).toBeNull()
    answerDesk({ hub: '', streams: [] })
    await screen.findByText(/No stream has a match queued yet/)
  })

  it('draws the first 16 busy columns at once, every other one and the match list just after; reads the links once for a burst', async () => {
    const busy = (id: string) => ({ streamId: id, onAir: 'm1', next: ['m2'], held: false, staged: [], feed })
    answer('streams:list', () => ({ items: streams.slice(0, 20), refreshedAt: Date.now() }))
    answer('broadcast:status', () => ({ hub: '', streams: streams.slice(0, 20).map((st) => busy(st.id)) }))
    render(StreamDeskView)
    await expect.poll(() => screen.queryAllByTestId('stream-column').length).toBeGreaterThan(0)
    expect(screen.getAllByTestId('stream-column').length).toBeLessThanOrEqual(16)
    // The tournament's matches (below every column) are not built with the first columns, and come after them.
    expect(screen.queryAllByTestId('desk-match')).toEqual([])
    await expect.poll(() => screen.queryAllByTestId('stream-column').length).toBe(20)
    await screen.findAllByTestId('desk-match')

    // Main announces each link it read again: the desk reads the links one call at a time, not once per announcement.
    await expect.poll(() => calls.filter((c) => c.channel === 'match-streams:of-tournament').length).toBe(1)
    for (let i = 0; i < 10; i++) emit('cache:updated', { resource: 'match-streams', scope: 't1' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.filter((c) => c.channel === 'match-streams:of-tournament').length).toBe(3)
  })
})

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'ryu.png', { type: 'image/png' })

describe('the picks and maps panel', () => {
  it('keeps an image for an item, names a refusal under its field, and removes it', async () => {
    let kept: PickImageItem[] = []
    answer('broadcast:status', () => ({ hub: '', streams: [] }))
    answer('broadcast:pick-lists', () => ({ picks: ['Ryu', 'Ken'], maps: ['Inferno'] }))
    answer('broadcast:pick-images', () => kept)
    answer(
      'broadcast:set-pick-image',
      ({ list, item, image }: { list: 'picks'; item: string; image: string | null }) => {
        if (item === 'Chun-Li')
          throw Object.assign(new Error('item: “Chun-Li” is not in the picks list: add it there first'), {
            code: 'validation',
            fields: { item: 'item: “Chun-Li” is not in the picks list: add it there first' },
          })
        kept = image === null ? kept.filter((i) => i.item !== item) : [...kept, { list, item, url: '/x' }]
        return kept
      },
    )
    const user = userEvent.setup()
    render(StreamDeskView)
    await user.click(await screen.findByText('Picks and maps', { exact: false, selector: 'summary' }))
    await user.type(screen.getByLabelText('Item'), 'Chun-Li')
    await user.upload(screen.getByLabelText('Image (PNG, JPEG or WebP, at most 2 MB)'), png())
    await user.click(screen.getByRole('button', { name: 'Keep the image' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/not in the picks list/)
    await user.clear(screen.getByLabelText('Item'))
    await user.type(screen.getByLabelText('Item'), 'Ryu')
    await user.upload(screen.getByLabelText('Image (PNG, JPEG or WebP, at most 2 MB)'), png())
    await user.click(screen.getByRole('button', { name: 'Keep the image' }))
    await waitFor(() => expect(screen.getByTestId('pick-images').textContent).toContain('Ryu'))
    expect(calls.filter((c) => c.channel === 'broadcast:set-pick-image').at(-1)!.input).toEqual({
      tournamentId: 't1',
      list: 'picks',
      item: 'Ryu',
      image: 'iVBORw0KGgo=',
    })
    await user.click(screen.getByRole('button', { name: 'Remove the image of Ryu' }))
    await waitFor(() => expect(screen.queryByTestId('pick-images')).toBeNull())
  })
})
