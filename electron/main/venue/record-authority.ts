// Who is part of the venue, with which key and role, at every moment the record knows: the admissions, roles and
// removals replayed in time order (then desk, then signature: the same order on every desk), each counted only when
// its author had the right at that point — the venue's founder (its root key), then head organisers. A desk is
// admitted by the desk that paired it (with its key and first role), given roles by head organisers only, and put out
// by itself (it left) or a head organiser; what it writes counts only while it is in, with the key it was admitted
// with and the role it had then.
import type { DeskRole } from '../../../shared/venue/roles'
import type { Entry } from './record-entries'

/** From `from` on, the desk is in the venue with `key` and `role` (null: out). */
interface Segment {
  from: number
  key: string
  role: DeskRole | null
}

/** An authority entry: an admission, a role, a removal (its signature checked and dropped). */
export type AuthorityEntry = Omit<Entry<'admit'>, 'sig'> | Omit<Entry<'role'>, 'sig'> | Omit<Entry<'out'>, 'sig'>

export class Membership {
  private readonly timeline = new Map<string, Segment[]>()
  /** Each desk's first admission, in order: the venue's desks by seniority (the election's order). */
  readonly admitted = new Map<string, number>()
  /** Each desk's name as it was admitted. */
  readonly admittedAs = new Map<string, string>()
  /** Authority entries that did not count (their author had no right then), by author. */
  readonly refused = new Map<string, number>()

  constructor(root: string | null, entries: readonly AuthorityEntry[]) {
    const ordered = [...entries].sort(byTimeThenDesk)
    const passedOver: AuthorityEntry[] = []
    for (const entry of ordered) if (!this.apply(entry, root)) passedOver.push(entry)
    // What a desk of the venue said without the right (an entry from before it joined is not wrong: not counted).
    for (const entry of passedOver) {
      const admitted = this.admitted.get(entry.by)
      if (admitted !== undefined && entry.at >= admitted)
        this.refused.set(entry.by, (this.refused.get(entry.by) ?? 0) + 1)
    }
  }

  /** One authority entry, if its author had the right at its time: answers whether it counted. */
  private apply(entry: AuthorityEntry, root: string | null): boolean {
    const authorRole = this.roleAt(entry.by, entry.at, true)
    switch (entry.kind) {
      case 'admit': {
        const [deskId, key, role, name] = entry.f
        const founding = deskId === entry.by && key === root && !this.admitted.has(deskId)
        if (!founding && authorRole !== 'head') return false
        this.push(deskId, { from: entry.at, key, role: founding ? 'head' : role })
        if (!this.admitted.has(deskId)) {
          this.admitted.set(deskId, entry.at)
          this.admittedAs.set(deskId, name)
        }
        return true
      }
      case 'role': {
        const [deskId, role] = entry.f
        const held = this.current(deskId)
        if (authorRole !== 'head' || !held?.role) return false
        this.push(deskId, { from: entry.at, key: held.key, role })
        return true
      }
      case 'out': {
        const [deskId] = entry.f
        const held = this.current(deskId)
        const itself = deskId === entry.by && authorRole !== null
        if (!held?.role || !(itself || authorRole === 'head')) return false
        this.push(deskId, { from: entry.at, key: held.key, role: null })
        return true
      }
    }
  }

  /**
   * A desk's role at a time (null: not in the venue then). `before`: strictly before it (an authority entry's author
   * is judged by what held before its own change).
   */
  roleAt(deskId: string, at: number, before = false): DeskRole | null {
    return this.segmentAt(deskId, at, before)?.role ?? null
  }

  /** The key a desk was in the venue with at a time (undefined: it was not in). */
  keyAt(deskId: string, at: number): string | undefined {
    const segment = this.segmentAt(deskId, at)
    return segment?.role ? segment.key : undefined
  }

  /** A desk's role now (null: not in the venue). */
  roleOf(deskId: string): DeskRole | null {
    return this.current(deskId)?.role ?? null
  }

  /** Whether a desk is in the venue now. */
  isIn(deskId: string): boolean {
    return this.roleOf(deskId) !== null
  }

  /** Whether a desk was admitted once and is out now (it left, or was removed). */
  isOut(deskId: string): boolean {
    return this.admitted.has(deskId) && !this.isIn(deskId)
  }

  /** The keys ever bound to a desk (an entry it signed verifies with one of them). */
  keysOf(deskId: string): string[] {
    return [...new Set((this.timeline.get(deskId) ?? []).map((segment) => segment.key))]
  }

  /** The desks in the venue now, by seniority (first admitted first, then id). */
  desks(): string[] {
    return [...this.admitted]
      .filter(([deskId]) => this.isIn(deskId))
      .sort(([a, at], [b, bt]) => at - bt || (a < b ? -1 : 1))
      .map(([deskId]) => deskId)
  }

  private current(deskId: string): Segment | undefined {
    return this.timeline.get(deskId)?.at(-1)
  }

  private segmentAt(deskId: string, at: number, before = false): Segment | undefined {
    const segments = this.timeline.get(deskId)
    if (!segments) return undefined
    for (let i = segments.length - 1; i >= 0; i--) {
      const segment = segments[i]!
      if (before ? segment.from < at : segment.from <= at) return segment
    }
    return undefined
  }

  private push(deskId: string, segment: Segment): void {
    const segments = this.timeline.get(deskId) ?? []
    segments.push(segment)
    this.timeline.set(deskId, segments)
  }
}

/** What orders entries: their time, author and signature's first bits. */
export type Ordered = Pick<Entry, 'at' | 'by' | 'tie'>

/** a before b: by time, then desk, then signature (the same order on every desk). */
export function byTimeThenDesk(a: Ordered, b: Ordered): number {
  if (a.at !== b.at) return a.at - b.at
  if (a.by !== b.by) return a.by < b.by ? -1 : 1
  return a.tie - b.tie
}
