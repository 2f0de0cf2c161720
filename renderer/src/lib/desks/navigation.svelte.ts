// Which view is showing, and the list of views in navigation order (Ctrl/⌘ + 1…9, then 0, jumps to one).
export const VIEWS = [
  { id: 'connect', label: 'Connect' },
  { id: 'tournaments', label: 'Tournaments' },
  { id: 'streams', label: 'Streams' },
  { id: 'stream-desk', label: 'Stream desk' },
  { id: 'bracket', label: 'Bracket' },
  { id: 'check-in', label: 'Check-in' },
  { id: 'participants', label: 'Participants' },
  { id: 'stages', label: 'Stages' },
  { id: 'sync', label: 'Sync' },
  { id: 'venue', label: 'Venue' },
  { id: 'stations', label: 'Stations' },
] as const
export type ViewId = (typeof VIEWS)[number]['id']

class Navigation {
  current = $state<ViewId>('tournaments')

  go(view: ViewId): void {
    this.current = view
  }

  /** Handles Ctrl/⌘ + digit; returns true when the key was a navigation shortcut. */
  handleShortcut(event: KeyboardEvent): boolean {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return false
    const index = event.key === '0' ? 9 : Number(event.key) - 1
    const view = VIEWS[index]
    if (!view) return false
    this.go(view.id)
    return true
  }
}

export const navigation = new Navigation()
