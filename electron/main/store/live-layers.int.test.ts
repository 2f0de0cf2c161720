// The journal and the reconciliation as properties, on a real SQLite file: any sequence of presses (scores, winners,
// maps, picks, swaps), the service's score changing, its lines answered (adopt or keep) and undos leaves the layer
// equal to replaying the journal's presses that still hold — and equal to a stack of states where an undo goes back
// one press; an answered line is gone until the service changes again, and an adopted one puts the service's score
// on air.
import fc from 'fast-check'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  disputes,
  inAnswerOrder,
  pressed,
  refusal,
  scoreOf,
  seedLayer,
  type LiveLayer,
  type LivePress,
} from '../../../shared/broadcast/live-layer'
import { duel } from '../../../tests/support/feed-match'
import { openDatabase } from '../db/db'
import { LiveLayers } from './live-layers'

const match = (scores: [number, number], bestOf: number) => duel(scores, bestOf)

const side = fc.constantFrom(0 as const, 1 as const)
const text = fc.string({ minLength: 1, maxLength: 40 })
const press: fc.Arbitrary<LivePress> = fc.oneof(
  fc.record({ kind: fc.constant('score' as const), side, delta: fc.constantFrom(1 as const, -1 as const) }),
  fc.record({ kind: fc.constant('winner' as const), game: fc.integer({ min: 1, max: 7 }), side: fc.option(side) }),
  fc.constant({ kind: 'swap' as const }),
  fc.record({ kind: fc.constant('map' as const), game: fc.integer({ min: 1, max: 7 }), map: fc.option(text) }),
  fc.record({ kind: fc.constant('pick' as const), game: fc.integer({ min: 1, max: 7 }), side, pick: fc.option(text) }),
)
type Step =
  | { do: 'press'; press: LivePress }
  | { do: 'undo' }
  | { do: 'service'; scores: [number, number] }
  | { do: 'answer'; adopt: boolean }
const step: fc.Arbitrary<Step> = fc.oneof(
  press.map((p) => ({ do: 'press' as const, press: p })),
  fc.constant({ do: 'undo' as const }),
  fc.tuple(fc.nat(3), fc.nat(3)).map((scores) => ({ do: 'service' as const, scores })),
  fc.boolean().map((adopt) => ({ do: 'answer' as const, adopt })),
)

describe('the live layer’s journal', () => {
  it('any presses, service changes, answered lines and undos leave the layer equal to the journal replayed', () => {
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
          let service = match([1, 0], bestOf)
          const apply = (p: LivePress, at: number) => {
            layers.press('s1', 'm1', p, 'desk', at)
            stack.push(pressed(stack.at(-1)!, p))
          }
          for (const [at, s] of steps.entries()) {
            if (s.do === 'service') {
              // The service's data changes; offering its seed again never replaces the layer kept.
              service = match(s.scores, bestOf)
              layers.seed('s1', seedLayer(service))
            } else if (s.do === 'undo') {
              if (layers.undo('s1', 'm1')) stack.pop()
            } else if (s.do === 'answer') {
              // Answered together as Adopt all answers them.
              const lines = inAnswerOrder(disputes(layers.layer('s1', 'm1')!, service))
              for (const line of lines) {
                const answer: LivePress = s.adopt
                  ? { kind: 'adopt', side: line.side, score: line.service }
                  : { kind: 'keep', side: line.side, score: line.service }
                if (!refusal(layers.layer('s1', 'm1')!, answer)) apply(answer, at)
              }
              const after = layers.layer('s1', 'm1')!
              for (const line of lines) {
                // Answered: no line for that side until the service changes again; adopted: its score on air.
                if (refusal(after, { kind: 'adopt', side: line.side, score: line.service })) continue
                expect(disputes(after, service).map((d) => d.side)).not.toContain(line.side)
                if (s.adopt) expect(scoreOf(after)[line.side]).toBe(line.service)
              }
            } else if (!refusal(layers.layer('s1', 'm1')!, s.press)) apply(s.press, at)
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
