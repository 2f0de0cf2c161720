// A desk killed in the middle of a Take: run as its own process on a data folder, it takes a match on air with the
// producer's store made to die (exit 9, as kill -9 would) right after the on-air statement of a Take, before the
// queue's. Prints {"streamId","matchId"} before the Take; never prints after it.
import { ProducerStore } from '../../electron/main/store/producer-store'
import { demoDesk } from '../support/demo-desk'
import { dispatchValue } from '../support/dispatch-value'

const services = await demoDesk(process.argv[2]!)
const value = dispatchValue(() => services)
const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
  (t) => t.name === 'Lyon LAN Winter Cup',
)!.id
const streams = await value<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
const streamId = streams.items[0]!.id
type Node = { id: string; status: string; opponents: { participant: unknown }[] }
const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
const ready = nodes.items.filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))
const [first, second] = ready as [Node, Node]
for (const match of [first, second]) await value('match-streams:replace', { matchId: match.id, streamIds: [streamId] })
await value('broadcast:order', { streamId, matchIds: [first.id, second.id] })
console.log(JSON.stringify({ streamId, matchId: first.id }))
// Dies between the Take's statements: the on-air match is written, the queue not yet.
ProducerStore.prototype.setOrder = () => process.exit(9)
await value('broadcast:take', { streamId, matchId: first.id })
console.log('the take finished')
