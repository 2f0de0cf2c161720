// The one rule for "is that desk still there", for everything that follows a desk of the venue (a device page, an
// overlay on another PC, Companion) and the hosting rule's look at each desk: a desk is there when it proves itself
// within `answerMs` (its answer signed over a fresh challenge); a follower asks its own desk every `checkMs`, and
// after `misses` unanswered checks in a row moves to the first other desk, in the venue's order, that proves itself.
// The venue's addresses are asked again every `desksMs`. Companion's module keeps a copy (it cannot import the app;
// tests/lint/liveness-rule.test.ts holds both equal) and uses its deadline, misses and re-reading; its misses are its
// event stream's failed reconnections (`hub-events.ts`), not checks on a timer.

export const LIVENESS = {
  /** How long a desk has to answer whether it is there, its signed answer read (ms). */
  answerMs: 1200,
  /** How often a follower asks its own desk (ms). */
  checkMs: 1000,
  /** Checks in a row unanswered before a follower moves on. */
  misses: 2,
  /** How often the venue's desk addresses are asked again (ms). */
  desksMs: 15_000,
} as const

/** The first desk of `desks`, in their order, not at `leaving`'s origin, that proves itself (`proves` asks it). */
export async function firstThatProves<D extends { url: string }>(
  desks: readonly D[],
  leaving: string,
  proves: (desk: D) => Promise<boolean>,
): Promise<D | undefined> {
  const gone = originOf(leaving)
  for (const desk of desks) {
    if (originOf(desk.url) === gone) continue
    if (await proves(desk)) return desk
  }
  return undefined
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null // an address that does not parse is no desk's
  }
}
