// Access tokens of one profile: in memory only, obtained or refreshed once for every waiting caller.
import type { Scope } from '../../../shared/api'
import type { TokenSource } from '../api/client'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { CredentialStore } from '../secrets/credential-store'
import { requestClientCredentials } from './client-credentials'
import type { TokenAnswer, TokenEndpoint } from './token-endpoint'

export interface TokenManagerOptions {
  profileId: string
  clientId: string
  method: 'client-credentials' | 'browser'
  scopes: readonly Scope[]
  endpoint: TokenEndpoint
  credentials: CredentialStore
  clock: Clock
  onSessionEnded(reason: string): void
}

export interface AuthState {
  signedIn: boolean
  expiresAt: number | null
  scopes: string[]
}

/** Tokens are renewed this long before they expire, so a request never leaves with a dying token. */
const EXPIRY_MARGIN_MS = 30_000

export class TokenManager implements TokenSource {
  private access?: { token: string; expiresAt: number; scopes: string[] }
  private inFlight?: Promise<string>

  constructor(private readonly options: TokenManagerOptions) {}

  status(): AuthState {
    const valid = this.access && this.access.expiresAt > this.options.clock.now()
    return {
      signedIn: Boolean(valid),
      expiresAt: valid ? this.access!.expiresAt : null,
      scopes: valid ? this.access!.scopes : [],
    }
  }

  async current(): Promise<string> {
    if (this.access && this.access.expiresAt - EXPIRY_MARGIN_MS > this.options.clock.now()) return this.access.token
    return this.renew()
  }

  async refresh(stale: string): Promise<string> {
    if (this.access && this.access.token !== stale && this.access.expiresAt > this.options.clock.now())
      return this.access.token
    return this.renew()
  }

  /** Takes the answer of a sign-in: stores a refresh token first, then holds the access token. */
  async adopt(answer: TokenAnswer): Promise<void> {
    if (answer.refresh_token)
      await this.options.credentials.set(this.options.profileId, 'refresh-token', answer.refresh_token)
    this.access = {
      token: answer.access_token,
      expiresAt: this.options.clock.now() + answer.expires_in * 1000,
      scopes: answer.scope ? answer.scope.split(' ') : [...this.options.scopes],
    }
  }

  async signOut(): Promise<void> {
    this.access = undefined
    await this.options.credentials.delete(this.options.profileId, 'refresh-token')
  }

  sessionEnded(reason: string): void {
    this.access = undefined
    this.options.onSessionEnded(reason)
  }

  private renew(): Promise<string> {
    this.inFlight ??= this.obtain().finally(() => (this.inFlight = undefined))
    return this.inFlight
  }

  private async obtain(): Promise<string> {
    const { credentials, profileId, endpoint, clientId, scopes } = this.options
    let answer: TokenAnswer
    if (this.options.method === 'client-credentials') {
      const secret = await credentials.get(profileId, 'client-secret')
      if (!secret)
        throw new AppError(
          'unauthorized',
          'The client secret of this connection is not stored on this machine: enter it again in Connect.',
        )
      answer = await requestClientCredentials(endpoint, clientId, secret, scopes)
    } else {
      const refreshToken = await credentials.get(profileId, 'refresh-token')
      if (!refreshToken) throw new AppError('unauthorized', 'Sign in with the browser to use this connection.')
      try {
        answer = await endpoint({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken })
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthorized') {
          await credentials.delete(profileId, 'refresh-token')
          this.sessionEnded('the sign-in expired')
        }
        throw error
      }
    }
    await this.adopt(answer)
    return answer.access_token
  }
}
