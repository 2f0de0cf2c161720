// README's feed example is a feed: it parses against the schema the hub answers with, and names every field a
// graphic can read (a field added to the feed and not to the example fails here).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Feed, FeedMatch } from '../../shared/broadcast/feed'
import { PROJECT_ROOT } from '../support/paths'

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8')
const example = /\*\*The feed\.\*\*[\s\S]*?```json\n([\s\S]*?)\n```/.exec(readme)?.[1]

describe('README’s feed example', () => {
  it('parses as a feed and names every field of the feed and of a match', () => {
    expect(example).toBeDefined()
    const raw = JSON.parse(example!) as Record<string, unknown> & { onAir: Record<string, unknown> }
    expect(Feed.safeParse(raw).error?.issues ?? []).toEqual([])
    expect(Object.keys(raw).sort()).toEqual(Object.keys(Feed.shape).sort())
    expect(Object.keys(raw.onAir).sort()).toEqual(Object.keys(FeedMatch.shape).sort())
  })
})
