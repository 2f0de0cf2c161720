import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { gameConfig } from './game-config'

/** The keys of a GSI file's top block, in order (`"uri" "…"` and `"auth"` alike). */
const topKeys = (text: string) => [...text.matchAll(/^(?:\t| {2})"(\w+)"/gm)].map((m) => m[1])

describe('the config file for the observer PC', () => {
  const made = gameConfig('cs2', {
    hubUrl: 'http://192.168.1.20:7310/',
    token: 'tok_EN-1234567890',
    streamName: 'B "main" stream',
  })

  it('has the keys a HUD producers know writes (drweissbrot/cs-hud), the data the live layer reads', () => {
    const known = readFileSync(
      new URL('../../tests/fixtures/real/cs2/gamestate_integration_drweissbrot_hud.cfg', import.meta.url),
      'utf8',
    )
    const ours = topKeys(made.text)
    for (const key of topKeys(known).filter((key) => key !== 'output')) expect(ours).toContain(key)
    for (const part of ['provider', 'map', 'round']) expect(made.text).toContain(`    "${part}" "1"`)
  })

  it('posts to the hub’s game route with the token in the address and in the auth block', () => {
    expect(made.text).toContain('"uri" "http://192.168.1.20:7310/game/v1/cs2?token=tok_EN-1234567890"')
    expect(made.text).toContain('"token" "tok_EN-1234567890"')
    expect(made.fileName).toBe('gamestate_integration_matchdesk.cfg')
  })

  it('escapes what a stream’s name could break the file with', () => {
    expect(made.text.split('\n')[0]).toBe('"Matchdesk: B \\"main\\" stream"')
  })
})
