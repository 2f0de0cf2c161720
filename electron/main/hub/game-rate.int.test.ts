// A game's posts counted per second over real HTTP, on the desk's own clock (held still here, so the count is the
// test's, not the machine's speed): the source's 21st post of a second is refused 429 with Retry-After, its next
// second's taken again, and another source's count is its own.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GameConfig } from '../../../shared/game/game-source'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { configAddress, recordedCs2 } from '../../../tests/support/game-replayer'
import { linkedDuels } from '../../../tests/support/linked-duels'
import { systemClock } from '../clock'
import type { MainServices } from '../composition'
import { demoDesk } from '../../../tests/support/demo-desk'
import { GAME_POSTS_PER_SECOND } from '../broadcast/game-sources'

const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-game-rate-pages-'))
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>pages</title>')
let services: MainServices
/** The desk's time: still unless a test moves it. */
let now = Date.now()
const value = dispatchValue(() => services)

beforeAll(async () => {
  services = await demoDesk(mkdtempSync(join(tmpdir(), 'matchdesk-game-rate-')), {
    hub: { port: 0, pagesDir },
    clock: { ...systemClock, now: () => now },
  })
})
afterAll(() => services.close())

describe('a game’s posts per second', () => {
  it('refuses a source’s post past its count of the second, over HTTP; the next second, or another source, goes on', async () => {
    const { streamId, streams } = await linkedDuels(value, 1)
    const other = streams.find((s) => s.id !== streamId)!.id
    const made = configAddress((await value<GameConfig>('game:connect', { streamId, game: 'cs2' })).text)
    const second = configAddress((await value<GameConfig>('game:connect', { streamId: other, game: 'cs2' })).text)
    const body = recordedCs2('cs2_body_live_round2_score1-1.json') as object
    const post = async ({ uri, token }: { uri: string; token: string }) => {
      const answer = await fetch(uri, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, auth: { token } }),
      })
      return { status: answer.status, retryAfter: answer.headers.get('retry-after') }
    }
    for (let n = 0; n < GAME_POSTS_PER_SECOND; n++) expect((await post(made)).status).toBe(200)
    expect(await post(made)).toEqual({ status: 429, retryAfter: '1' })
    // Another source is counted on its own.
    expect((await post(second)).status).toBe(200)
    now += 1000
    expect((await post(made)).status).toBe(200)
  })
})
