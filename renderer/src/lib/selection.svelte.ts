// The tournament the views work on, chosen in Tournaments and remembered between runs.
const KEY = 'matchdesk.tournament'

interface Selected {
  id: string
  name: string
  participantType: string
}

class Selection {
  tournament = $state<Selected | null>(read())

  choose(tournament: Selected): void {
    this.tournament = tournament
    localStorage.setItem(KEY, JSON.stringify(tournament))
  }

  clear(): void {
    this.tournament = null
    localStorage.removeItem(KEY)
  }
}

function read(): Selected | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Selected | null
    return value && typeof value.id === 'string' ? value : null
  } catch {
    return null
  }
}

export const selection = new Selection()
