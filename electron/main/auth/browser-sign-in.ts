// Sign-in with the browser: authorization code with PKCE S256 through the loopback redirect.
import type { Scope } from '../../../shared/api'
import { challengeS256, createState, createVerifier } from './pkce'
import { startLoopback } from './oauth-loopback'
import type { TokenAnswer, TokenEndpoint } from './token-endpoint'
import { moduleLog } from '../log'

const log = moduleLog('sign-in')

export interface BrowserSignIn {
  accountBase: string
  clientId: string
  scopes: readonly Scope[]
  endpoint: TokenEndpoint
  /** Opens the system browser (shell.openExternal in Electron). */
  openBrowser(url: string): Promise<void>
  timeoutMs?: number
  /** Told the page's address and when the wait ends, so the person can copy it if no browser opened. */
  onOpened?(url: string, expiresAt: number): void
  /** Aborting cancels the wait (the Cancel button, or switching connections). */
  signal?: AbortSignal
}

export function authorizeUrl(accountBase: string, params: Record<string, string>): string {
  return `${accountBase}/oauth2/authorize?${new URLSearchParams(params)}`
}

export async function signInWithBrowser(options: BrowserSignIn): Promise<TokenAnswer> {
  const verifier = createVerifier()
  const state = createState()
  const timeoutMs = options.timeoutMs ?? 5 * 60_000
  const loopback = await startLoopback({ state, timeoutMs })
  const expiresAt = Date.now() + timeoutMs
  options.signal?.addEventListener('abort', () => loopback.close(), { once: true })
  if (options.signal?.aborted) loopback.close()
  const url = authorizeUrl(options.accountBase, {
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: loopback.redirectUri,
    scope: options.scopes.join(' '),
    state,
    code_challenge: challengeS256(verifier),
    code_challenge_method: 'S256',
  })
  options.onOpened?.(url, expiresAt)
  // No browser could be opened (a headless machine, web mode): the wait goes on, since the person can open the
  // address they were shown; it ends by itself at expiresAt.
  await options.openBrowser(url).catch(log.failed('opening the browser for sign-in'))
  const code = await loopback.code
  return options.endpoint({
    grant_type: 'authorization_code',
    client_id: options.clientId,
    code,
    redirect_uri: loopback.redirectUri,
    code_verifier: verifier,
  })
}
