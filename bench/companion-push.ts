// The Companion module's state pushed, not polled: the module (companion-module/, its connection with a host harness
// standing in for Companion) runs in this process against a real hub in web mode in another, as Companion runs a
// module beside Matchdesk. 200 Takes at the desk alternate two matches on one stream; each is timed from the desk's
// call until the module told Companion the stream's new left name (goal p99 ≤ 100 ms). Beside it, what a button
// polling the hub every 5 s (Generic HTTP's way) would lag on average: half the interval.
import { MatchdeskConnection } from '../companion-module/src/connection'
import { streamKey } from '../companion-module/src/variables'
import type { HubStatus } from '../shared/ipc/hub'
import { HostHarness } from '../tests/companion/host-harness'
import { startWebMode } from '../tests/e2e/support/web-mode'
import { linkedDuels } from '../tests/support/linked-duels'
import { percentile, round } from './support/stats'

const TAKES = 200
const GOAL_MS = 100
const POLL_MS = 5000

const web = await startWebMode(['--demo-simulate', '0', '--broadcast-refresh', '0'])
const { tournamentId, streamId, duels: matches } = await linkedDuels(web.ipc, 2)
// Names that differ on the left, so each Take changes the variable.
if (matches[0]!.opponents[0]!.participant!.name === matches[1]!.opponents[0]!.participant!.name)
  throw new Error('the two matches have the same left name')
await web.ipc('broadcast:status', { tournamentId })
const token = (await web.ipc<HubStatus>('hub:status', {})).controlToken

const host = new HostHarness()
const connection = new MatchdeskConnection(host)
connection.configure({ hub: web.hub, token, deviceKey: '' })
const variable = `${streamKey(streamId)}_left_name`
const told = (name: string, since: number) =>
  new Promise<number>((resolve) => {
    const check = setInterval(() => {
      const at = host.told.find((t) => t.id === variable && t.value === name && t.at >= since)?.at
      if (at !== undefined) {
        clearInterval(check)
        resolve(at)
      }
    }, 1)
  })
await new Promise<void>((resolve) => {
  const ready = setInterval(() => host.status?.status === 'ok' && (clearInterval(ready), resolve()), 10)
})

const samples: number[] = []
for (let i = 0; i < TAKES; i++) {
  const match = matches[i % 2]!
  const started = performance.now()
  const shown = told(match.opponents[0]!.participant!.name, started)
  await web.ipc('broadcast:take', { streamId, matchId: match.id })
  samples.push((await shown) - started)
  host.told.length = 0
}
connection.destroy()
await web.stop()
samples.sort((a, b) => a - b)
const p99 = round(percentile(samples, 99), 1)
console.log(
  JSON.stringify({
    takes: TAKES,
    take_to_module_variable_ms: {
      p50: round(percentile(samples, 50), 1),
      p99,
      max: round(samples.at(-1)!, 1),
    },
    goal_p99_ms: GOAL_MS,
    met: p99 <= GOAL_MS,
    poll_every_5s_mean_lag_ms: POLL_MS / 2,
  }),
)
