// Stands in for Bitfocus Companion's side of a module (the module's host boundary, and only there): keeps what the
// connection defines and tells — actions, feedbacks, variables and their values, presets, its status and log — and
// presses an action or evaluates a feedback as Companion does, by id with options.
import type {
  CompanionActionDefinitions,
  CompanionFeedbackDefinitions,
  CompanionPresetDefinitions,
  CompanionVariableDefinition,
  CompanionVariableValues,
  InstanceStatus,
  LogLevel,
} from '@companion-module/base'
import type { Host } from '../../companion-module/src/connection'

export class HostHarness implements Host {
  readonly label = 'matchdesk'
  actions: CompanionActionDefinitions = {}
  feedbacks: CompanionFeedbackDefinitions = {}
  variables: CompanionVariableDefinition[] = []
  presets: CompanionPresetDefinitions = {}
  readonly values: CompanionVariableValues = {}
  readonly statuses: { status: string; message: string | null }[] = []
  readonly logs: { level: LogLevel; message: string }[] = []
  /** Each time a variable was told, with this machine's clock (ms), for the benchmark. */
  readonly told: { id: string; value: unknown; at: number }[] = []
  /** Calls to checkFeedbacks: feedbacks are evaluated again after each. */
  checks = 0

  setActionDefinitions(actions: CompanionActionDefinitions): void {
    this.actions = actions
  }
  setFeedbackDefinitions(feedbacks: CompanionFeedbackDefinitions): void {
    this.feedbacks = feedbacks
  }
  setVariableDefinitions(variables: CompanionVariableDefinition[]): void {
    this.variables = variables
  }
  setPresetDefinitions(presets: CompanionPresetDefinitions): void {
    this.presets = presets
  }
  setVariableValues(values: CompanionVariableValues): void {
    const at = performance.now()
    for (const [id, value] of Object.entries(values)) {
      this.values[id] = value
      this.told.push({ id, value, at })
    }
  }
  checkFeedbacks(): void {
    this.checks++
  }
  updateStatus(status: InstanceStatus, message?: string | null): void {
    this.statuses.push({ status, message: message ?? null })
  }
  log(level: LogLevel, message: string): void {
    this.logs.push({ level, message })
  }

  /** The connection's status now. */
  get status(): { status: string; message: string | null } | undefined {
    return this.statuses.at(-1)
  }

  /** Presses an action as a button would. */
  async press(actionId: string, options: Record<string, unknown>): Promise<void> {
    const action = this.actions[actionId]
    if (!action) throw new Error(`no action ${actionId}`)
    await action.callback(
      { id: 'button', actionId, controlId: 'bank:1', options, surfaceId: undefined } as never,
      {} as never,
    )
  }

  /** A boolean feedback's answer for these options, as Companion asks it. */
  async feedback(feedbackId: string, options: Record<string, unknown>): Promise<boolean> {
    const feedback = this.feedbacks[feedbackId]
    if (!feedback || feedback.type !== 'boolean') throw new Error(`no boolean feedback ${feedbackId}`)
    return Boolean(
      await feedback.callback(
        { id: 'f', feedbackId, controlId: 'bank:1', options, type: 'boolean' } as never,
        {} as never,
      ),
    )
  }
}
