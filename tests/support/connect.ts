// A client for a running sandbox, signed in with client credentials, secrets in memory: what main builds per profile.
import { SCOPES, type Scope } from '../../shared/api'
import type { Sandbox } from '../../sandbox/index'
import { organizerApi } from '../../electron/main/api/organizer-api'
import type { ClientConfig } from '../../electron/main/api/client'
import { TokenManager } from '../../electron/main/auth/token-manager'
import { tokenEndpoint, type TokenEndpoint } from '../../electron/main/auth/token-endpoint'
import { systemClock, type Clock } from '../../electron/main/clock'
import { MemoryCredentialStore } from '../../electron/main/secrets/memory-store'

export interface ConnectOptions {
  clock?: Clock
  scopes?: readonly Scope[]
  endpoint?: TokenEndpoint
  onSessionEnded?: (reason: string) => void
  client?: Partial<ClientConfig>
}

export async function connectTo(sandbox: Sandbox, options: ConnectOptions = {}) {
  const credentials = new MemoryCredentialStore()
  await credentials.set('p', 'client-secret', sandbox.clientSecret)
  const clock = options.clock ?? systemClock
  const tokens = new TokenManager({
    profileId: 'p',
    clientId: sandbox.clientId,
    method: 'client-credentials',
    scopes: options.scopes ?? SCOPES,
    endpoint: options.endpoint ?? tokenEndpoint(sandbox.auth),
    credentials,
    clock,
    onSessionEnded: options.onSessionEnded ?? (() => undefined),
  })
  const api = organizerApi({
    bases: {
      organizer: sandbox.organizer,
      participant: sandbox.participant,
      v1: sandbox.v1,
      auth: sandbox.auth,
      account: sandbox.account,
    },
    apiKey: async () => sandbox.apiKey,
    tokens,
    clock,
    ...options.client,
  })
  return { api, tokens, credentials }
}
