// A Take is one transaction: a desk killed between its statements leaves on air and the queue as they were together,
// never a match both on air and still queued (what the old sequence of separate commits left).
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../../tests/support/paths'
import { createMainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

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

  const services = await createMainServices({
    version: 't',
    dataDir,
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
    broadcastRefreshMs: 0,
  })
  const producer = services.connections.active.offline.producer
  const onAir = producer.desk(streamId).onAir
  const queued = producer.order(streamId)
  await services.close()
  // Before the Take: nothing on air, the match queued first. A half Take had it on air and queued at once.
  expect({ onAir, queued: queued.includes(matchId) }).toEqual({ onAir: null, queued: true })
}, 90_000)
