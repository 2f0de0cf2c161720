// The two real dumps of the public service parse with the shared schemas, and keep what the app relies on.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BracketNode, LegacyStage } from './index'
import { REAL_FIXTURES_DIR } from '../../tests/support/paths'

const files = readdirSync(REAL_FIXTURES_DIR).filter((name) => name.endsWith('.json'))

describe('real fixtures', () => {
  it('finds both dumps', () => {
    expect(files.sort()).toEqual(['pools-and-double-elimination-completed.json', 'single-elimination-23-pending.json'])
  })

  for (const file of files) {
    const dump = JSON.parse(readFileSync(join(REAL_FIXTURES_DIR, file), 'utf8')) as {
      legacy_stages: unknown[]
      bracket_nodes: unknown[]
    }

    it(`${file}: every legacy stage parses`, () => {
      for (const stage of dump.legacy_stages) expect(LegacyStage.safeParse(stage).error).toBeUndefined()
    })

    it(`${file}: every bracket node parses, unknown fields kept`, () => {
      for (const raw of dump.bracket_nodes) {
        const parsed = BracketNode.parse(raw)
        expect(parsed).toEqual(raw)
      }
    })

    it(`${file}: every source_node_id names a node of the same dump`, () => {
      const nodes = dump.bracket_nodes.map((raw) => BracketNode.parse(raw))
      const ids = new Set(nodes.map((node) => node.id))
      const sources = nodes.flatMap((node) => node.opponents.map((o) => o.source_node_id)).filter((id) => id !== null)
      expect(sources.length).toBeGreaterThan(0)
      for (const id of sources) expect(ids.has(id)).toBe(true)
    })
  }

  it('the completed dump carries winners, losers and grand final branches with results', () => {
    const dump = JSON.parse(
      readFileSync(join(REAL_FIXTURES_DIR, 'pools-and-double-elimination-completed.json'), 'utf8'),
    ) as {
      bracket_nodes: unknown[]
    }
    const nodes = dump.bracket_nodes.map((raw) => BracketNode.parse(raw))
    expect(new Set(nodes.map((n) => n.branch))).toEqual(new Set(['wb', 'lb', 'gf']))
    expect(nodes.flatMap((n) => n.opponents.map((o) => o.result))).toContain('win')
    expect(nodes.flatMap((n) => n.opponents.map((o) => o.source_type))).toContain('loser')
  })
})
