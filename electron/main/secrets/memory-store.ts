// Secrets kept in memory only: web mode's default on headless machines, and unit tests.
import type { CredentialStore, SecretKind } from './credential-store'

export class MemoryCredentialStore implements CredentialStore {
  private readonly values = new Map<string, string>()

  async get(profileId: string, kind: SecretKind) {
    return this.values.get(`${profileId}:${kind}`)
  }

  async set(profileId: string, kind: SecretKind, value: string) {
    this.values.set(`${profileId}:${kind}`, value)
  }

  async delete(profileId: string, kind: SecretKind) {
    this.values.delete(`${profileId}:${kind}`)
  }
}
