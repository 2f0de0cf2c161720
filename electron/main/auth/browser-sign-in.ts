// Sign-in with the browser: authorization code with PKCE S256 through the loopback redirect.
import type { Scope } from '../../../shared/api'
import { challengeS256, createState, createVerifier } from './pkce'
import { startLoopback } from './oauth-loopback'
import type { TokenAnswer, TokenEndpoint } from './token-endpoint'

export interface BrowserSignIn {
  accountBase: string
  clientId: string
  scopes: readonly Scope[]
  endpoint: TokenEndpoint
  /** Opens the system browser (shell.openExternal in Electron). */
  openBrowser(url: string): Promise<void>
  timeoutMs?: number
}

export function authorizeUrl(accountBase: string, params: Record<string, string>): string {
  return `${accountBase}/oauth2/authorize?${new URLSearchParams(params)}`
}

export async function signInWithBrowser(options: BrowserSignIn): Promise<TokenAnswer> {
  const verifier = createVerifier()
  const state = createState()
  const loopback = await startLoopback({
    state,
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
  })
  try {
    await options.openBrowser(
      authorizeUrl(options.accountBase, {
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: loopback.redirectUri,
        scope: options.scopes.join(' '),
        state,
        code_challenge: challengeS256(verifier),
        code_challenge_method: 'S256',
      }),
    )
  } catch (error) {
    loopback.close()
    throw error
  }
  const code = await loopback.code
  return options.endpoint({
    grant_type: 'authorization_code',
    client_id: options.clientId,
    code,
    redirect_uri: loopback.redirectUri,
    code_verifier: verifier,
  })
}
