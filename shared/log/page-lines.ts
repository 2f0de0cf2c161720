// What a page (the desk's window, a door, a board, a tablet, an overlay) may send to main's log: a few bounded lines.
import { z } from 'zod'

/** The most lines one call carries, and each part's length: a page that fails in a loop cannot flood the log. */
export const PAGE_LOG_LIMITS = { lines: 20, module: 40, message: 1000, stack: 4000 } as const

export const PageLine = z.strictObject({
  level: z.enum(['warn', 'error']),
  /** Where on the page: the view or component's name, lowercase words ("stream-desk", "door", "overlay-scoreboard"). */
  module: z
    .string()
    .max(PAGE_LOG_LIMITS.module, `module: at most ${PAGE_LOG_LIMITS.module} characters`)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'module: lowercase letters, digits and dashes'),
  message: z.string().max(PAGE_LOG_LIMITS.message, `message: at most ${PAGE_LOG_LIMITS.message} characters`),
  stack: z.string().max(PAGE_LOG_LIMITS.stack, `stack: at most ${PAGE_LOG_LIMITS.stack} characters`).optional(),
})
export type PageLine = z.infer<typeof PageLine>

export const PageLines = z.strictObject({
  lines: z.array(PageLine).min(1).max(PAGE_LOG_LIMITS.lines, `lines: at most ${PAGE_LOG_LIMITS.lines} at once`),
})
export type PageLines = z.infer<typeof PageLines>

/**
 * A failure as a page line ("`what` failed: its message" when what failed is named): its message and stack cut to the
 * limits, so a page never sends what main would refuse.
 */
export function pageLineOf(
  module: string,
  error: unknown,
  level: PageLine['level'] = 'error',
  what?: string,
): PageLine {
  const said = error instanceof Error ? error.message : typeof error === 'string' ? error : safeText(error)
  const message = what ? `${what} failed: ${said}` : said
  const stack = error instanceof Error ? error.stack : undefined
  return {
    level,
    module,
    message: message.slice(0, PAGE_LOG_LIMITS.message),
    ...(stack ? { stack: stack.slice(0, PAGE_LOG_LIMITS.stack) } : {}),
  }
}

function safeText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value) // a value that does not serialise (a cycle): its name is what is said
  }
}
