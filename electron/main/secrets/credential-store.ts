// The port for secrets: API key, client secret and refresh token per connection profile, and the venue's control
// token for Companion, and each stream's OBS WebSocket password. Values never leave main (the control token only to the Venue view, to copy into Companion).
export const SECRET_KINDS = ['api-key', 'client-secret', 'refresh-token'] as const
export type SecretKind =
  | (typeof SECRET_KINDS)[number]
  | 'control-token'
  | 'obs-password'
  | 'webhook-url'
  | 'venue-desk-key'
  | 'venue-own-key'
  | 'venue-identity'

/** The keychain's owner name for secrets of the venue rather than of one connection profile. */
export const VENUE_SECRETS = 'matchdesk-venue'

/** The keychain's owner name for the password of one stream's OBS (per connection profile). */
export const obsSecretsOf = (profileId: string, streamId: string): string => `matchdesk-obs:${profileId}:${streamId}`

/** The keychain's owner name for this desk's key at the desk hosting the venue it joined (per connection profile). */
export const venueShareSecretsOf = (profileId: string): string => `matchdesk-venue-share:${profileId}`

/** The keychain's owner name for the webhook a tournament's calls go to (per connection profile). */
export const webhookSecretsOf = (profileId: string, tournamentId: string): string =>
  `matchdesk-webhook:${profileId}:${tournamentId}`

export interface CredentialStore {
  get(profileId: string, kind: SecretKind): Promise<string | undefined>
  set(profileId: string, kind: SecretKind, value: string): Promise<void>
  delete(profileId: string, kind: SecretKind): Promise<void>
}

/** Which secrets a profile has, without their values: all the renderer may learn. */
export async function secretPresence(store: CredentialStore, profileId: string): Promise<Record<SecretKind, boolean>> {
  const entries = await Promise.all(
    SECRET_KINDS.map(async (kind) => [kind, (await store.get(profileId, kind)) !== undefined] as const),
  )
  return Object.fromEntries(entries) as Record<SecretKind, boolean>
}

export async function deleteAllSecrets(store: CredentialStore, profileId: string): Promise<void> {
  await Promise.all(SECRET_KINDS.map((kind) => store.delete(profileId, kind)))
}
