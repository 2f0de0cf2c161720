// The journal as a property, on a real SQLite file: any sequence of presses, the service's data changing (a seed
// offered again) and undos leaves the layer equal to replaying the journal's presses that still hold — and equal to a
// stack of states where an undo goes back one press.
import fc from 'fast-check'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pressed, refusal, seedLayer, type LiveLayer, type LivePress } from '../../../shared/broadcast/live-layer'
import { duel } from '../../../tests/support/feed-match'
import { openDatabase } from '../db/db'
import { LiveLayers } from './live-layers'

const match = (scores: [number, number], bestOf: number) => duel(scores, bestOf)

const side = fc.constantFrom(0 as const, 1 as const)
const press: fc.Arbitrary<LivePress> = fc.oneof(
  fc.record({ kind: fc.constant('score' as const), side, delta: fc.constantFrom(1 as const, -1 as const) }),
  fc.record({ kind: fc.constant('winner' as const), game: fc.integer({ min: 1, max: 7 }), side: fc.option(side) }),
  fc.constant({ kind: 'swap' as const }),
)
type Step = { do: 'press'; press: LivePress } | { do: 'undo' } | { do: 'service'; scores: [number, number] }
const step: fc.Arbitrary<Step> = fc.oneof(
  press.map((p) => ({ do: 'press' as const, press: p })),
  fc.constant({ do: 'undo' as const }),
  fc.tuple(fc.nat(3), fc.nat(3)).map((scores) => ({ do: 'service' as const, scores })),
)

describe('the live layer’s journal', () => {
  it('any presses, service changes and undos leave the layer equal to the journal replayed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchdesk-journal-'))
    let run = 0
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.array(step, { maxLength: 40 }), (bestOf, steps) => {
        const db = openDatabase(join(dir, `run-${run++}.sqlite`))
        try {
          const layers = new LiveLayers(db)
          const seed = seedLayer(match([1, 0], bestOf))
          layers.seed('s1', seed)
          // The model: a stack of states, an undo goes back one.
          const stack: LiveLayer[] = [seed]
          for (const [at, s] of steps.entries()) {
            if (s.do === 'service') layers.seed('s1', seedLayer(match(s.scores, bestOf)))
            else if (s.do === 'undo') {
              if (layers.undo('s1', 'm1')) stack.pop()
            } else if (!refusal(layers.layer('s1', 'm1')!, s.press)) {
              layers.press('s1', 'm1', s.press, 'desk', at)
              stack.push(pressed(stack.at(-1)!, s.press))
            }
            const replayed = layers
              .journal('s1', 'm1')
              .filter((entry) => !entry.undone)
              .reduce((layer, entry) => pressed(layer, entry.press), seed)
            expect(layers.layer('s1', 'm1')).toEqual(replayed)
            expect(layers.layer('s1', 'm1')).toEqual(stack.at(-1))
            expect(layers.pressedOn('s1', 'm1')).toBe(stack.length > 1)
          }
        } finally {
          db.close()
        }
      }),
      { numRuns: 60 },
    )
  })
})
