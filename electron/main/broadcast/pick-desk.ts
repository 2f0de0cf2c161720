// The picks and maps a tournament's discipline keeps (characters, maps, their images), as the desk and the tablets
// read and change them: kept per discipline, so every tournament of a game shares them.
import { AppError } from '../app-error'
import type { OfflineSession } from '../services/offline-session'
import type { PickImageRow, PickListName } from '../store/pick-lists'
import type { PickLists } from '../../../shared/broadcast/live-layer'
import { setPickImage } from './pick-images'

export class PickDesk {
  constructor(
    private readonly session: () => OfflineSession,
    /** What every live feed carries changed (an item's image): each is published again. */
    private readonly republishAll: () => void,
  ) {}

  /** The picks and maps kept for a tournament's discipline (empty lists until the producer keeps some). */
  lists(tournamentId: string): PickLists {
    return this.session().pickLists.of(this.disciplineOf(tournamentId))
  }

  setLists(tournamentId: string, lists: PickLists): PickLists {
    const discipline = this.disciplineOf(tournamentId)
    this.session().pickLists.set(discipline, lists)
    return this.session().pickLists.of(discipline)
  }

  /** The discipline's item images (what has one), as the desk lists them. */
  images(tournamentId: string): PickImageRow[] {
    return this.session().pickLists.images(this.disciplineOf(tournamentId))
  }

  /** Keeps or forgets an item's image; every live stream shows it at once where its match names the item. */
  setImage(tournamentId: string, change: { list: PickListName; item: string; image: string | null }): PickImageRow[] {
    const rows = setPickImage(this.session().pickLists, this.disciplineOf(tournamentId), change)
    this.republishAll()
    return rows
  }

  /** An item's image by its id, for the hub. */
  image(id: string) {
    return this.session().pickLists.image(id)
  }

  private disciplineOf(tournamentId: string): string {
    const tournament = this.session().cache.get('tournaments', tournamentId)
    if (!tournament)
      throw new AppError('not_found', `Tournament ${tournamentId} is not in the local copy: open it first.`)
    return tournament.discipline
  }
}
