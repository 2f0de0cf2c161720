// What a door takes along when it moves to another desk arrives whole, whatever script its scanned codes are in (a
// scanner typing through an Arabic or Cyrillic keyboard layout), and the fragment is cleared at once.
import { describe, expect, it } from 'vitest'
import { arrived, movedFragment } from './follow-venue'

describe('a page moving to another desk', () => {
  it('hands on its key and scans in any script, and clears them from the address on arrival', () => {
    const scans = [
      { scanId: 'a1b2c3d4e5f6', code: 'بطاقة-٤٢', at: 1, answered: true },
      { scanId: 'f6e5d4c3b2a1', code: 'Билет 7 🎫', at: 2, answered: false },
    ]
    history.replaceState(null, '', `/door?x=1#${movedFragment('key-123', scans)}`)
    expect(arrived()).toEqual({ key: 'key-123', scans })
    expect(location.hash).toBe('')
    expect(location.search).toBe('?x=1')
    // Nothing handed on: nothing arrives.
    expect(arrived()).toBeUndefined()
  })
})
