// A page checks a desk's alive answer with pure Ed25519 as main signs it with node:crypto: the desk it expects, by the
// key its desk listed, over the page's own challenge — and nothing else passes.
import { describe, expect, it } from 'vitest'
import { Challenges, aliveAnswer } from '../../electron/main/venue/desk-proofs'
import { DeskIdentity } from '../../electron/main/venue/desk-identity'
import { freshChallenge, provesAlive } from './alive-proof'

describe('a desk’s alive answer, as a device page checks it', () => {
  it('proves the desk named by its key over the page’s challenge, and nothing else', () => {
    const desk = DeskIdentity.make()
    const challenge = freshChallenge()
    const facts = { app: '0.2.0', venue: desk.publicKey, deskId: 'desk-a', joined: 1 }
    const answer = aliveAnswer(facts, desk, new Challenges(), challenge)
    expect(provesAlive(answer, 'desk-a', desk.publicKey, challenge)).toBe(true)
    // Another program at the gone desk's address: it may say the id, it signs with another key.
    const impostor = DeskIdentity.make()
    expect(
      provesAlive(aliveAnswer(facts, impostor, new Challenges(), challenge), 'desk-a', desk.publicKey, challenge),
    ).toBe(false)
    // An answer replayed for another challenge, another desk's id, no proof at all.
    expect(provesAlive(answer, 'desk-a', desk.publicKey, freshChallenge())).toBe(false)
    expect(provesAlive(answer, 'desk-b', desk.publicKey, challenge)).toBe(false)
    expect(provesAlive({ ...answer, proof: undefined }, 'desk-a', desk.publicKey, challenge)).toBe(false)
    expect(provesAlive('not an answer', 'desk-a', desk.publicKey, challenge)).toBe(false)
  })
})
