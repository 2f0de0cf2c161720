// Show sequences on the Demo venue through the channels the desk calls, with a stand-in obs-websocket: a Take runs the
// stream's Take sequence (OBS's scene, overlays hidden and shown in the feed at their times), a sequence edited as
// text is kept and run, Hold pauses a run and its release resumes it, fast-forward and cancel from the desk and
// Companion, a round's end runs only once given steps, the match's end brings the break, and a wrong line is refused
// by its number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import { parseSteps, type ShowSequences } from '../../../shared/broadcast/show-sequence'
import { deskWithObs, type DeskWithObs } from '../../../tests/support/desk-with-obs'
import type { FakeObs } from '../../../tests/support/fake-obs'
import type { LinkedDuels } from '../../../tests/support/linked-duels'

let desk: DeskWithObs
let obs: FakeObs
let linked: LinkedDuels
let streamId = ''
const value = <T>(channel: string, input?: unknown) => desk.value<T>(channel, input)
const services = () => desk.services()
const feed = () => value<Feed>('broadcast:feed', { streamId })
const state = async () =>
  (await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId: linked.tournamentId })).streams.find(
    (s) => s.streamId === streamId,
  )!
/** Keeps an event's steps as the editor sends them. */
async function edit(event: string, text: string) {
  const parsed = parseSteps(text)
  if (!parsed.ok) throw new Error(parsed.error)
  return value<ShowSequences>('broadcast:set-sequence', { streamId, event, steps: parsed.steps })
}

beforeAll(async () => {
  desk = await deskWithObs('sequences', 3)
  ;({ linked, streamId, obs } = desk)
})
afterAll(() => desk.close())

describe('show sequences', () => {
  it('start from the defaults, per event, until edited', async () => {
    const sequences = await value<ShowSequences>('broadcast:sequences', { streamId })
    expect(sequences['game-start'].map((s) => s.at)).toEqual([0, 1.5, 2, 12])
    expect(sequences['match-end'].at(-1)).toEqual({ at: 5, action: 'scene', scene: 'break' })
  })

  it('a Take runs the Take sequence: the casters hidden at once, shown, and hidden again at their times', async () => {
    await edit('take', '+0 scene break\n+0 hide casters\n+0.8 show casters\n+0.8 scene match\n+1.6 hide casters')
    const taken = await value<StreamState>('broadcast:take', { streamId, matchId: linked.duels[0]!.id })
    expect(taken.sequence).toMatchObject({ event: 'take', left: 5, paused: false })
    await expect.poll(async () => (await feed()).hidden).toEqual(['casters'])
    await expect.poll(() => obs.program()).toBe('Break')
    await expect.poll(async () => (await feed()).hidden).toEqual([])
    await expect.poll(() => obs.program()).toBe('Match')
    await expect.poll(async () => (await feed()).hidden).toEqual(['casters'])
    await expect.poll(async () => (await state()).sequence).toBeNull()
  })

  it('Hold pauses a run; its release resumes it as late as it stood still', async () => {
    await edit('take', '+0.4 show casters')
    await value('broadcast:take', { streamId, matchId: linked.duels[1]!.id })
    await value('broadcast:hold', { streamId, held: true })
    await expect.poll(async () => (await state()).sequence?.paused).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect((await feed()).hidden).toEqual(['casters'])
    expect((await state()).sequence).toMatchObject({ next: 'show casters', dueAt: null, left: 1 })
    await value('broadcast:hold', { streamId, held: false })
    await expect.poll(async () => (await state()).sequence?.paused).toBe(false)
    await expect.poll(async () => (await feed()).hidden).toEqual([])
  })

  it('is fast-forwarded or cancelled from the desk and from Companion', async () => {
    await edit('game-start', '+30 hide scoreboard\n+60 hide casters')
    const started = await value<StreamState>('broadcast:sequence', { streamId, command: 'game-start' })
    expect(started.sequence).toMatchObject({ event: 'game-start', next: 'hide scoreboard', left: 2 })
    const done = await value<StreamState>('broadcast:sequence', { streamId, command: 'fast-forward' })
    expect(done.sequence).toBeNull()
    expect(done.feed.hidden.sort()).toEqual(['casters', 'scoreboard'])
    const companion = async (command: string) => {
      const answer = await fetch(`${services().hub!.url}/control/v1/streams/${streamId}/sequence/${command}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${services().registry.controlToken}` },
      })
      return { status: answer.status, body: (await answer.json()) as StreamState & { fields?: object } }
    }
    expect((await companion('game-start')).body.sequence).toMatchObject({ event: 'game-start', left: 2 })
    expect((await companion('cancel')).body.sequence).toBeNull()
    expect(await companion('later')).toMatchObject({
      status: 422,
      body: { fields: { command: 'fast-forward, cancel or game-start' } },
    })
  })

  it('a round’s end runs nothing by default and leaves a running sequence; edited, it runs its steps', async () => {
    await edit('game-start', '+30 hide casters')
    // The game's map given: a game's start, its sequence running.
    await value('broadcast:live', { streamId, press: { kind: 'map', game: 1, map: 'Mirage' } })
    await expect.poll(async () => (await state()).sequence?.event).toBe('game-start')
    await value('broadcast:live', { streamId, press: { kind: 'rounds', game: 1, rounds: [1, 0] } })
    expect((await state()).sequence).toMatchObject({ event: 'game-start', next: 'hide casters' })
    await edit('round-end', '+20 hide scoreboard')
    await value('broadcast:live', { streamId, press: { kind: 'rounds', game: 1, rounds: [1, 1] } })
    await expect
      .poll(async () => (await state()).sequence)
      .toMatchObject({ event: 'round-end', next: 'hide scoreboard' })
    await value('broadcast:sequence', { streamId, command: 'cancel' })
    await value<ShowSequences>('broadcast:set-sequence', { streamId, event: 'round-end', steps: null })
  })

  it('the match’s end (its result from the service) runs the match-end sequence: the break after its delay', async () => {
    await edit('match-end', '+0 show scoreboard\n+0.3 scene break')
    await value('broadcast:take', { streamId, matchId: linked.duels[2]!.id })
    await expect.poll(() => obs.program()).toBe('Match')
    const node = services().connections.sandbox.store.nodes.get(linked.duels[2]!.id)!
    node.status = 'completed'
    node.opponents[0]!.result = 'win'
    node.opponents[1]!.result = 'loss'
    await services().connections.active.offline.reads.refresh('nodes', linked.tournamentId)
    await expect.poll(async () => (await state()).sequence?.event ?? 'done').toMatch(/match-end|done/)
    await expect.poll(() => obs.program(), { timeout: 3000 }).toBe('Break')
  })

  it('refuses a sequence that breaks the bounds, by field', async () => {
    const refused = await value('broadcast:set-sequence', {
      streamId,
      event: 'take',
      steps: [{ at: 900, action: 'show', overlay: 'casters' }],
    }).catch((error: Error) => error.message)
    expect(String(refused)).toMatch(/0 to 600 s/)
    // Back to the defaults.
    const reset = await value<ShowSequences>('broadcast:set-sequence', { streamId, event: 'take', steps: null })
    expect(reset.take.length).toBe(3)
  })
})
