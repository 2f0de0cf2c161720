// This desk's own key pair for the shared venue (Ed25519, node:crypto): made once, its private key kept in the OS
// keychain. Every entry the desk writes into a venue's record is signed with it, and it proves the desk to another
// desk's hub by signing that hub's fresh challenge; the record binds the public key to the desk's id. Nothing that
// could be replayed ever leaves the desk. Verifying is here too, with the public keys read (and kept) as key objects.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto'
import { PublicKey, Signature } from '../../../shared/venue/wire'
import { VENUE_SECRETS, type CredentialStore } from '../secrets/credential-store'
import { moduleLog } from '../log'

const log = moduleLog('desk-identity')

/** The keychain account the private key is kept under (PKCS#8, base64). */
const ACCOUNT = 'venue-identity'

export class DeskIdentity {
  /** The public key, raw 32 bytes as base64url: what the venue's record binds to this desk. */
  readonly publicKey: string

  private constructor(private readonly privateKey: KeyObject) {
    this.publicKey = createPublicKey(privateKey).export({ format: 'jwk' }).x!
  }

  /** This desk's identity from the keychain, made and kept there the first time. */
  static async load(credentials: CredentialStore): Promise<DeskIdentity> {
    const kept = await credentials.get(VENUE_SECRETS, ACCOUNT)
    if (kept) {
      try {
        return new DeskIdentity(createPrivateKey({ key: Buffer.from(kept, 'base64'), format: 'der', type: 'pkcs8' }))
      } catch (error) {
        // Unreadable (damaged): a new identity; the venues this desk was part of pair it again.
        log.warn("this desk's identity in the keychain did not read: a new one is made", { err: error })
      }
    }
    const made = DeskIdentity.make()
    await credentials.set(VENUE_SECRETS, ACCOUNT, made.exported())
    return made
  }

  /** A new identity, kept nowhere (tests, and `load` the first time). */
  static make(): DeskIdentity {
    return new DeskIdentity(generateKeyPairSync('ed25519').privateKey)
  }

  /** The signature of a text, base64url. */
  sign(text: string): string {
    return sign(null, Buffer.from(text), this.privateKey).toString('base64url')
  }

  /** The short fingerprint people compare by eye (8 characters of the public key's hash). */
  get fingerprint(): string {
    return fingerprintOf(this.publicKey)
  }

  private exported(): string {
    return this.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')
  }
}

/** The most public keys kept read (a venue has a handful of desks; a hostile record cannot grow this past it). */
const KEYS_KEPT = 256
const keys = new Map<string, KeyObject>()

/**
 * Signatures verified lately, each with a hash of the key and text it was verified over: the same entry checked again
 * in this process (by the hub that let it in, then by the record it went into) is not verified twice.
 */
const VERIFIED_KEPT = 4096
const verified = new Map<string, string>()

/** Whether `signature` is the holder of `publicKey`'s over `text` (false for anything malformed). */
export function verifySigned(publicKey: string, text: string, signature: string): boolean {
  const seen = verified.get(signature)
  const over =
    seen === undefined ? undefined : createHash('sha256').update(publicKey).update('\n').update(text).digest('base64')
  if (seen !== undefined && seen === over) return true
  if (!verifiedNow(publicKey, text, signature)) return false
  if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!)
  verified.set(signature, over ?? createHash('sha256').update(publicKey).update('\n').update(text).digest('base64'))
  return true
}

function verifiedNow(publicKey: string, text: string, signature: string): boolean {
  if (!PublicKey.safeParse(publicKey).success || !Signature.safeParse(signature).success) return false
  let key = keys.get(publicKey)
  if (!key) {
    try {
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' })
    } catch {
      // let go: a key that does not read verifies nothing, which is the answer
      return false
    }
    if (keys.size >= KEYS_KEPT) keys.delete(keys.keys().next().value!)
    keys.set(publicKey, key)
  }
  try {
    return verify(null, Buffer.from(text), key, Buffer.from(signature, 'base64url'))
  } catch {
    // let go: a signature that does not check is not this desk's, which is the answer
    return false
  }
}

/** Letters that read apart on a screen (no 0/O, 1/I/L), for fingerprints. */
const FINGERPRINT_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A public key's fingerprint: "7KQ2-M9XD", the same on every desk. */
export function fingerprintOf(publicKey: string): string {
  const hash = createHash('sha256').update(publicKey).digest()
  const letters = [...hash.subarray(0, 8)].map((byte) => FINGERPRINT_ALPHABET[byte % FINGERPRINT_ALPHABET.length])
  return `${letters.slice(0, 4).join('')}-${letters.slice(4).join('')}`
}
