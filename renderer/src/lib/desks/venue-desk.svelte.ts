// The Venue view's state: the hub's status (its addresses, the venue network and its interfaces, the control token,
// paired devices), kept current by main's hub:changed, and the admin's actions, each through write() so a refusal is
// said the same way as everywhere.
import type { HubStatus, PairingCode } from '../../../../shared/ipc/hub'
import { STREAM_KINDS, TOURNAMENT_KINDS, type DeviceKind } from '../../../../shared/venue/door'
import { invoke, subscribe } from '../ipc/ipc'
import { write } from '../ipc/write'

export class VenueDesk {
  #status = $state<HubStatus | null>(null)
  #error = $state('')
  #pairing = $state<PairingCode | null>(null)
  #fieldErrors = $state<Record<string, string>>({})

  /** Create it while a component initialises: it loads, follows hub:changed, and reads again every 15 s. */
  constructor() {
    $effect(() => {
      void this.load()
      const stop = subscribe('hub:changed', () => void this.load())
      const reload = setInterval(() => void this.load(), 15_000)
      return () => {
        stop()
        clearInterval(reload)
      }
    })
  }

  get status(): HubStatus | null {
    return this.#status
  }
  get error(): string {
    return this.#error
  }
  /** The pairing code shown now (QR code, short code), until Done. */
  get pairing(): PairingCode | null {
    return this.#pairing
  }
  /** Why the last pairing request was refused, by field. */
  get fieldErrors(): Record<string, string> {
    return this.#fieldErrors
  }

  async load(): Promise<void> {
    const result = await invoke('hub:status', {})
    if (result.ok) this.#status = result.value
    else this.#error = result.error.message
  }

  /** Opens or closes the venue network; `interfaces` (when given) chooses where, null for the suggested one. */
  async setLan(lan: boolean, interfaces?: string[] | null): Promise<void> {
    this.#take(await write('hub:configure', { lan, ...(interfaces !== undefined && { interfaces }) }, null))
  }

  /** Adds or takes out one interface of those the hub opens on. */
  async choose(name: string, on: boolean): Promise<void> {
    const status = this.#status
    if (!status) return
    const chosen = status.lanInterfaces.filter((i) => (i.interface === name ? on : i.chosen)).map((i) => i.interface)
    await this.setLan(
      status.lan,
      chosen.filter((name, i) => chosen.indexOf(name) === i),
    )
  }

  async rotate(): Promise<void> {
    this.#take(await write('hub:rotate-control-token', {}, 'New control token made: paste it into Companion’s header.'))
  }

  /** Asks for a pairing code; a door or a board needs the tournament it serves, a tablet its stream. */
  async pair(name: string, kind: DeviceKind, tournamentId: string | undefined, streamId?: string): Promise<boolean> {
    this.#fieldErrors = {}
    const forOne = TOURNAMENT_KINDS.includes(kind)
    if (forOne && !tournamentId) {
      this.#fieldErrors = { tournamentId: `A ${kind} serves one tournament: choose it in Tournaments first.` }
      return false
    }
    const forStream = STREAM_KINDS.includes(kind)
    if (forStream && !streamId) {
      this.#fieldErrors = { streamId: `A ${kind}’s tablet serves one stream: choose it (streams are in Streams).` }
      return false
    }
    const input = {
      name,
      kind,
      ...(forOne && tournamentId && { tournamentId }),
      ...(forStream && streamId && { streamId }),
    }
    const result = await write('hub:pair', input, null)
    if (result.ok) this.#pairing = result.value
    else this.#fieldErrors = result.error.fields ?? {}
    return result.ok
  }

  donePairing(): void {
    this.#pairing = null
  }

  async revoke(deviceId: string, deviceName: string): Promise<void> {
    this.#take(await write('hub:revoke', { deviceId }, `“${deviceName}” revoked.`))
  }

  #take(result: { ok: true; value: HubStatus } | { ok: false }): void {
    if (result.ok) this.#status = result.value
  }
}
