// Lays out an elimination stage: a column per depth in each branch (winners, losers, grand final), rows following sources.
import type { BracketNode } from '../../../shared/api'
import { groupBy } from '../../../shared/collections/group-by'

export interface BoxSize {
  width: number
  height: number
  gapX: number
  gapY: number
}

export const BOX: BoxSize = { width: 190, height: 50, gapX: 46, gapY: 14 }
/** The compact view: a large bracket's rounds closer together, to see more of it at once. */
export const COMPACT_BOX: BoxSize = { width: 150, height: 34, gapX: 24, gapY: 4 }
/** Room above each branch for its round headings. */
export const HEADING_SPACE = 24

export interface Placed {
  node: BracketNode
  x: number
  y: number
}

export interface Connector {
  from: string
  to: string
  /** The opponent slot of `to` it feeds: a free-for-all match can take several winners of one source. */
  slot: number
  /** Where it leaves its source box (the right edge) and where it meets its match (the left edge). */
  fromY: number
  toY: number
  /** The connector's bounding box, to tell whether it is in view. */
  left: number
  right: number
  top: number
  bottom: number
}

/** The connector's path: out of the source, across half the gap, to its row, into the match. */
export function connectorPath(c: Connector, box: BoxSize): string {
  return `M${c.left},${c.fromY} H${c.right - box.gapX / 2} V${c.toY} H${c.right}`
}

/** A round's heading, above its column: `nodeId` is a match of that round (its label names the round). */
export interface Heading {
  nodeId: string
  x: number
  y: number
}

export interface Layout {
  box: BoxSize
  boxes: Placed[]
  connectors: Connector[]
  headings: Heading[]
  width: number
  height: number
}

const BRANCH_ORDER = ['wb', 'lb', 'gf', null] as const

/**
 * Places every match: one pass per group to sort its matches into columns, each match level with the middle of the
 * matches feeding it. Only numbers are worked out here: a 4,094-match bracket is laid out while its view waits, and
 * the paths of the ~100 connectors on screen are made when drawn (`connectorPath`).
 */
export function layoutBracket(nodes: BracketNode[], box: BoxSize = BOX): Layout {
  const BOX = box
  const columnWidth = BOX.width + BOX.gapX
  const groups = [...groupBy(nodes, (node) => node.group_id).values()].sort(
    (a, b) => BRANCH_ORDER.indexOf(a[0]!.branch) - BRANCH_ORDER.indexOf(b[0]!.branch),
  )
  const placed = new Map<string, Placed>()
  let top = 0
  let widest = 0
  const finals: BracketNode[] = []
  const headings: Heading[] = []

  for (const group of groups) {
    if (group[0]!.branch === 'gf') {
      finals.push(...group)
      continue
    }
    const byDepth = groupBy(group, (node) => node.depth)
    const depths = [...byDepth.keys()].sort((a, b) => b - a)
    widest = Math.max(widest, depths.length)
    const headingTop = top
    top += HEADING_SPACE
    let bottom = top
    depths.forEach((depth, column) => {
      const inColumn = byDepth.get(depth)!.sort((a, b) => a.number - b.number)
      const x = column * columnWidth
      headings.push({ nodeId: inColumn[0]!.id, x, y: headingTop })
      let next = top
      for (const node of inColumn) {
        // Level with the middle of its sources in this group, if any; never above the box before it.
        let sum = 0
        let count = 0
        for (const o of node.opponents) {
          const source = o.source_node_id ? placed.get(o.source_node_id) : undefined
          if (source && source.node.group_id === node.group_id) {
            sum += source.y
            count++
          }
        }
        const y = Math.max(count ? sum / count : next, next)
        placed.set(node.id, { node, x, y })
        next = y + BOX.height + BOX.gapY
        bottom = Math.max(bottom, next)
      }
    })
    top = bottom + BOX.height
  }
  // Grand finals sit to the right of the brackets, level with the winners' final.
  finals
    .sort((a, b) => b.depth - a.depth)
    .forEach((node, index) => {
      let y = Infinity
      for (const o of node.opponents) {
        const source = o.source_node_id ? placed.get(o.source_node_id) : undefined
        if (source) y = Math.min(y, source.y)
      }
      if (y === Infinity) y = HEADING_SPACE
      const x = (widest + index) * columnWidth
      placed.set(node.id, { node, x, y })
      headings.push({ nodeId: node.id, x, y: y - HEADING_SPACE })
    })

  const connectors: Connector[] = []
  let width = 0
  let height = 0
  for (const { node, x, y } of placed.values()) {
    width = Math.max(width, x + BOX.width)
    height = Math.max(height, y + BOX.height)
    for (let index = 0; index < node.opponents.length; index++) {
      const o = node.opponents[index]!
      const source = o.source_node_id ? placed.get(o.source_node_id) : undefined
      if (!source || o.source_type !== 'winner') continue
      const fromY = source.y + BOX.height / 2
      const toY = y + (index === 0 ? BOX.height / 4 : (3 * BOX.height) / 4)
      connectors.push({
        from: source.node.id,
        to: node.id,
        slot: index,
        fromY,
        toY,
        left: source.x + BOX.width,
        right: x,
        top: Math.min(fromY, toY),
        bottom: Math.max(fromY, toY),
      })
    }
  }
  return { box, boxes: [...placed.values()], connectors, headings, width: width + 10, height: height + 10 }
}

/** The part of the picture on screen, in the picture's own pixels. */
export interface Viewport {
  left: number
  top: number
  width: number
  height: number
}

/** Brackets this large are drawn a window at a time (a 2,048-entrant double elimination has 4,094 matches). */
export const WINDOWED_FROM = 400

/** The boxes and connectors that touch the viewport grown by `margin` on every side, for drawing only those. */
export function inView(
  layout: Layout,
  view: Viewport,
  margin = 400,
): Pick<Layout, 'boxes' | 'connectors' | 'headings'> {
  const BOX = layout.box
  const left = view.left - margin
  const right = view.left + view.width + margin
  const top = view.top - margin
  const bottom = view.top + view.height + margin
  const touches = (l: number, r: number, t: number, b: number) => r >= left && l <= right && b >= top && t <= bottom
  return {
    boxes: layout.boxes.filter((box) => touches(box.x, box.x + BOX.width, box.y, box.y + BOX.height)),
    connectors: layout.connectors.filter((c) => touches(c.left, c.right, c.top, c.bottom)),
    headings: layout.headings.filter((h) => touches(h.x, h.x + BOX.width, h.y, h.y + HEADING_SPACE)),
  }
}

/** Matches grouped by round for pools, leagues and swiss: rounds in the order the service lists them. */
export function roundsOf(nodes: BracketNode[]): BracketNode[][] {
  return [...groupBy(nodes, (node) => node.round_id).values()].map((round) => round.sort((a, b) => a.number - b.number))
}
