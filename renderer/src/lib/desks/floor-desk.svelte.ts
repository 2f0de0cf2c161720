// The Stations view's state: one tournament's floor as main keeps it, laid over by each floor:changed, a clock that
// moves the DQ timers, and the commands (each through write(), so a refusal is said as everywhere, by field).
import type { Input } from '../../../../shared/ipc/contract'
import type { FloorState } from '../../../../shared/floor/floor'
import { invoke, subscribe } from '../ipc/ipc'
import { write } from '../ipc/write'

type FloorChannel =
  | 'floor:create-stations'
  | 'floor:update-station'
  | 'floor:delete-station'
  | 'floor:assign'
  | 'floor:unassign'
  | 'floor:auto-assign'
  | 'floor:call'
  | 'floor:arrived'
  | 'floor:uncall'
  | 'floor:settings'
  | 'floor:players'

/** What a station's tile does to it. */
export type StationCommand =
  | { kind: 'call' | 'uncall' | 'unassign' }
  | { kind: 'arrived'; opponent: number; arrived: boolean }
  | { kind: 'assign'; matchId: string }
  /** Staff's answer to the players' reports: confirm what they agreed, or clear them (a judge settled it). */
  | { kind: 'players'; action: 'confirm' | 'clear' }

export class FloorDesk {
  #state = $state<FloorState | null>(null)
  #error = $state('')
  #fieldErrors = $state<Record<string, string>>({})
  /** The desk's clock as main last said it, moved on by this page's clock (the timers count down with it). */
  #offset = 0
  #now = $state(Date.now())
  /** The tournament the view shows now. */
  #wanted = ''

  /** Create it while a component initialises, for the tournament `tournamentId()` names. */
  constructor(tournamentId: () => string | undefined) {
    $effect(() => {
      const id = tournamentId()
      if (!id) return
      this.#wanted = id
      void this.load(id)
      const stop = subscribe('floor:changed', (state) => {
        if (state.tournamentId === id) this.#take(state)
      })
      const tick = setInterval(() => (this.#now = Date.now()), 1000)
      return () => {
        stop()
        clearInterval(tick)
      }
    })
  }

  get state(): FloorState | null {
    return this.#state
  }
  get error(): string {
    return this.#error
  }
  /** Why the last command was refused, by field ("prefix", "to", "webhookUrl", …). */
  get fieldErrors(): Record<string, string> {
    return this.#fieldErrors
  }
  /** The desk's time now (ms), for the DQ timers. */
  get now(): number {
    return this.#now + this.#offset
  }

  async load(tournamentId: string): Promise<void> {
    const result = await invoke('floor:state', { tournamentId })
    // A tournament switched to meanwhile keeps its own floor.
    if (tournamentId !== this.#wanted) return
    if (result.ok) this.#take(result.value)
    else this.#error = result.error.message
  }

  /** Runs a command; answers true when it was done (the new state is shown at once). */
  async run<C extends FloorChannel>(channel: C, input: Input<C>, done: string | null = null): Promise<boolean> {
    this.#fieldErrors = {}
    const result = await write(channel, input, done)
    if (!result.ok) this.#fieldErrors = result.error.fields ?? {}
    else if (result.value.tournamentId === this.#wanted) this.#take(result.value)
    return result.ok
  }

  /** Runs a tile's command on one station of the tournament shown. */
  station(stationId: string, command: StationCommand): Promise<boolean> {
    const at = { tournamentId: this.#wanted, stationId }
    switch (command.kind) {
      case 'call':
        return this.run('floor:call', at)
      case 'uncall':
        return this.run('floor:uncall', at)
      case 'unassign':
        return this.run('floor:unassign', at)
      case 'arrived':
        return this.run('floor:arrived', { ...at, opponent: command.opponent, arrived: command.arrived })
      case 'assign':
        return this.run('floor:assign', { ...at, matchId: command.matchId })
      case 'players':
        return this.run('floor:players', { ...at, action: command.action })
    }
  }

  #take(state: FloorState): void {
    this.#offset = state.now - Date.now()
    this.#now = Date.now()
    this.#state = state
    this.#error = ''
  }
}
