// The tournament the views work on, chosen in Tournaments: kept per connection by main (so a restart mid-show opens
// where it was, even where this page's storage is new, as web mode's on another port), and in this page's storage
// for the first frame.
import type { ChosenTournament } from '../../../../shared/ipc/profiles'
import { invoke } from '../ipc/ipc'

const KEY = 'matchdesk.tournament'

type Selected = ChosenTournament

class Selection {
  tournament = $state<Selected | null>(read())

  choose(tournament: Selected): void {
    this.#keep(tournament)
    void invoke('profiles:choose-tournament', { tournament })
  }

  clear(): void {
    this.#keep(null)
    void invoke('profiles:choose-tournament', { tournament: null })
  }

  /** Forgets it here only (another connection is being opened: its own choice is loaded next). */
  forget(): void {
    this.#keep(null)
  }

  /** The active connection's own choice, from main: at start, and after the connection changed. */
  async load(): Promise<void> {
    const result = await invoke('profiles:chosen-tournament', {})
    if (result.ok) this.#keep(result.value)
  }

  #keep(tournament: Selected | null): void {
    this.tournament = tournament
    if (tournament) localStorage.setItem(KEY, JSON.stringify(tournament))
    else localStorage.removeItem(KEY)
  }
}

function read(): Selected | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Selected | null
    return value && typeof value.id === 'string' ? value : null
  } catch {
    // let go: a kept choice that does not read is no choice: the views ask for a tournament
    return null
  }
}

export const selection = new Selection()
