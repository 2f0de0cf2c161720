// The audit log's words for a stream's live presses say where a press came from when it was not the desk's own page:
// the tablet's and Companion's are logged under the desk's operator, so the words carry who pressed.
import { describe, expect, it } from 'vitest'
import type { StreamState } from '../../../shared/broadcast/feed'
import { streamChanges } from './stream-audit'

const state = (journal: { at: number; by: 'desk' | 'companion' | 'tablet'; words: string; undone: boolean }[]) =>
  ({
    held: false,
    difficulties: false,
    next: [],
    feed: { onAir: { id: 'm1', label: 'Final', opponents: [] }, casters: [] },
    live: { journal },
  }) as unknown as StreamState

describe('a stream’s live presses in the audit log', () => {
  it('says a tablet’s and Companion’s presses as theirs, the desk’s plainly, and an undo', () => {
    const before = state([{ at: 1, by: 'desk', words: '+1 Ana', undone: false }])
    const after = state([
      { at: 4, by: 'companion', words: 'Sides swapped', undone: false },
      { at: 3, by: 'tablet', words: '+1 Bo', undone: false },
      { at: 2, by: 'desk', words: 'Game 1: Ana', undone: false },
      { at: 1, by: 'desk', words: '+1 Ana', undone: true },
    ])
    // Oldest first: the undone press is the oldest entry of the journal.
    expect(streamChanges(before, after)).toEqual([
      'Undid: +1 Ana',
      'Pressed: Game 1: Ana',
      'Pressed: +1 Bo (from a tablet)',
      'Pressed: Sides swapped (from Companion)',
    ])
  })
})
