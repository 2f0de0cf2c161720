// The desks that follow the active connection (producer's desk, doors) release everything when closed: no listener of
// the connection switch, no session subscription, no timer is left behind.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMainServices } from '../composition'

describe('following the active connection', () => {
  it('closing the desks leaves no listener of the switch or of the session behind', async () => {
    const services = await createMainServices({
      version: 't',
      dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-follower-')),
      demo: { seed: 1 },
      broadcastRefreshMs: 1_000,
    })
    const { connections } = services
    const session = connections.active.offline
    // The producer's desk, the doors' desk and the floor each follow the active connection, and the shared venue's
    // followers once for all of the venue's (its sharing, streams, floor, check-ins, roles and devices); the doors'
    // desk watches a session once a door list is followed on it (a door's connection may not be the active one).
    expect(connections.switched.listening).toBe(4)
    const tournamentId = [...connections.sandbox.store.tournaments.values()][0]!.id
    await session.reads.refresh('participants', tournamentId)
    services.doors.subscribe(tournamentId, () => undefined, connections.active.profile.id)
    const sessionListeners = session.changes.listening
    expect(sessionListeners).toBeGreaterThanOrEqual(3)
    services.broadcast.close()
    services.doors.close()
    services.floor.close()
    services.sharing.close()
    services.venueStreams.close()
    services.venueFloor.close()
    services.venueDevices.close()
    services.venueFollowers.close()
    expect(connections.switched.listening).toBe(0)
    expect(session.changes.listening).toBe(sessionListeners - 3)
    expect(session.synced.listening).toBe(0)
    await services.close()
  })
})
