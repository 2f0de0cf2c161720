// One number per station when two desks made stations at once (each numbered them after the last it knew): among
// stations of a tournament with one number, the lowest id keeps it and each other moves after the tournament's last,
// in id order — the same on every desk, so only the desk that made a moved station writes its new number. A name that
// ends in its old number ("Station 3") ends in the new one (its words shortened if the name would grow too long).
import { STATION_NAME_MAX } from './floor'

/** A station as far as its number goes. */
export interface NumberedStation {
  tournamentId: string
  station: { number: number; name: string } | null
}

/** Each station that must move (by id) → its new number and name. */
export function renumbered(
  stations: Iterable<readonly [string, NumberedStation]>,
): Map<string, { number: number; name: string }> {
  const byTournament = new Map<string, [string, { number: number; name: string }][]>()
  for (const [id, { tournamentId, station }] of stations)
    if (station) byTournament.set(tournamentId, [...(byTournament.get(tournamentId) ?? []), [id, station]])
  const moves = new Map<string, { number: number; name: string }>()
  for (const list of byTournament.values()) {
    list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    let last = Math.max(...list.map(([, s]) => s.number))
    const taken = new Set<number>()
    for (const [id, { number, name }] of list) {
      if (!taken.has(number)) {
        taken.add(number)
        continue
      }
      last += 1
      const suffix = ` ${number}`
      const words = name.slice(0, -suffix.length).slice(0, STATION_NAME_MAX - ` ${last}`.length)
      moves.set(id, { number: last, name: name.endsWith(suffix) ? `${words} ${last}` : name })
    }
  }
  return moves
}
