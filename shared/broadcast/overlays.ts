// The hub's overlay pages, by the path OBS opens and the name people read: one list for the hub's routes, the desk's
// overlay addresses and a paired overlay device's page.

export const OVERLAYS = [
  { kind: 'scoreboard', title: 'Scoreboard' },
  { kind: 'up-next', title: 'Up next' },
  { kind: 'bracket', title: 'Bracket path' },
  { kind: 'break', title: 'Break screen' },
  { kind: 'casters', title: 'Casters' },
  { kind: 'difficulties', title: 'Technical difficulties' },
  { kind: 'top8', title: 'Top 8' },
  { kind: 'standings', title: 'Standings' },
  { kind: 'sponsors', title: 'Sponsors' },
  { kind: 'veto', title: 'Map veto' },
] as const

export type OverlayKind = (typeof OVERLAYS)[number]['kind']

export const isOverlayKind = (kind: string): kind is OverlayKind => OVERLAYS.some((overlay) => overlay.kind === kind)

/** An overlay's address on the hub: "/overlays/scoreboard?stream=ID". */
export const overlayPath = (kind: OverlayKind, streamId: string): string => `/overlays/${kind}?stream=${streamId}`
