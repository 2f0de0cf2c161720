// Lays out an elimination stage: a column per depth in each branch (winners, losers, grand final), rows following sources.
import type { BracketNode } from '../../../shared/api'

export const BOX = { width: 190, height: 50, gapX: 46, gapY: 14 }

export interface Placed {
  node: BracketNode
  x: number
  y: number
}

export interface Connector {
  from: string
  to: string
  d: string
}

export interface Layout {
  boxes: Placed[]
  connectors: Connector[]
  width: number
  height: number
}

const BRANCH_ORDER = ['wb', 'lb', 'gf', null] as const

export function layoutBracket(nodes: BracketNode[]): Layout {
  const byGroup = new Map<string, BracketNode[]>()
  for (const node of nodes) byGroup.set(node.group_id, [...(byGroup.get(node.group_id) ?? []), node])
  const groups = [...byGroup.values()].sort((a, b) => BRANCH_ORDER.indexOf(a[0]!.branch) - BRANCH_ORDER.indexOf(b[0]!.branch))
  const placed = new Map<string, Placed>()
  let top = 0
  let widest = 0
  const finals: BracketNode[][] = []

  for (const group of groups) {
    if (group[0]!.branch === 'gf') {
      finals.push(group)
      continue
    }
    const depths = [...new Set(group.map((n) => n.depth))].sort((a, b) => b - a)
    widest = Math.max(widest, depths.length)
    let bottom = top
    depths.forEach((depth, column) => {
      const inColumn = group.filter((n) => n.depth === depth).sort((a, b) => a.number - b.number)
      let next = top
      for (const node of inColumn) {
        const sources = node.opponents.map((o) => (o.source_node_id ? placed.get(o.source_node_id) : undefined)).filter((p) => p && p.node.group_id === node.group_id) as Placed[]
        const wanted = sources.length ? sources.reduce((sum, p) => sum + p.y, 0) / sources.length : next
        const y = Math.max(wanted, next)
        placed.set(node.id, { node, x: column * (BOX.width + BOX.gapX), y })
        next = y + BOX.height + BOX.gapY
        bottom = Math.max(bottom, next)
      }
    })
    top = bottom + BOX.height
  }
  // Grand finals sit to the right of the brackets, level with the winners' final.
  finals.flat().sort((a, b) => b.depth - a.depth).forEach((node, index) => {
    const sources = node.opponents.map((o) => (o.source_node_id ? placed.get(o.source_node_id) : undefined)).filter(Boolean) as Placed[]
    const y = sources.length ? Math.min(...sources.map((p) => p.y)) : 0
    placed.set(node.id, { node, x: (widest + index) * (BOX.width + BOX.gapX), y })
  })

  const connectors: Connector[] = []
  for (const { node, x, y } of placed.values()) {
    node.opponents.forEach((o, index) => {
      const source = o.source_node_id ? placed.get(o.source_node_id) : undefined
      if (!source || o.source_type !== 'winner') return
      const x1 = source.x + BOX.width
      const y1 = source.y + BOX.height / 2
      const y2 = y + (index === 0 ? BOX.height / 4 : (3 * BOX.height) / 4)
      const mid = x - BOX.gapX / 2
      connectors.push({ from: source.node.id, to: node.id, d: `M${x1},${y1} H${mid} V${y2} H${x}` })
    })
  }
  const boxes = [...placed.values()]
  return {
    boxes,
    connectors,
    width: Math.max(0, ...boxes.map((b) => b.x + BOX.width)) + 10,
    height: Math.max(0, ...boxes.map((b) => b.y + BOX.height)) + 10,
  }
}

/** Matches grouped by round for pools, leagues and swiss: rounds in the order the service lists them. */
export function roundsOf(nodes: BracketNode[]): BracketNode[][] {
  const rounds = new Map<string, BracketNode[]>()
  for (const node of nodes) rounds.set(node.round_id, [...(rounds.get(node.round_id) ?? []), node])
  return [...rounds.values()].map((round) => round.sort((a, b) => a.number - b.number))
}
