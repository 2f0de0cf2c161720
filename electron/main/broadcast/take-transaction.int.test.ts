// A Take is one transaction: a desk killed between its statements leaves on air and the queue as they were together,
// never a match both on air and still queued (what the old sequence of separate commits left).
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../../tests/support/paths'
import { demoDesk } from '../../../tests/support/demo-desk'

it('leaves on air and the queue agreeing when the desk dies in the middle of a Take', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-take-crash-'))
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/torture/take-crash.ts', dataDir], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(run.status).toBe(9)
  expect(run.stdout).not.toContain('the take finished')
  const { streamId, matchId } = JSON.parse(run.stdout.trim().split('\n')[0]!) as { streamId: string; matchId: string }

  const services = await demoDesk(dataDir)
  const producer = services.connections.active.offline.producer
  const onAir = producer.desk(streamId).onAir
  const queued = producer.order(streamId)
  await services.close()
  // Before the Take: nothing on air, the match queued first. A half Take had it on air and queued at once.
  expect({ onAir, queued: queued.includes(matchId) }).toEqual({ onAir: null, queued: true })
}, 90_000)

it('tells followers what a desk action published only once it committed, and nothing of one rolled back', async () => {
  const { openDatabase } = await import('../db/db')
  const { ProducerStore } = await import('../store/producer-store')
  const { EventBus } = await import('../event-bus')
  const { Publication } = await import('./publication')
  const { buildFeed, tournamentSources } = await import('./feed-builder')
  const { node, NOW } = await import('../../../tests/support/bracket-node')
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'matchdesk-publication-')), 'profile.sqlite'))
  const store = new ProducerStore(db)
  const publication = new Publication(new EventBus(), () => store)
  const heard: string[] = []
  const feedOf = (onAir: string | null) =>
    buildFeed({
      ...tournamentSources(
        { id: 't', name: 'Cup', locale: null, logo: null },
        [node('m1', 1, 1, 'running')],
        new Map([['m1', ['st']]]),
        () => true,
      ),
      stream: { id: 'st', tournament_id: 't', name: 'Main', url: 'https://twitch.tv/main', language: 'en' },
      desk: { onAir, takenAt: onAir ? NOW : null, order: [] },
      casters: [],
      now: NOW,
      online: true,
    })
  const stop = publication.subscribe('st', feedOf(null), (feed) => heard.push(feed.onAir?.id ?? 'none'))
  heard.length = 0
  expect(() =>
    publication.afterCommit(() =>
      db.transaction(() => {
        publication.publish('st', feedOf('m1'))
        expect(heard).toEqual([])
        throw new Error('the commit failed')
      })(),
    ),
  ).toThrow('the commit failed')
  expect(heard).toEqual([])
  expect(publication.shown('st')).toBeUndefined()
  publication.afterCommit(() => db.transaction(() => publication.publish('st', feedOf('m1')))())
  expect(heard).toEqual(['m1'])
  stop()
  db.close()
})
