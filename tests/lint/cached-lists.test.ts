// The page reads the lists main keeps (tournaments, stages, participants, streams, the bracket: the channels that answer
// packed) only through `CachedList`, which follows `cache:updated` and the live refresh: a view that asks once with
// `invoke` shows a list that never changes again.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PACKED_CHANNELS } from '../../shared/ipc/contract'
import { PROJECT_ROOT } from '../support/paths'

const RENDERER = join(PROJECT_ROOT, 'renderer', 'src')
/** Where the rule is kept: `CachedList` itself, and tests (which may ask main anything). */
const KEEPERS = new Set(['lib/cached-list.svelte.ts'])

function pageFiles(folder = RENDERER): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return pageFiles(path)
    const code = /\.(svelte|ts)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)
    return code && !KEEPERS.has(relative(RENDERER, path)) ? [path] : []
  })
}

/** Each place a file asks main for a kept list directly. */
function directReads(text: string): string[] {
  return [...text.matchAll(/\b(?:invoke|write)\(\s*['"]([\w:-]+)['"]/g)]
    .map((match) => match[1]!)
    .filter((channel) => PACKED_CHANNELS.has(channel))
}

describe('kept lists', () => {
  it('are read by the page only through CachedList', () => {
    const offenders = pageFiles().flatMap((file) =>
      directReads(readFileSync(file, 'utf8')).map((channel) => `${relative(PROJECT_ROOT, file)}: ${channel}`),
    )
    expect(offenders).toEqual([])
  })

  it('finds a direct read when there is one', () => {
    expect(directReads(`void invoke('streams:list', { tournamentId })`)).toEqual(['streams:list'])
    expect(directReads(`void invoke('hub:status', {})`)).toEqual([])
  })
})
