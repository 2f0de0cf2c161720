// The OS keychain through keytar (service "matchdesk", one account per profile and secret kind): keytar's only importer.
import type * as KeytarModule from 'keytar'
import type { CredentialStore, SecretKind } from './credential-store'

export const KEYCHAIN_SERVICE = 'matchdesk'

type Keytar = typeof KeytarModule

export class KeychainCredentialStore implements CredentialStore {
  private keytar?: Promise<Keytar>

  constructor(private readonly service = KEYCHAIN_SERVICE) {}

  /** Loaded on first use so that web mode and tests without a Secret Service never touch the native module. */
  private load(): Promise<Keytar> {
    this.keytar ??= import('keytar').then((module) => (module as { default?: Keytar }).default ?? module)
    return this.keytar
  }

  async get(profileId: string, kind: SecretKind) {
    return (await (await this.load()).getPassword(this.service, `${profileId}:${kind}`)) ?? undefined
  }

  async set(profileId: string, kind: SecretKind, value: string) {
    await (await this.load()).setPassword(this.service, `${profileId}:${kind}`, value)
  }

  async delete(profileId: string, kind: SecretKind) {
    await (await this.load()).deletePassword(this.service, `${profileId}:${kind}`)
  }
}
