// Ranges as the public service answers them: required, 206 + Content-Range, partial past the end, 416, 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../index'
import { openSession, type Session } from '../../tests/support/sandbox-session'

let sandbox: Sandbox
let s: Session
let total: number

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3 })
  s = await openSession(sandbox)
  total = sandbox.store.participants.size
})
afterAll(() => sandbox.close())

describe('Range on list endpoints', () => {
  it('answers 206 with Content-Range first-last/total', async () => {
    const answer = await s.org('GET', '/participants', { range: 'participants=0-9' })
    expect(answer.status).toBe(206)
    expect(answer.headers.get('content-range')).toBe(`participants 0-9/${total}`)
    expect(answer.body).toHaveLength(10)
  })

  it('answers a range running past the end partially', async () => {
    const answer = await s.org('GET', '/participants', { range: `participants=${total - 3}-${total + 20}` })
    expect(answer.status).toBe(206)
    expect(answer.headers.get('content-range')).toBe(`participants ${total - 3}-${total - 1}/${total}`)
    expect(answer.body).toHaveLength(3)
  })

  it('answers 416 for a range starting past the end', async () => {
    const answer = await s.org('GET', '/participants', { range: `participants=${total}-${total + 9}` })
    expect(answer.status).toBe(416)
    expect(answer.headers.get('content-range')).toBe(`participants */${total}`)
  })

  it('answers 416 for a first offset above the last and for ranges wider than the unit allows', async () => {
    expect((await s.org('GET', '/participants', { range: 'participants=9-3' })).status).toBe(416)
    expect((await s.org('GET', '/participants', { range: 'participants=0-50' })).status).toBe(416)
    expect((await s.org('GET', '/bracket-nodes', { range: 'nodes=0-127' })).status).toBe(206)
    expect((await s.org('GET', '/bracket-nodes', { range: 'nodes=0-128' })).status).toBe(416)
  })

  it('answers 400 without a Range header, or with a malformed one, naming the header', async () => {
    for (const range of [undefined, 'participants=a-b', 'items=0-9', 'participants=0']) {
      const answer = await s.org('GET', '/participants', range ? { range } : {})
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ errors: [{ scope: 'header', property_path: 'Range' }] })
    }
  })

  it('uses each list unit', async () => {
    const units: [string, string][] = [
      ['/tournaments', 'tournaments'],
      ['/streams', 'streams'],
      ['/disciplines', 'disciplines'],
      ['/bracket-nodes', 'nodes'],
      ['/stages', 'stages'],
    ]
    for (const [path, unit] of units) {
      const answer = await s.org('GET', path, { range: `${unit}=0-1` })
      expect(answer.headers.get('content-range'), path).toMatch(new RegExp(`^${unit} 0-1/\\d+$`))
      expect((await s.org('GET', path, { range: `participants=0-1` })).status, `${path} with the wrong unit`).toBe(400)
    }
  })

  it('pages through a whole list without gaps or repeats', async () => {
    const seen: string[] = []
    for (let first = 0; ; first += 7) {
      const answer = await s.org('GET', '/participants', { range: `participants=${first}-${first + 6}` })
      if (answer.status === 416) break
      seen.push(...(answer.body as { id: string }[]).map((p) => p.id))
    }
    expect(seen).toHaveLength(total)
    expect(new Set(seen).size).toBe(total)
  })
})
