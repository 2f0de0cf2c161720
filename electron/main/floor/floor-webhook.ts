// Calls on their way to a webhook in Discord's format: queued durably in the profile's database, sent in order (by the
// job runner, as the outbox's writes are) once the receiver answers (backing off while the internet is down, waiting as Discord's 429 asks), each to the address
// entered for its tournament (from the keychain) and nowhere else.
import { safeJson, textAtMost } from '../answer-text'
import { backoffCeiling } from '../backoff'
import type { Clock } from '../clock'
import { JobRunner } from '../job-runner'
import type { FloorStore, WebhookRow } from '../store/floor-store'
import { AppError } from '../app-error'

export interface FloorWebhookPorts {
  clock: Clock
  /** The active profile's floor store (its queue), or undefined while none is open. */
  store(): FloorStore | undefined
  /** The address a tournament's calls go to, from the keychain; undefined when none is set. */
  urlOf(tournamentId: string): Promise<string | undefined>
  /** Told when the queue changed (a message sent or failed), so the desk can show what waits. */
  changed(tournamentId: string): void
  /** A message the receiver refused for good (wrong address, removed webhook), in words for the person. */
  refused(message: string): void
  /** How long one try may take (ms). */
  timeoutMs?: number
}

/** The first wait after a failure, and the longest (ms). */
const BACKOFF_FIRST_MS = 1000
const BACKOFF_MOST_MS = 60_000
/** The longest a receiver's 429 may hold calls back, and the longest any timer here is set for (ms). */
export const WEBHOOK_WAIT_MOST_MS = 60 * 60_000

/** Said when calls wait because the address was lost (web mode keeps secrets in memory only). */
export const WEBHOOK_ADDRESS_MISSING =
  'the webhook’s address is not stored on this machine: enter it again in Stations, and the calls waiting go out'

/** Discord's longest message. */
const DISCORD_CONTENT_MAX = 2000

/** Discord's message flag that shows no link previews (embeds). */
const SUPPRESS_EMBEDS = 1 << 2

/**
 * A message a Discord webhook accepts: the text on one line with Markdown taken literally (a player named
 * "[free nitro](…)" is no link, "Vipers\n# HUGE" no heading, "- x", "> x" or "1. x" no list or quote), at most 2,000
 * characters, mentions off (a player named "@everyone" pings no one) and no link previews.
 */
export function discordMessage(text: string): string {
  const oneLine = text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
  const escaped = oneLine
    .replace(/([\\*_~`|>[\]()<#:-])/g, '\\$1')
    .replace(/^(\s*)(\d+)([.)])/, '$1$2\\$3')
    .replace(/^(\s*)\+/, '$1\\+')
  const content = escaped.length > DISCORD_CONTENT_MAX ? `${escaped.slice(0, DISCORD_CONTENT_MAX - 1)}…` : escaped
  return JSON.stringify({ content, allowed_mentions: { parse: [] }, flags: SUPPRESS_EMBEDS })
}

/** A call on its way, with the store (the connection's database) it was taken from. */
type Call = WebhookRow & { store: FloorStore }

export class FloorWebhook {
  private readonly runner: JobRunner<Call>
  private closed = false

  constructor(private readonly ports: FloorWebhookPorts) {
    this.runner = new JobRunner<Call>({
      clock: ports.clock,
      what: 'sending the webhook’s calls',
      // In order, one at a time: the queue's next call (each tournament's oldest first), once it is due.
      queue: () => {
        const store = ports.store()
        return (
          store && {
            due: (now) => {
              const row = store.nextWebhook()
              return row && row.nextAt <= now ? [{ ...row, store }] : []
            },
            nextDue: () => store.nextWebhook()?.nextAt ?? null,
          }
        )
      },
      run: (call) => this.deliver(call),
    })
  }

  /** Sends what is due now, then waits for the next try; safe to call at any time. */
  kick(): void {
    if (!this.closed) this.runner.kick()
  }

  close(): void {
    this.closed = true
    this.runner.stop()
  }

  private async deliver({ store, ...row }: Call): Promise<void> {
    const url = await this.ports.urlOf(row.tournamentId)
    // Closed, or another connection made active, while waiting: its row stays for the next try.
    const still = () => !this.closed && this.ports.store() === store
    if (!still()) return
    if (!url) {
      // The address is gone (secrets kept in memory, a restart): the call waits until it is entered again.
      store.webhookFailed(row.seq, this.ports.clock.now() + BACKOFF_MOST_MS, WEBHOOK_ADDRESS_MISSING)
      this.ports.changed(row.tournamentId)
      return
    }
    const outcome = await this.send(url, row.body)
    if (!still()) return
    if (outcome.sent) store.webhookSent(row.seq)
    else if (outcome.refused) {
      store.webhookSent(row.seq)
      this.ports.refused(`The webhook refused a call (${outcome.problem}): check its address in Stations.`)
    } else {
      const backoff = backoffCeiling({ baseMs: BACKOFF_FIRST_MS, capMs: BACKOFF_MOST_MS }, row.attempts)
      store.webhookFailed(row.seq, this.ports.clock.now() + (outcome.retryAfterMs ?? backoff), outcome.problem)
    }
    this.ports.changed(row.tournamentId)
  }

  private async send(
    url: string,
    body: string,
  ): Promise<{ sent: true } | { sent: false; refused: boolean; problem: string; retryAfterMs?: number }> {
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(this.ports.timeoutMs ?? 10_000),
      })
    } catch {
      return { sent: false, refused: false, problem: 'the webhook cannot be reached; trying again' }
    }
    // Only a 429's answer is read (Discord's retry_after), and only its first 8 KB: the receiver is outside.
    const text = response.status === 429 ? await textAtMost(response, ANSWER_MOST_BYTES) : ''
    // let go: only the status is read, and a body that cannot be cancelled is gone anyway
    if (response.status !== 429) await response.body?.cancel().catch(() => undefined)
    if (response.ok) return { sent: true }
    if (response.status === 429) {
      const said = Number((safeJson(text) as { retry_after?: unknown }).retry_after)
      const header = Number(response.headers.get('retry-after'))
      const seconds = Number.isFinite(said) && said > 0 ? said : Number.isFinite(header) && header > 0 ? header : 1
      const retryAfterMs = Math.min(seconds * 1000, WEBHOOK_WAIT_MOST_MS)
      return { sent: false, refused: false, problem: 'the webhook asked to slow down', retryAfterMs }
    }
    const permanent = response.status >= 400 && response.status < 500 && response.status !== 408
    return { sent: false, refused: permanent, problem: `the webhook answered ${response.status}` }
  }
}

/** How much of a receiver's answer is read at most. */
const ANSWER_MOST_BYTES = 8 * 1024

/** A webhook's address: https (Discord's), or http to this machine (a local receiver); nothing else is sent to. */
export function webhookAddress(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw invalid('webhookUrl: a whole address, such as https://discord.com/api/webhooks/…')
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw invalid('webhookUrl: an https:// address (http:// only to this machine)')
  if (url.username || url.password) throw invalid('webhookUrl: no user name or password in the address')
  return url
}

function invalid(message: string): AppError {
  return new AppError('validation', message, { webhookUrl: message })
}
