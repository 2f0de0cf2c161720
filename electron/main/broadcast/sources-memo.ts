// Each tournament's feed sources, kept while what they come from is the same: the bracket's part (labels, paths, queues'
// nodes: ~40 ms for a 4,094-match bracket) is worked out again only when the kept nodes or links change, the rest when
// the tournament's look, stages or participants do. Inputs are compared by identity: the cache hands out the same
// kept list until it is written.
import type { BracketNode } from '../../../shared/api'
import { bracketSources, withBracket, type BracketSources, type TournamentSources } from './feed-builder'

/** What a tournament's sources are made of, each part as the cache keeps it. */
export interface SourceParts {
  nodes: readonly BracketNode[]
  links: ReadonlyMap<string, readonly string[]>
  tournament: TournamentSources['tournament']
  stages: Parameters<typeof withBracket>[3]
  /** The participants by id (the kept list's index), which `checkedIn` and `countryOf` read. */
  participants: ReadonlyMap<string, unknown>
  checkedIn: TournamentSources['checkedIn']
  countryOf: TournamentSources['countryOf']
}

interface Kept {
  parts: SourceParts
  bracket: BracketSources
  sources: TournamentSources
}

const sameTournament = (a: SourceParts['tournament'], b: SourceParts['tournament']) =>
  a.id === b.id && a.name === b.name && a.locale === b.locale && a.logo === b.logo

export class SourcesMemo {
  readonly #kept = new Map<string, Kept>()

  /** The tournament's sources: the ones worked out last, unless a part changed since. */
  of(tournamentId: string, parts: SourceParts): TournamentSources {
    const kept = this.#kept.get(tournamentId)
    const sameBracket = kept && kept.parts.nodes === parts.nodes && kept.parts.links === parts.links
    if (
      kept &&
      sameBracket &&
      sameTournament(kept.parts.tournament, parts.tournament) &&
      kept.parts.stages === parts.stages &&
      kept.parts.participants === parts.participants
    )
      return kept.sources

    const bracket = sameBracket ? kept.bracket : bracketSources(parts.nodes, parts.links)
    const sources = withBracket(bracket, parts.tournament, parts.checkedIn, parts.stages, parts.countryOf)
    this.#kept.set(tournamentId, { parts, bracket, sources })
    return sources
  }

  /** Another connection: nothing worked out for the last one is used again. */
  forget(): void {
    this.#kept.clear()
  }
}
