// The floor's hardest names, given on the service: the first matches that may go on a station (Up next also lists a
// stream's and a busy player's) get the names given, one list per match, and the desk reads them again.
import { expect } from 'vitest'
import type { DemoService } from './demo-service'
import type { WebMode } from './web-mode'

type UpNext = { upNext: { opponents: { participantId: string }[]; waits: { kind: string }[] }[] }

/** Reads the tournament once (participants, links, bracket), then names the first placeable matches' players. */
export async function nameFirstPlaceable(
  web: WebMode,
  service: DemoService,
  tournamentId: string,
  names: readonly (readonly string[])[],
): Promise<void> {
  await web.ipc('participants:list', { tournamentId, filters: {} })
  await web.ipc('match-streams:of-tournament', { tournamentId })
  await web.ipc('bracket:nodes', { tournamentId, filters: {} })
  const floor = await web.ipc<UpNext>('floor:state', { tournamentId })
  const placeable = floor.upNext.filter((m) => m.waits.every((w) => w.kind === 'not-checked-in'))
  for (const [m, matchNames] of names.entries())
    for (const [i, opponent] of placeable[m]!.opponents.entries()) {
      const answer = await service(`/organizer/v2/participants/${opponent.participantId}`, {
        method: 'PATCH',
        body: JSON.stringify({ name: matchNames[i % matchNames.length] }),
      })
      expect(answer.status).toBe(200)
    }
  await web.ipc('cache:refresh', { resource: 'participants', scope: tournamentId, full: true })
  await web.ipc('cache:refresh', { resource: 'nodes', scope: tournamentId, full: true })
}
