// The players' phones: finding a player by name or badge, each player's own page worked out from the floor (their
// check-in, next match, station and call), their reports at the station (proved by their badge code or the station's
// one-time code), and staff's answer to them. Nothing of another player beyond what the board shows.
import { wordsFor } from '../../../shared/broadcast/words'
import { byNaturalName } from '../../../shared/text/natural-order'
import type { FloorState, StationView, UpNextMatch } from '../../../shared/floor/floor'
import {
  FOUND_MAX,
  inBracketOrder,
  type FoundPlayer,
  type PlayerReport,
  type PlayerView,
  type ReportedGame,
} from '../../../shared/floor/players'
import type { LivePress } from '../../../shared/broadcast/live-layer'
import type { Participant } from '../../../shared/api'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { OfflineSession } from '../services/offline-session'
import type { RoleGuard } from '../venue/venue-role-guard'
import type { FloorDesk } from './floor-desk'
import { refused } from './floor-desk'
import { sameSecret, type PlayerReports } from './player-reports'
import { moduleLog } from '../log'

const log = moduleLog('player-desk')

export interface PlayerDeskPorts {
  floor: FloorDesk
  reports: PlayerReports
  /** The active connection's session: its people and the tournament's language. */
  session: () => OfflineSession
  /** Tells the person at the desk (a dispute called a judge). */
  notify(message: string): void
  /** This desk's role in a shared venue: staff's answers to reports are floor commands. */
  roles?: RoleGuard
  /** The desk's clock: a page counts down from it. */
  clock: Pick<Clock, 'now'>
  /** The live layers of the streams' on-air duels: a stream's station's agreed result goes on air (none in some tests). */
  live?: {
    onAirLayer(streamId: string): { layer: { matchId: string } } | null
    fromOutside(streamId: string, presses: readonly LivePress[], cause: string, by: 'players'): unknown
  }
}

/** Where each participant's next match is on a floor: worked out once per floor state, read by every phone. */
type Place = { station: StationView | null; match: StationView['match'] | UpNextMatch }
const placesOf = new WeakMap<FloorState, Map<string, Place>>()

function places(state: FloorState): Map<string, Place> {
  let found = placesOf.get(state)
  if (found) return found
  found = new Map()
  for (const station of state.stations)
    for (const o of station.match?.opponents ?? [])
      if (o.participantId) found.set(o.participantId, { station, match: station.match })
  for (const match of state.upNext)
    for (const o of match.opponents)
      if (o.participantId && !found.has(o.participantId)) found.set(o.participantId, { station: null, match })
  placesOf.set(state, found)
  return found
}

/** A name or a code as a search compares it: case and width folded. */
const folded = (text: string) => text.normalize('NFKC').toLocaleLowerCase().trim()

/** A followed tournament's floor as last told, shared by its phones (1,000 phones reconnecting read it once). */
interface Followed {
  state: FloorState
  phones: Set<(state: FloorState) => void>
  stop: () => void
}

export class PlayerDesk {
  private readonly followed = new Map<string, Followed>()

  constructor(private readonly ports: PlayerDeskPorts) {}

  /**
   * Players whose name holds `q`, or whose badge code is `q` (at most FOUND_MAX, by name); `byName` is false when no
   * name held it (a code, or nothing found).
   */
  find(tournamentId: string, q: string): { players: FoundPlayer[]; byName: boolean } {
    const wanted = folded(q)
    const people = this.people(tournamentId)
    const named = people.filter((p) => folded(p.name).includes(wanted))
    const found = named.length > 0 ? named : people.filter((p) => badgeFits(p, q))
    return {
      players: found
        .sort(byNaturalName)
        .slice(0, FOUND_MAX)
        .map((p) => ({ id: p.id, name: p.name })),
      byName: named.length > 0,
    }
  }

  /** A player's page now. */
  view(tournamentId: string, playerId: string): PlayerView {
    return this.viewIn(this.floorOf(tournamentId), this.person(tournamentId, playerId))
  }

  /** A player's page at each change of the floor that changes it (the first at once). */
  follow(tournamentId: string, playerId: string, listener: (view: PlayerView) => void): () => void {
    const person = this.person(tournamentId, playerId)
    let told = ''
    const tell = (state: FloorState) => {
      const view = this.viewIn(state, this.ports.session().cache.get('participants', playerId) ?? person)
      // The clock moves each time: only what the player reads is compared.
      const said = JSON.stringify({ ...view, now: 0 })
      if (said === told) return
      told = said
      listener(view)
    }
    const followed = this.followedFloor(tournamentId)
    tell(followed.state)
    followed.phones.add(tell)
    return () => {
      followed.phones.delete(tell)
      if (followed.phones.size > 0 || this.followed.get(tournamentId) !== followed) return
      followed.stop()
      this.followed.delete(tournamentId)
    }
  }

  /** The tournament's floor shared by its phones: read once when the first follows, then as each change tells it. */
  private followedFloor(tournamentId: string): Followed {
    const kept = this.followed.get(tournamentId)
    if (kept) return kept
    const shared: Followed = { state: this.ports.floor.read(tournamentId), phones: new Set(), stop: () => undefined }
    shared.stop = this.ports.floor.subscribeFloor(tournamentId, (state) => {
      shared.state = state
      for (const phone of shared.phones)
        try {
          phone(state)
        } catch (error) {
          // let go: one phone's page that cannot be worked out (its player gone) stops no other, nor the floor
          log.warn(`a player's page: ${(error as Error).message}`)
        }
    })
    this.followed.set(tournamentId, shared)
    return shared
  }

  /** The floor as last told while phones follow it; else read now. */
  private floorOf(tournamentId: string): FloorState {
    return this.followed.get(tournamentId)?.state ?? this.ports.floor.read(tournamentId)
  }

  /** A player's report at their station, proved by their badge code or the station's code for the match. */
  report(tournamentId: string, playerId: string, report: PlayerReport, from: string): PlayerView {
    const person = this.person(tournamentId, playerId)
    const state = this.ports.floor.read(tournamentId)
    const place = places(state).get(playerId)
    const station = place?.station
    if (!station?.match) throw refused('games', 'games: your match is not on a station yet')
    const { match } = station
    const side = match.opponents.findIndex((o) => o.participantId === playerId)
    if (match.opponents.length !== 2 || (side !== 0 && side !== 1))
      throw refused('games', 'games: only a match of two can be reported here')
    const { reports } = this.ports
    const words = wordsFor(this.localeOf(tournamentId))
    const byBadge = badgeFits(person, report.code)
    if (!byBadge && !reports.codeFits(station.id, match.id, report.code))
      throw new AppError('forbidden', words.words.player.wrongCode)
    // The station's code proves presence, not who: one phone does not report both sides with it.
    if (!byBadge && reports.reportedFrom(station.id, match.id, side === 0 ? 1 : 0) === from)
      throw new AppError('conflict', words.words.player.ownPhone)
    const before = reports.of(station.id, match.id).report
    if (before?.confirmed) throw refused('games', 'games: staff confirmed this match’s result already')
    const after = reports.report(station.id, match.id, side, inBracketOrder(report.games, side), from)
    if (!byBadge) reports.used(station.id, match.id)
    const told = this.ports.floor.reported(tournamentId, 'a player reported a result')
    if (after.state === 'agreed' && before?.state !== 'agreed' && station.stream)
      this.onAir(station.stream.id, match.id, after.reports[0]!)
    if (after.state === 'disputed' && before?.state !== 'disputed') {
      // A judge is called: at the desk, and in the floor's channel when it has one.
      const names = match.opponents.map((o) => o.name).join(' vs ')
      this.ports.notify(`Disputed at ${station.name}: ${names} reported different results. A judge is called.`)
      const versus = match.opponents.map((o) => o.name).join(` ${words.words.versus} `)
      this.ports.floor.tellWebhook(
        tournamentId,
        words.say(words.words.player.judge, { station: station.name, match: versus }),
      )
    }
    return this.viewIn(told, person)
  }

  /** Staff confirm the players' agreed result, or clear the reports (a judge settled it): the players are told. */
  answer(tournamentId: string, stationId: string, action: 'confirm' | 'clear'): FloorState {
    this.ports.roles?.check('floor')
    const station = this.ports.floor.read(tournamentId).stations.find((s) => s.id === stationId)
    if (!station?.match) throw refused('stationId', 'stationId: this station has no match')
    if (action === 'confirm') {
      if (station.players?.report?.state !== 'agreed')
        throw refused('stationId', `${station.name}: its players have not agreed on a result`)
      this.ports.reports.confirm(station.id, station.match.id)
    } else this.ports.reports.clear(station.id, station.match.id)
    return this.ports.floor.reported(
      tournamentId,
      `staff ${action === 'confirm' ? 'confirmed' : 'cleared'} the players’ reports`,
    )
  }

  /**
   * A stream's station: the players' agreed games go on its live layer (each game's winner) when its duel is on air; a
   * layer that cannot take them (more games than its best-of) is said at the desk, the report kept as it is.
   */
  private onAir(streamId: string, matchId: string, games: readonly ReportedGame[]): void {
    const live = this.ports.live
    if (live?.onAirLayer(streamId)?.layer.matchId !== matchId) return
    const presses: LivePress[] = games.map(([a, b], i) => ({
      kind: 'winner',
      game: i + 1,
      side: a > b ? 0 : b > a ? 1 : null,
    }))
    try {
      live.fromOutside(streamId, presses, 'the players’ agreed result from their phones', 'players')
    } catch (error) {
      this.ports.notify(`The players’ agreed result did not go on air: ${(error as Error).message}`)
    }
  }

  private viewIn(state: FloorState, person: Participant): PlayerView {
    const place = places(state).get(person.id)
    const match = place?.match
    const side = match?.opponents.findIndex((o) => o.participantId === person.id) ?? -1
    const call = place?.station?.call
    const report = place?.station?.players?.report
    const duel = match?.opponents.length === 2
    return {
      tournament: state.tournament,
      locale: this.localeOf(state.tournamentId),
      player: { id: person.id, name: person.name, checkedIn: person.checked_in ?? null },
      match:
        match && side >= 0
          ? {
              id: match.id,
              label: match.label,
              opponents: match.opponents.filter((_, i) => i !== side).map((o) => o.name),
              side,
              station: place.station?.name ?? null,
              call: call
                ? { calledAt: call.calledAt, deadline: call.deadline, arrived: call.arrived[side] ?? false }
                : null,
              report: report
                ? {
                    mine: report.reports[side as 0 | 1] ? inBracketOrder(report.reports[side as 0 | 1]!, side) : null,
                    state: report.state,
                    confirmed: report.confirmed,
                  }
                : null,
              reportable: duel && place.station !== null,
            }
          : null,
      // The desk's clock now: the floor may have been told a while ago.
      now: this.ports.clock.now(),
    }
  }

  private people(tournamentId: string): Participant[] {
    const { cache } = this.ports.session()
    if (!cache.holdsAny('participants', tournamentId))
      throw new AppError('not_found', 'This tournament is not open on the venue’s desk.')
    return cache.list('participants', tournamentId)
  }

  private person(tournamentId: string, playerId: string): Participant {
    const person = this.ports.session().cache.get('participants', playerId)
    if (!person || person.tournament_id !== tournamentId)
      throw new AppError('not_found', 'No such player in this tournament.')
    return person
  }

  private localeOf(tournamentId: string) {
    return this.ports.session().localeOf(tournamentId)
  }
}

/** A badge's code as the door scans it (`findScanned`'s rule: trimmed, any case), compared in constant time. */
function badgeFits(person: Participant, code: string): boolean {
  const badge = person.custom_user_identifier?.trim().toLowerCase()
  return badge ? sameSecret(badge, code.trim().toLowerCase()) : false
}
