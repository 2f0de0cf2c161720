// Who hears of a venue floor: the venue boards (each change, names only), the players' pages (each change, whole: each
// reads its own player's part) and the doors (a call, and its end when it no
// longer stands: un-called, freed, deleted, everyone there). The desk's own page hears through the event bus.
import { wordsFor, type ViewerLocale } from '../../../shared/broadcast/words'
import type { BoardState, CallNotice, FloorState, StationView } from '../../../shared/floor/floor'
import { boardOf, noticeOf, standing } from './floor-view'

export type BoardListener = (board: BoardState) => void
/** The whole floor, for the players' pages (each picks its own player's part). */
export type FloorListener = (state: FloorState) => void
/** A call reaches the doors ('called'), and leaves them when it is over: un-called, freed, everyone arrived. */
export type CallListener = (event: 'called' | 'uncalled', data: CallNotice | { stationId: string }) => void

export class FloorAnnouncer {
  private readonly boards = new Map<string, Set<BoardListener>>()
  private readonly calls = new Map<string, Set<CallListener>>()
  private readonly floors = new Map<string, Set<FloorListener>>()
  /** The stations each tournament's doors were last told are called, with when each was called. */
  private readonly standing = new Map<string, Map<string, number>>()

  /** `localeOf`: the language of a tournament, which its players read on the boards and the doors. */
  constructor(private readonly localeOf: (tournamentId: string) => ViewerLocale) {}

  /** Follows a tournament's board: each change from now on. */
  subscribeBoard(tournamentId: string, listener: BoardListener): () => void {
    return listen(this.boards, tournamentId, listener)
  }

  /** Follows a tournament's whole floor (the players' pages). */
  subscribeFloor(tournamentId: string, listener: FloorListener): () => void {
    return listen(this.floors, tournamentId, listener)
  }

  /** Follows a tournament's calls (door phones). */
  subscribeCalls(tournamentId: string, listener: CallListener): () => void {
    return listen(this.calls, tournamentId, listener)
  }

  /** Whether a board, a door or a player's page follows the tournament. */
  heard(tournamentId: string): boolean {
    return this.boards.has(tournamentId) || this.calls.has(tournamentId) || this.floors.has(tournamentId)
  }

  /** The tournaments a board, a door or a player's page follows. */
  tournaments(): string[] {
    return [...new Set([...this.boards.keys(), ...this.calls.keys(), ...this.floors.keys()])]
  }

  /**
   * The floor's new state: to every board, and to the doors the calls that stand no more — and, when another desk of
   * the venue changed it (`elsewhere`), the calls it made or made again, as this desk's own are (`called`).
   */
  changed(state: FloorState, elsewhere = false): void {
    const { tournamentId } = state
    const standingNow = new Map(state.stations.filter(standing).map((s) => [s.id, s.call!.calledAt]))
    const before = this.standing.get(tournamentId)
    this.standing.set(tournamentId, standingNow)
    for (const stationId of before?.keys() ?? [])
      if (!standingNow.has(stationId))
        for (const listener of this.calls.get(tournamentId) ?? []) listener('uncalled', { stationId })
    if (elsewhere)
      for (const station of state.stations)
        if (standingNow.has(station.id) && before?.get(station.id) !== standingNow.get(station.id))
          this.called(tournamentId, station)
    for (const listener of this.floors.get(tournamentId) ?? []) listener(state)
    const boards = this.boards.get(tournamentId)
    if (boards) {
      const board = boardOf(state, this.localeOf(tournamentId))
      for (const listener of boards) listener(board)
    }
  }

  /** A call reaches every door of the tournament; answers what they were told. */
  called(tournamentId: string, station: StationView): CallNotice {
    const notice = noticeOf(station, wordsFor(this.localeOf(tournamentId)))
    for (const listener of this.calls.get(tournamentId) ?? []) listener('called', notice)
    return notice
  }
}

function listen<L>(map: Map<string, Set<L>>, tournamentId: string, listener: L): () => void {
  const set = map.get(tournamentId) ?? new Set<L>()
  set.add(listener)
  map.set(tournamentId, set)
  return () => {
    set.delete(listener)
    if (set.size === 0) map.delete(tournamentId)
  }
}
