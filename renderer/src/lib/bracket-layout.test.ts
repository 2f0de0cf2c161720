// The bracket layout on the real double-elimination dump: every match placed, no overlaps, branches where they belong.
import { describe, expect, it } from 'vitest'
import { BracketNode } from '../../../shared/api'
import dump from '../../../tests/fixtures/real/pools-and-double-elimination-completed.json'
import { BOX, COMPACT_BOX, HEADING_SPACE, inView, layoutBracket, roundsOf } from './bracket-layout'

const nodes = dump.bracket_nodes
  .map((raw) => BracketNode.parse(raw))
  .filter((n) => n.stage_id === '3077722670113628160')

describe('bracket layout', () => {
  const layout = layoutBracket(nodes)
  const at = new Map(layout.boxes.map((b) => [b.node.id, b]))

  it('places every match once, without two boxes overlapping', () => {
    expect(layout.boxes).toHaveLength(nodes.length)
    for (const a of layout.boxes) {
      for (const b of layout.boxes) {
        if (a === b) continue
        const apart =
          a.x + BOX.width <= b.x || b.x + BOX.width <= a.x || a.y + BOX.height <= b.y || b.y + BOX.height <= a.y
        expect(apart, `${a.node.id} overlaps ${b.node.id}`).toBe(true)
      }
    }
  })

  it('puts the winners above the losers, each round right of the one feeding it, the grand final right of all', () => {
    const by = (branch: string) => layout.boxes.filter((b) => b.node.branch === branch)
    expect(Math.max(...by('wb').map((b) => b.y))).toBeLessThan(Math.min(...by('lb').map((b) => b.y)))
    const final = by('gf')[0]!
    expect(final.x).toBeGreaterThan(
      Math.max(
        ...by('wb')
          .concat(by('lb'))
          .map((b) => b.x),
      ),
    )
    for (const box of layout.boxes) {
      for (const o of box.node.opponents) {
        const source = o.source_node_id ? at.get(o.source_node_id) : undefined
        if (source && o.source_type === 'winner') expect(source.x).toBeLessThan(box.x)
      }
    }
  })

  it('draws a connector for each winner moving on, none for losers dropping down', () => {
    const winners = nodes
      .flatMap((n) => n.opponents)
      .filter((o) => o.source_type === 'winner' && o.source_node_id).length
    expect(layout.connectors).toHaveLength(winners)
  })

  it('groups round-robin matches by round in the order listed', () => {
    const rounds = roundsOf(nodes.filter((n) => n.branch === 'wb'))
    expect(rounds.map((r) => r.length)).toEqual([8, 4, 2, 1])
  })

  it('picks out what touches a viewport, with its margin, and nothing else', () => {
    const view = { left: 0, top: 0, width: 300, height: 200 }
    const { boxes, connectors } = inView(layout, view, 50)
    expect(boxes.length).toBeGreaterThan(0)
    expect(boxes.length).toBeLessThan(layout.boxes.length)
    for (const box of layout.boxes) {
      const touches = box.x <= 350 && box.x + BOX.width >= -50 && box.y <= 250 && box.y + BOX.height >= -50
      expect(boxes.includes(box)).toBe(touches)
    }
    for (const c of connectors) expect(c.left <= 350 && c.top <= 250).toBe(true)
    expect(inView(layout, { left: 0, top: 0, width: layout.width, height: layout.height }, 0)).toEqual({
      boxes: layout.boxes,
      connectors: layout.connectors,
      headings: layout.headings,
    })
  })

  it('puts a heading above every round of each branch, clear of the boxes, and a compact size packs tighter', () => {
    const columns = new Set(layout.boxes.filter((b) => b.node.branch !== 'gf').map((b) => `${b.node.group_id}:${b.x}`))
    expect(layout.headings.length).toBe(columns.size + layout.boxes.filter((b) => b.node.branch === 'gf').length)
    for (const heading of layout.headings) {
      const below = layout.boxes.filter((b) => b.x === heading.x && b.y >= heading.y)
      expect(below.length).toBeGreaterThan(0)
      expect(Math.min(...below.map((b) => b.y)) - heading.y).toBeGreaterThanOrEqual(HEADING_SPACE)
    }
    const compact = layoutBracket(nodes, COMPACT_BOX)
    expect(compact.width * compact.height).toBeLessThan((layout.width * layout.height) / 2)
  })
})
