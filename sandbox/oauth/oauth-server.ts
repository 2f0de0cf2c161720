// The sandbox's authorization server: client credentials, PKCE authorization codes, rotating refresh tokens.
import { createHash, randomBytes } from 'node:crypto'
import { SCOPES, type Scope } from '../../shared/api'

export interface OAuthClient {
  id: string
  secret: string
  name: string
  scopes: readonly Scope[]
}

export interface TokenAnswer {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  scope: string
  refresh_token?: string
}

export type TokenResult =
  | { ok: true; body: TokenAnswer }
  | {
      ok: false
      status: 400 | 401
      body: { error: string; error_description: string; hint: string; message: string }
    }

interface Grant {
  scopes: Scope[]
  expiresAt: number
}
interface PendingCode {
  clientId: string
  redirectUri: string
  scopes: Scope[]
  challenge: string
  expiresAt: number
  used: boolean
  /** Tokens issued from this code, revoked if the code is presented again (RFC 6749 §4.1.2). */
  issued: string[]
}

const CODE_TTL_MS = 120_000
const newSecret = () => randomBytes(32).toString('base64url')
const fail = (status: 400 | 401, error: string, description: string): TokenResult => ({
  ok: false,
  status,
  // league/oauth2-server's shape, which the service's token endpoint answers and its clients read.
  body: { error, error_description: description, hint: '', message: description },
})

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/** Loopback redirects on any port are accepted, as for native apps (RFC 8252 §7.3). */
export function isLoopbackRedirect(uri: string): boolean {
  try {
    const url = new URL(uri)
    return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname) && url.hash === ''
  } catch {
    return false
  }
}

export class OAuthServer {
  private readonly access = new Map<string, Grant>()
  private readonly refresh = new Map<string, { scopes: Scope[]; clientId: string }>()
  private readonly codes = new Map<string, PendingCode>()

  constructor(
    readonly client: OAuthClient,
    private readonly tokenTtlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  verify(token: string): Grant | undefined {
    const grant = this.access.get(token)
    return grant && grant.expiresAt > this.now() ? grant : undefined
  }

  /** Every access token expires at once (tests of refresh and of ended sessions). */
  expireAll(): void {
    for (const grant of this.access.values()) grant.expiresAt = 0
  }

  parseScopes(requested: string | undefined): Scope[] | undefined {
    const names = (requested ?? '').split(' ').filter(Boolean)
    if (names.length === 0) return [...this.client.scopes]
    if (
      !names.every(
        (name): name is Scope =>
          (SCOPES as readonly string[]).includes(name) && this.client.scopes.includes(name as Scope),
      )
    )
      return undefined
    return [...new Set(names)]
  }

  token(form: Record<string, string | undefined>): TokenResult {
    switch (form['grant_type']) {
      case 'client_credentials':
        return this.clientCredentials(form)
      case 'authorization_code':
        return this.exchangeCode(form)
      case 'refresh_token':
        return this.rotate(form)
      default:
        return fail(
          400,
          'unsupported_grant_type',
          'grant_type must be client_credentials, authorization_code or refresh_token',
        )
    }
  }

  createCode(clientId: string, redirectUri: string, scopes: Scope[], challenge: string): string {
    const code = newSecret()
    this.codes.set(code, {
      clientId,
      redirectUri,
      scopes,
      challenge,
      expiresAt: this.now() + CODE_TTL_MS,
      used: false,
      issued: [],
    })
    return code
  }

  private clientCredentials(form: Record<string, string | undefined>): TokenResult {
    if (form['client_id'] !== this.client.id || form['client_secret'] !== this.client.secret) {
      return fail(401, 'invalid_client', 'unknown client or wrong client secret')
    }
    const scopes = this.parseScopes(form['scope'])
    if (!scopes) return fail(400, 'invalid_scope', `scope must list some of: ${this.client.scopes.join(' ')}`)
    return { ok: true, body: this.issue(scopes, false) }
  }

  private exchangeCode(form: Record<string, string | undefined>): TokenResult {
    if (form['client_id'] !== this.client.id) return fail(401, 'invalid_client', 'unknown client')
    if (form['client_secret'] !== undefined && form['client_secret'] !== this.client.secret) {
      return fail(401, 'invalid_client', 'wrong client secret')
    }
    const code = this.codes.get(form['code'] ?? '')
    if (!code || code.clientId !== this.client.id) return fail(400, 'invalid_grant', 'unknown authorization code')
    if (code.used) {
      for (const token of code.issued) {
        this.access.delete(token)
        this.refresh.delete(token)
      }
      return fail(400, 'invalid_grant', 'the authorization code was already used')
    }
    if (code.expiresAt <= this.now()) return fail(400, 'invalid_grant', 'the authorization code has expired')
    if (form['redirect_uri'] !== code.redirectUri)
      return fail(400, 'invalid_grant', 'redirect_uri does not match the authorization request')
    const verifier = form['code_verifier'] ?? ''
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier))
      return fail(400, 'invalid_request', 'code_verifier must be 43 to 128 unreserved characters')
    if (s256(verifier) !== code.challenge)
      return fail(400, 'invalid_grant', 'code_verifier does not match the code_challenge')
    code.used = true
    const answer = this.issue(code.scopes, true)
    code.issued.push(answer.access_token, answer.refresh_token!)
    return { ok: true, body: answer }
  }

  private rotate(form: Record<string, string | undefined>): TokenResult {
    const presented = form['refresh_token'] ?? ''
    const grant = this.refresh.get(presented)
    if (!grant || form['client_id'] !== grant.clientId)
      return fail(400, 'invalid_grant', 'unknown or already used refresh token')
    this.refresh.delete(presented)
    return { ok: true, body: this.issue(grant.scopes, true) }
  }

  private issue(scopes: Scope[], withRefresh: boolean): TokenAnswer {
    const access_token = newSecret()
    this.access.set(access_token, { scopes, expiresAt: this.now() + this.tokenTtlSeconds * 1000 })
    const answer: TokenAnswer = {
      access_token,
      token_type: 'Bearer',
      expires_in: this.tokenTtlSeconds,
      scope: scopes.join(' '),
    }
    if (withRefresh) {
      answer.refresh_token = newSecret()
      this.refresh.set(answer.refresh_token, { scopes, clientId: this.client.id })
    }
    return answer
  }
}
