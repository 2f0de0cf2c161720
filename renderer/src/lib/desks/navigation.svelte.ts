// Which view is showing (and which part of it), kept in the address (#venue/audit), and the list of views in navigation
// order (Ctrl/⌘ + 1…9, then 0, jumps to one).
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

/** The view and the part of it (the Venue view's tab) an address names: `#venue/audit`. */
function fromAddress(hash: string): { view: ViewId; section: string } | undefined {
  const [view = '', section = ''] = hash.replace(/^#/, '').split('/')
  const known = VIEWS.find((v) => v.id === view)
  return known && { view: known.id, section: /^[a-z-]{1,20}$/.test(section) ? section : '' }
}

class Navigation {
  private readonly start = typeof location === 'undefined' ? undefined : fromAddress(location.hash)
  current = $state<ViewId>(this.start?.view ?? 'tournaments')
  /** The part of the view shown (the Venue view's tab: devices, desks, roles, audit, hub, control); '' the first. */
  section = $state(this.start?.section ?? '')

  go(view: ViewId, section = ''): void {
    this.current = view
    this.section = section
    this.remember()
  }

  /** Shows another part of the current view. */
  show(section: string): void {
    this.section = section
    this.remember()
  }

  /** The address says where the person is: a reload comes back there, and each part has an address of its own. */
  private remember(): void {
    if (typeof history === 'undefined') return
    history.replaceState(history.state, '', `#${this.current}${this.section ? `/${this.section}` : ''}`)
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
