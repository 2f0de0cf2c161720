// Whether a desk's alive answer proves it is the desk a page expects: signed, by the public key the venue's record
// binds to that desk, over the page's own fresh challenge. Pure Ed25519 (@noble/ed25519 with @noble/hashes' SHA-512),
// because a device page on the venue network is no secure context (plain http on a LAN address): WebCrypto is not
// there. Main checks the same with node:crypto (`desk-proofs.ts`).
import { verify, hashes } from '@noble/ed25519'
import { sha512 } from '@noble/hashes/sha2.js'
import { AliveAnswer, aliveProofText } from './wire'

hashes.sha512 = (message) => Uint8Array.from(sha512(message))

/** A fresh challenge (32 random bytes, base64url): getRandomValues works in any context. */
export function freshChallenge(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)))
}

/** True when `said` is the desk `deskId`'s answer to `challenge`, signed by `publicKey` (base64url). */
export function provesAlive(said: unknown, deskId: string, publicKey: string, challenge: string): boolean {
  const answer = AliveAnswer.safeParse(said)
  if (!answer.success || answer.data.deskId !== deskId || !answer.data.proof || !answer.data.nonce) return false
  try {
    const text = new TextEncoder().encode(aliveProofText(answer.data, answer.data.nonce, challenge))
    return verify(fromBase64url(answer.data.proof), text, fromBase64url(publicKey))
  } catch {
    return false
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')
}

function fromBase64url(text: string): Uint8Array {
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4)
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
}
