// A stream's VOD chapters from what really went on air, through the channels the desk calls: the start the producer
// marks, each Take, OBS's break scene and the match scene back after it (a stand-in obs-websocket), nothing for a
// feed published again, and the record kept through a restart.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VodChapters } from '../../../shared/broadcast/vod-chapters'
import { demoDesk } from '../../../tests/support/demo-desk'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import type { FakeObs } from '../../../tests/support/fake-obs'
import { streamWithFakeObs } from '../../../tests/support/stream-with-fake-obs'
import { linkedDuels, type LinkedDuels } from '../../../tests/support/linked-duels'
import type { Clock } from '../clock'
import type { MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-chapters-'))
const credentials = new MemoryCredentialStore()
/** Real time, moved on by the test: the chapters' times are the test's own. */
let shift = 0
const clock: Clock = {
  now: () => Date.now() + shift,
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}
let services: MainServices
let obs: FakeObs
let linked: LinkedDuels
const value = dispatchValue(() => services)
const start = () => demoDesk(dataDir, { credentials, clock, obsRetryMs: { first: 100, most: 200 } })
const chapters = () => value<VodChapters>('broadcast:chapters', { streamId: linked.streamId })
/** What the chapter of a duel is called: its label and both names. */
let titleOf: (index: number) => string

beforeAll(async () => {
  services = await start()
  linked = await linkedDuels(value, 3)
  obs = await streamWithFakeObs(value, linked.streamId)
  const feed = await value<{ next: { id: string; label: string; opponents: { name: string }[] }[] }>('broadcast:feed', {
    streamId: linked.streamId,
  })
  titleOf = (index) => {
    const match = feed.next.find((m) => m.id === linked.duels[index]!.id)!
    return `${match.label}: ${match.opponents.map((o) => o.name).join(' vs ')}`
  }
})
afterAll(async () => {
  await services.close()
  await obs.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('VOD chapters', () => {
  it('ask for a start before there is any', async () => {
    await value('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[2]!.id })
    expect(await chapters()).toMatchObject({ startAt: null, text: '' })
    expect((await chapters()).problems[0]).toMatch(/Mark the stream’s start/)
  })

  it('count from the start marked: each Take, the break in OBS, the match back after it', async () => {
    const marked = await value<VodChapters>('broadcast:mark-start', { streamId: linked.streamId })
    expect(marked.text).toBe('00:00 Intro')
    shift += 751_000
    await value('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[0]!.id })
    shift += 600_000
    await value('obs:scene', { streamId: linked.streamId, scene: 'Break' })
    expect(obs.program()).toBe('Break')
    shift += 300_000
    await value('obs:scene', { streamId: linked.streamId, scene: 'Match' })
    shift += 4_000_000
    await value('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[1]!.id })
    const { text, problems } = await chapters()
    expect(text).toBe(
      [
        '0:00:00 Intro',
        `0:12:31 ${titleOf(0)}`,
        '0:22:31 Break',
        `0:27:31 ${titleOf(0)}`,
        `1:34:11 ${titleOf(1)}`,
      ].join('\n'),
    )
    expect(problems).toEqual([])
  })

  it('add a game won as a highlight, and nothing for a feed published again: a hold and its release', async () => {
    const before = (await chapters()).text
    shift += 60_000
    // A point that wins a game of the best-of is a game won: a chapter of its own, a minute into the match.
    await value('broadcast:live', { streamId: linked.streamId, press: { kind: 'score', side: 0, delta: 1 } })
    const afterPress = (await chapters()).text
    expect(afterPress).toBe(`${before}\n1:35:11 Game 1: ${linked.duels[1]!.names[0]}`)
    await value('broadcast:hold', { streamId: linked.streamId, held: true })
    await value('broadcast:hold', { streamId: linked.streamId, held: false })
    await value('obs:scene', { streamId: linked.streamId, scene: 'Match' })
    expect((await chapters()).text).toBe(afterPress)
  })

  it('are kept through a restart, and a new start counts from itself', async () => {
    const before = (await chapters()).text
    await services.close()
    services = await start()
    expect((await chapters()).text).toBe(before)
    shift += 30_000
    const again = await value<VodChapters>('broadcast:mark-start', { streamId: linked.streamId })
    expect(again.text).toBe('00:00 Intro')
  })
})
