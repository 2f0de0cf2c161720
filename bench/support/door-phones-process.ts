// The door phones' process (see door-phones.ts): told a job, scans it round by round, answers the figures.
import type { DoorOutcome } from '../../shared/venue/door'
import { Agent } from 'node:http'
import type { DoorPhonesJob, DoorRound } from './door-phones'
import { postJson } from './hub-clients'
import { serveJobs } from './forked'

serveJobs(run)

async function run({ hub, doors }: DoorPhonesJob): Promise<DoorRound[]> {
  const agents = doors.map(() => new Agent({ keepAlive: true }))
  const rounds: DoorRound[] = []
  for (let round = 0; round < doors[0]!.rounds.length; round++) {
    const figures: DoorRound = { acks: [], outcomes: {}, ms: 0 }
    const started = performance.now()
    await Promise.all(
      doors.map(async (door, d) => {
        for (const code of door.rounds[round]!) {
          const { ms, answer } = await postJson<DoorOutcome>(
            agents[d]!,
            hub,
            '/door/v1/scan',
            { code },
            { 'x-matchdesk-key': door.key },
          )
          figures.acks.push(ms)
          figures.outcomes[answer.outcome] = (figures.outcomes[answer.outcome] ?? 0) + 1
        }
      }),
    )
    figures.ms = performance.now() - started
    rounds.push(figures)
  }
  for (const agent of agents) agent.destroy()
  return rounds
}
