// One Companion connection to a Matchdesk hub: follows the hub's events into the show, and keeps Companion's
// variables, feedbacks, actions, presets and status up to date. `Host` is what it asks of Companion (InstanceBase's
// own methods); main.ts passes the instance itself, the tests a harness.
import type {
  CompanionActionDefinitions,
  CompanionFeedbackDefinitions,
  CompanionPresetDefinitions,
  CompanionVariableDefinition,
  CompanionVariableValues,
  InstanceStatus,
  LogLevel,
} from '@companion-module/base'
import { actionDefinitions } from './actions.js'
import { checkConfig, type ModuleConfig, type ModuleSecrets } from './config.js'
import { feedbackDefinitions } from './feedbacks.js'
import { HubApi, type HubAddress } from './hub-api.js'
import { HubEvents, type HubHealth } from './hub-events.js'
import { presetDefinitions } from './presets.js'
import { ShowState } from './show-state.js'
import { variableDefinitions, variableValues } from './variables.js'
import { firstAnswering, LIVENESS, readDesks, type VenueDesk } from './venue-desks.js'

/** What the connection asks of Companion. */
export interface Host {
  readonly label: string
  setActionDefinitions(actions: CompanionActionDefinitions): void
  setFeedbackDefinitions(feedbacks: CompanionFeedbackDefinitions): void
  setVariableDefinitions(variables: CompanionVariableDefinition[]): void
  setPresetDefinitions(presets: CompanionPresetDefinitions): void
  setVariableValues(values: CompanionVariableValues): void
  checkFeedbacks(...feedbackIds: string[]): void
  updateStatus(status: InstanceStatus, message?: string | null): void
  log(level: LogLevel, message: string): void
}

/** Companion's status names (InstanceStatus's values, spelled out: the enum is not loaded outside Companion). */
const STATUS = {
  connecting: 'connecting',
  ok: 'ok',
  unreachable: 'connection_failure',
  refused: 'authentication_failure',
  revoked: 'authentication_failure',
  badConfig: 'bad_config',
} as const

/** Stations' countdowns and call feedbacks tick this often (ms). */
const TICK_MS = 1000
/** How often the venue's desks are asked again while connected, and how many failed attempts in a row before a
 * connection from another PC moves to another desk of the venue: the venue's one rule (`venue-desks.ts`). */
const { desksMs: DESKS_MS, misses: MISSES_BEFORE_MOVING } = LIVENESS

export class MatchdeskConnection {
  readonly show = new ShowState()
  private address: HubAddress | null = null
  private readonly events: HubEvents
  private readonly api = new HubApi(() => this.address)
  private tick: ReturnType<typeof setInterval> | undefined
  /** Values last told to Companion: only changed ones are told again. */
  private told: CompanionVariableValues = {}
  /** A new connection's opening burst, gathered until `ready`: then it is the whole show (streams gone are gone). */
  private incoming: ShowState | null = null
  /** Events since the last time Companion was told: told once, a moment later (a burst is one update). */
  private due: { shape: boolean; timer: ReturnType<typeof setTimeout> } | null = null
  /** The status and problem last told, so a retry that fails the same way says nothing new. */
  private reported = ''
  /** The shared venue's desks, as this connection's desk listed them last. */
  private desks: VenueDesk[] = []
  private desksTimer: ReturnType<typeof setInterval> | undefined
  /** Failed attempts in a row, and whether a move to another desk is being looked for. */
  private misses = 0
  private moving = false
  private destroyed = false

  constructor(
    private readonly host: Host,
    options: { retry?: ConstructorParameters<typeof HubEvents>[0]['retry'] } = {},
  ) {
    this.events = new HubEvents({
      address: () => this.address!,
      onEvent: (name, data) => {
        if (name === 'ready') {
          if (this.incoming) this.show.replaceWith(this.incoming)
          this.incoming = null
          return this.changed(true)
        }
        const applied = (this.incoming ?? this.show).apply(name, data)
        if (typeof applied !== 'boolean') this.passedOver(applied.passedOver)
        else if (!this.incoming) this.soon(applied)
      },
      onHealth: (health) => this.health(health),
      ...(options.retry && { retry: options.retry }),
    })
  }

  /** Takes a configuration (at start, and each time the user saves one): connects to the hub it names. */
  configure(config: Partial<ModuleConfig & ModuleSecrets>): void {
    this.events.stop()
    clearInterval(this.tick)
    clearInterval(this.desksTimer)
    this.desks = []
    this.misses = 0
    this.show.clear()
    this.told = {}
    this.reported = ''
    this.define()
    const checked = checkConfig(config)
    if (!checked.ok) {
      this.address = null
      this.host.updateStatus(STATUS.badConfig as InstanceStatus, checked.problem)
      return
    }
    this.address = checked.address
    this.events.start()
    this.tick = setInterval(() => this.ticked(), TICK_MS)
    this.desksTimer = setInterval(() => void this.readDesks(), DESKS_MS)
  }

  destroy(): void {
    this.destroyed = true
    this.events.stop()
    clearInterval(this.tick)
    clearInterval(this.desksTimer)
    clearTimeout(this.due?.timer)
    this.due = null
  }

  /** An event changed the show: Companion is told with whatever else comes in the same moment. */
  private soon(shape: boolean): void {
    if (this.due) this.due.shape ||= shape
    else this.due = { shape, timer: setTimeout(() => this.changed(false), 0) }
  }

  /** What the hub said that the module passes over, said in Companion's log once a minute for each kind of reason. */
  private passedOver(why: string): void {
    const kind = why.replace(/\(.*\)$/, '')
    const now = Date.now()
    if (now - (this.saidAt.get(kind) ?? 0) < 60_000) return
    this.saidAt.set(kind, now)
    this.host.log('warn', `Matchdesk sent ${why}: passed over`)
  }

  private readonly saidAt = new Map<string, number>()

  /**
   * The show changed: its shape redefines what Companion offers; values and feedbacks follow either way. What fails
   * here is said in Companion's log, never thrown out of a timer (it would end the module's process).
   */
  private changed(shape: boolean): void {
    const due = this.due
    clearTimeout(due?.timer)
    this.due = null
    try {
      if (shape || due?.shape) this.define()
      this.tell()
      this.host.checkFeedbacks()
    } catch (error) {
      this.host.log('error', `Updating Companion failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  private define(): void {
    this.host.setVariableDefinitions(variableDefinitions(this.show))
    this.host.setFeedbackDefinitions(feedbackDefinitions(this.show))
    this.host.setActionDefinitions(
      actionDefinitions({
        api: this.api,
        show: this.show,
        changed: (shape) => this.changed(shape),
        warn: (message) => this.host.log('warn', message),
      }),
    )
    this.host.setPresetDefinitions(presetDefinitions(this.show, this.host.label))
  }

  private tell(): void {
    const values = variableValues(this.show)
    const fresh: CompanionVariableValues = {}
    for (const [id, value] of Object.entries(values)) if (this.told[id] !== value) fresh[id] = value
    if (Object.keys(fresh).length === 0) return
    this.told = values
    this.host.setVariableValues(fresh)
  }

  /** Each second: stations' seconds left, and the call feedbacks that depend on them. */
  private ticked(): void {
    if (this.show.floors.size === 0) return
    try {
      this.tell()
      this.host.checkFeedbacks('call_soon', 'call_late')
    } catch (error) {
      this.host.log('error', `Updating Companion failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  /**
   * Tells Companion the connection's health: a new connection gathers its opening burst afresh; trying again after a
   * failure keeps showing the failure, and the same failure again is neither told nor logged twice.
   */
  private health(health: HubHealth): void {
    if (health.kind === 'ok') {
      this.misses = 0
      void this.readDesks()
    }
    if (health.kind === 'unreachable' && ++this.misses >= MISSES_BEFORE_MOVING) void this.moveOn()
    if (health.kind === 'connecting') {
      this.incoming = new ShowState()
      if (this.reported && this.reported !== 'ok') return
      this.reported = 'connecting'
      return this.host.updateStatus(STATUS.connecting as InstanceStatus)
    }
    const said = health.kind === 'ok' ? 'ok' : `${health.kind}: ${health.message}`
    if (said === this.reported) return
    this.reported = said
    if (health.kind === 'ok') return this.host.updateStatus(STATUS.ok as InstanceStatus)
    this.host.updateStatus(STATUS[health.kind] as InstanceStatus, health.message)
    this.host.log('warn', health.message)
  }

  /** Where the shared venue's desks answer, kept for when this connection's desk goes (unchanged when not told). */
  private async readDesks(): Promise<void> {
    if (!this.address) return
    const desks = await readDesks(this.address)
    if (desks.length > 0) this.desks = desks
  }

  /**
   * This connection's desk has not answered twice in a row: a connection from another PC (it has a control device's
   * key, let in at every desk of the venue) moves to the first other desk that answers as itself. One on the desk's
   * own PC waits for its desk: the others let it in only with a device key.
   */
  private async moveOn(): Promise<void> {
    const address = this.address
    if (this.moving || !address?.deviceKey || this.desks.length === 0) return
    this.moving = true
    try {
      const next = await firstAnswering(this.desks, address.url)
      if (!next || this.address !== address || this.destroyed) return
      this.host.log(
        'info',
        `Matchdesk at ${address.url} did not answer: following the venue to ${next.name} (${next.url})`,
      )
      this.misses = 0
      this.reported = ''
      this.events.stop()
      this.address = { ...address, url: next.url }
      this.events.start()
    } finally {
      this.moving = false
    }
  }
}
