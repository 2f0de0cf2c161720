// What the Matchdesk hub tells and answers a control client, as far as this module reads it (the hub's
// /control/v1/events and its control routes). Only the fields used here: anything else the hub adds is ignored.

/** A match as a stream's feed carries it. */
export interface WireMatch {
  id: string
  label: string
  decided: boolean
  bestOf: number | null
  opponents: { name: string; score: number | null }[]
}

/** One change a held stream keeps off air until applied. */
export interface WireStaged {
  matchId: string
  field: string
}

/** A stream's state (the `stream` event, and every stream action's answer), with its OBS fields. */
export interface WireStream {
  streamId: string
  onAir: string | null
  next: string[]
  held: boolean
  /** The technical-difficulties key is down (absent from hubs before it). */
  difficulties?: boolean
  /** The show sequence running: its event, next step and how many are left (absent from hubs before it). */
  sequence?: { event: string; next: string | null; left: number; paused: boolean } | null
  staged: WireStaged[]
  feed: {
    stream: { id: string; name: string }
    tournament: { id: string; name: string }
    onAir: WireMatch | null
    next: WireMatch[]
  }
  /** The texts OBS's sources show, in the tournament's language ("left-name", "round", "countdown", …). */
  fields?: Record<string, string>
  /** Only grows: a state with a lower one was worked out before (an answer can arrive after a later event). */
  revision?: number
}

/** A stream's OBS link (the `obs` event, and the scene and break actions' answer). */
export interface WireObs {
  streamId: string
  link: 'off' | 'connecting' | 'connected' | 'reconnecting'
  programScene: string | null
  problem: string | null
  settings: { breakScene: string | null } | null
  scenes: string[]
}

/** A station as a tournament's floor carries it. */
export interface WireStation {
  id: string
  number: number
  name: string
  match: { id: string; label: string; opponents: { name: string }[] } | null
  call: { calledAt: number; deadline: number; arrived: boolean[] } | null
}

/** A tournament's floor (the `floor` event, and the floor actions' answer). */
export interface WireFloor {
  tournamentId: string
  tournament: string
  stations: WireStation[]
  /** The hub's clock when this was made (ms): call deadlines are counted from its offset to this machine's clock. */
  now: number
}
