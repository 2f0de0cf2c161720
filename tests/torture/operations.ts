// The torture test's random operations and the model of what the service must hold once they are all acknowledged.
import { Rng } from '../../sandbox/store/rng'

export type Operation =
  | { i: number; type: 'checkin'; participantId: string; checkedIn: boolean }
  | { i: number; type: 'create'; name: string; url: string; language: string }
  | { i: number; type: 'update'; name: string; language: string }
  | { i: number; type: 'delete'; name: string }
  | { i: number; type: 'links'; matchId: string; names: string[] }

export interface Model {
  checkins: Map<string, boolean>
  streams: Map<string, { url: string; language: string }>
  links: Map<string, string[]>
}

export interface Venue {
  participantIds: string[]
  /** Each participant's check-in before the run: every participant's last write must differ from it. */
  checkedInAtStart: Map<string, boolean>
  matchIds: string[]
  streams: { name: string; url: string; language: string }[]
}

const LANGUAGES = ['en', 'fr', 'de', 'es', 'pl', 'nl']

/**
 * Operations that are all valid in order (no 129th stream, no 33rd link), with the model they lead to. A check-in
 * whose last write would leave a participant as it started is flipped, so losing every write to anyone shows.
 */
export function generate(seed: number, count: number, venue: Venue): { operations: Operation[]; model: Model } {
  const rng = new Rng(seed)
  const model: Model = {
    checkins: new Map(),
    streams: new Map(venue.streams.map((s) => [s.name, { url: s.url, language: s.language }])),
    links: new Map(),
  }
  const operations: Operation[] = []
  for (let i = 0; operations.length < count; i++) {
    const roll = rng.next()
    const names = [...model.streams.keys()]
    if (roll < 0.4) {
      const op = {
        i: operations.length,
        type: 'checkin' as const,
        participantId: rng.pick(venue.participantIds),
        checkedIn: rng.chance(0.6),
      }
      model.checkins.set(op.participantId, op.checkedIn)
      operations.push(op)
    } else if (roll < 0.55 && model.streams.size < 100) {
      const n = operations.length
      const op = {
        i: n,
        type: 'create' as const,
        name: `Torture ${seed}-${n}`,
        url: `https://www.twitch.tv/torture_${seed}_${n}`,
        language: rng.pick(LANGUAGES),
      }
      model.streams.set(op.name, { url: op.url, language: op.language })
      operations.push(op)
    } else if (roll < 0.7 && names.length > 0) {
      const op = { i: operations.length, type: 'update' as const, name: rng.pick(names), language: rng.pick(LANGUAGES) }
      model.streams.get(op.name)!.language = op.language
      operations.push(op)
    } else if (roll < 0.8 && names.length > 2) {
      const op = { i: operations.length, type: 'delete' as const, name: rng.pick(names) }
      model.streams.delete(op.name)
      for (const [match, linked] of model.links)
        model.links.set(
          match,
          linked.filter((name) => name !== op.name),
        )
      operations.push(op)
    } else if (names.length > 0) {
      const chosen = rng.shuffle([...names]).slice(0, rng.int(0, Math.min(4, names.length)))
      const op = { i: operations.length, type: 'links' as const, matchId: rng.pick(venue.matchIds), names: chosen }
      model.links.set(op.matchId, chosen)
      operations.push(op)
    }
  }
  for (const [participantId, final] of model.checkins) {
    if (final !== venue.checkedInAtStart.get(participantId)) continue
    const last = operations.findLast((op) => op.type === 'checkin' && op.participantId === participantId)
    if (last?.type === 'checkin') last.checkedIn = !final
    model.checkins.set(participantId, !final)
  }
  return { operations, model }
}

/** The first creations get a twin made by someone else before the run: identical name, address and language. */
export function twinsOf(operations: Operation[], count: number): { name: string; url: string; language: string }[] {
  return operations
    .filter((op) => op.type === 'create')
    .slice(0, count)
    .map(({ name, url, language }) => ({ name, url, language }))
}
