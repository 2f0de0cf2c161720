// PKCE (RFC 7636): a random verifier, its S256 challenge, and the random state of the authorization request.
import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes → a 43-character base64url verifier (256 bits). */
export function createVerifier(): string {
  return randomBytes(32).toString('base64url')
}

export function challengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

/** 256 random bits: well above the 128 the state needs. */
export function createState(): string {
  return randomBytes(32).toString('base64url')
}
