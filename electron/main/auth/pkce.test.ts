// PKCE: the RFC 7636 appendix B known answer, and verifiers and states with enough randomness.
import { describe, expect, it } from 'vitest'
import { challengeS256, createState, createVerifier } from './pkce'

describe('PKCE', () => {
  it('matches the known answer of RFC 7636 appendix B', () => {
    expect(challengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('makes 43-character unreserved verifiers and states of 256 bits, different each time', () => {
    const verifier = createVerifier()
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(createState(), 'base64url')).toHaveLength(32)
    expect(createVerifier()).not.toBe(verifier)
    expect(createState()).not.toBe(createState())
  })
})
