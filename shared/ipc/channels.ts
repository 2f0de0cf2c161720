// What the preload knows of the IPC contract: what a channel or event name looks like ("streams:list"). The names
// themselves are the contract's keys (contract.ts) and the events' (events.ts); main registers a handler for each of
// the contract's and sends only the events', so a name of the right look that is neither is answered by nothing.
export type { Channel } from './contract'
export type { EventName } from './events'

/** "streams:list", "match-streams:of-tournament": a prefix and a name, each lowercase words joined by "-". */
export function isChannelName(name: unknown): name is string {
  return typeof name === 'string' && /^[a-z]+(?:-[a-z]+)*:[a-z]+(?:-[a-z]+)*$/.test(name)
}
