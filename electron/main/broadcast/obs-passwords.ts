// Each stream's OBS password in the keychain, sealed with the host:port it was entered for: it goes only there. A Save
// to another address without a new password forgets it and asks for it again, in words under the field.
import type { ObsSettings } from '../../../shared/broadcast/obs'
import { AppError } from '../app-error'
import type { ObsSettingsFile } from '../obs/obs-settings-file'
import { obsPasswordFor, sealObsPassword, unsealObsPassword } from '../obs/obs-password'
import { obsSecretsOf, type CredentialStore } from '../secrets/credential-store'

export class ObsPasswords {
  constructor(
    private readonly credentials: CredentialStore,
    private readonly settings: ObsSettingsFile,
  ) {}

  /** The stored password and the host:port it was entered for (one kept before binding: the saved settings'). */
  async kept(profileId: string, streamId: string) {
    const kept = await this.credentials.get(obsSecretsOf(profileId, streamId), 'obs-password')
    return unsealObsPassword(kept, this.settings.get(profileId, streamId))
  }

  /** The stored password when it is for `settings`' host and port (the saved ones by default), else undefined. */
  async for(
    profileId: string,
    streamId: string,
    settings = this.settings.get(profileId, streamId),
  ): Promise<string | undefined> {
    return settings && obsPasswordFor(await this.kept(profileId, streamId), settings)
  }

  /**
   * Saves with a stream's settings: a new password sealed to their address, null forgets it, none keeps the stored
   * one if it is for this address. One stored for another address is forgotten, and the Save refused in words
   * (`onForgotten` is told first, so an open link stops counting on it).
   */
  async save(
    profileId: string,
    streamId: string,
    settings: ObsSettings,
    password: string | null | undefined,
    onForgotten: () => void,
  ): Promise<void> {
    const owner = obsSecretsOf(profileId, streamId)
    const kept = await this.kept(profileId, streamId)
    if (password === null) return this.credentials.delete(owner, 'obs-password')
    if (password !== undefined) return this.credentials.set(owner, 'obs-password', sealObsPassword(settings, password))
    if (!kept || obsPasswordFor(kept, settings) !== undefined) return
    // Another host or port: the stored password is never sent there. It is forgotten and asked for again.
    await this.credentials.delete(owner, 'obs-password')
    onForgotten()
    const message =
      `The stored password was for the OBS at ${kept.for}, so it is forgotten: type the password of the OBS at ` +
      `${settings.host}:${settings.port}, or save again if that OBS asks for none.`
    throw new AppError('validation', message, { password: message })
  }

  forget(profileId: string, streamId: string): Promise<void> {
    return this.credentials.delete(obsSecretsOf(profileId, streamId), 'obs-password')
  }
}
