// The bracket picture for a large stage: drawn a window at a time around the viewport, the rest as the user scrolls.
import { shownText } from '../test-support/shown-text'
import { render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { BracketNode } from '../../../shared/api'
import { WINDOWED_FROM, layoutBracket } from '../lib/bracket-layout'
import BracketCanvas from './BracketCanvas.svelte'

/** A single elimination of 2^rounds entrants: round r has 2^(rounds-r) matches, each fed by two of the round before. */
function singleElimination(rounds: number): BracketNode[] {
  const nodes: BracketNode[] = []
  for (let round = 1; round <= rounds; round++) {
    const depth = rounds - round + 1
    for (let number = 1; number <= 2 ** (rounds - round); number++) {
      const feeder = (i: number) => (round === 1 ? null : `r${round - 1}m${2 * number - 1 + i}`)
      nodes.push(
        BracketNode.parse({
          id: `r${round}m${number}`,
          tournament_id: 't1',
          stage_id: 'st1',
          group_id: 'g1',
          round_id: `r${round}`,
          number,
          type: 'duel',
          status: 'pending',
          scheduled_datetime: null,
          played_at: null,
          depth,
          branch: 'wb',
          opponents: [0, 1].map((i) => ({
            number: i + 1,
            position: i + 1,
            result: null,
            rank: null,
            forfeit: false,
            score: null,
            source_type: feeder(i) ? 'winner' : 'none',
            source_node_id: feeder(i),
            participant: null,
          })),
        }),
      )
    }
  }
  return nodes
}

const drawnIds = () =>
  [...screen.getByTestId('bracket-canvas').querySelectorAll('[data-testid="bracket-match"]')].map((g) =>
    g.getAttribute('data-match-id'),
  )

describe('bracket canvas', () => {
  const large = singleElimination(9) // 511 matches
  const final = layoutBracket(large).boxes.find((box) => box.node.id === 'r9m1')!

  it('draws every match of a small bracket', () => {
    const small = singleElimination(5)
    render(BracketCanvas, {
      nodes: small,
      streamed: new Set<string>(),
      viewport: { left: 0, top: 0, width: 300, height: 200 },
    })
    expect(drawnIds()).toHaveLength(31)
  })

  it('draws a large bracket near the viewport only, keeping the full picture size for scrolling', async () => {
    expect(large.length).toBeGreaterThanOrEqual(WINDOWED_FROM)
    const view = render(BracketCanvas, {
      nodes: large,
      streamed: new Set(['r1m1']),
      viewport: { left: 0, top: 0, width: 1000, height: 700 },
    })
    const canvas = screen.getByTestId('bracket-canvas')
    expect(canvas.getAttribute('data-matches')).toBe('511')
    expect(Number(canvas.getAttribute('height'))).toBeGreaterThan(final.y)
    const first = drawnIds()
    expect(first).toContain('r1m1')
    expect(first).not.toContain('r9m1')
    expect(first.length).toBeLessThan(100)
    expect(canvas.querySelector('[data-match-id="r1m1"]')!.getAttribute('data-streamed')).toBe('true')

    await view.rerender({
      nodes: large,
      streamed: new Set<string>(),
      viewport: { left: final.x - 200, top: final.y - 300, width: 1000, height: 700 },
    })
    const scrolled = drawnIds()
    expect(scrolled).toContain('r9m1')
    expect(scrolled).not.toContain('r1m1')
  })

  it('draws everything when no viewport is given', () => {
    render(BracketCanvas, { nodes: large, streamed: new Set<string>() })
    expect(drawnIds()).toHaveLength(511)
  })

  it('draws nothing of a large bracket until its viewport is measured, then only what is near it', async () => {
    const view = render(BracketCanvas, {
      nodes: large,
      streamed: new Set<string>(),
      viewport: { left: 0, top: 0, width: 0, height: 0 },
    })
    expect(drawnIds()).toHaveLength(0)
    expect(screen.getByTestId('bracket-canvas').getAttribute('data-matches')).toBe('511')
    await view.rerender({
      nodes: large,
      streamed: new Set<string>(),
      viewport: { left: 0, top: 0, width: 1000, height: 700 },
    })
    expect(drawnIds().length).toBeGreaterThan(0)
    expect(drawnIds().length).toBeLessThan(100)
  })

  it('names each match by its round and each undecided slot by where it comes from, in the box and its tooltip', () => {
    const nodes = singleElimination(3)
    nodes[0]!.opponents[0]!.participant = { id: 'p1', name: 'Nova', custom_user_identifier: null }
    render(BracketCanvas, { nodes, streamed: new Set<string>() })
    const box = (id: string) => screen.getByTestId('bracket-canvas').querySelector(`[data-match-id="${id}"]`)!
    expect(shownText(box('r3m1').querySelector('title'))).toBe('Final: Winner of R2 M1 vs Winner of R2 M2')
    expect(shownText(box('r2m1').querySelector('title'))).toBe('Round 2 · match 1: Winner of R1 M1 vs Winner of R1 M2')
    expect([...box('r1m1').querySelectorAll('text')].map(shownText)[0]).toBe('Nova')
  })

  it('draws a free-for-all match that takes three winners of one heat, a connector for each', () => {
    const nodes = singleElimination(2)
    const heat = nodes.find((n) => n.id === 'r1m1')!
    const final = nodes.find((n) => n.id === 'r2m1')!
    final.type = 'ffa'
    final.opponents = [0, 1, 2].map((i) => ({ ...final.opponents[0]!, number: i + 1, source_node_id: heat.id }))
    render(BracketCanvas, { nodes, streamed: new Set<string>() })
    expect(drawnIds()).toHaveLength(3)
    expect(screen.getByTestId('bracket-canvas').querySelectorAll('path.connector')).toHaveLength(3)
  })
})
