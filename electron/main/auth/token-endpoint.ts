// POSTs form-encoded grants to {auth_url}/oauth/v2/token and reads the answer (or the OAuth error) with zod.
import { ofetch } from 'ofetch'
import { z } from 'zod'
import { errorSaid } from '../../../shared/api'
import { AppError } from '../app-error'

export const TokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
  scope: z.string().default(''),
  refresh_token: z.string().optional(),
})
export type TokenAnswer = z.infer<typeof TokenAnswer>

export type TokenEndpoint = (form: Record<string, string>) => Promise<TokenAnswer>

/** The token endpoint refused the grant; `oauthError` is its OAuth error code (invalid_client, invalid_scope, …). */
export class OAuthRefusal extends AppError {
  constructor(
    code: 'unauthorized' | 'validation',
    message: string,
    readonly oauthError: string | undefined,
  ) {
    super(code, message)
  }
}

export function tokenEndpoint(authBase: string, timeoutMs = 15_000): TokenEndpoint {
  return async (form) => {
    let response
    try {
      response = await ofetch.raw(`${authBase}/oauth/v2/token`, {
        method: 'POST',
        body: new URLSearchParams(form),
        timeout: timeoutMs,
        retry: 0,
        ignoreResponseError: true,
      })
    } catch {
      throw new AppError('offline', 'The sign-in service could not be reached.')
    }
    if (response.ok) {
      const parsed = TokenAnswer.safeParse(response._data)
      if (parsed.success) return parsed.data
      throw new AppError('server', 'The sign-in service answered in an unexpected form.')
    }
    if (response.status === 429)
      throw new AppError('rate_limited', 'The sign-in service asks to slow down; try again shortly.')
    if (response.status >= 500)
      throw new AppError('server', `The sign-in service failed (${response.status}); try again shortly.`)
    // Either shape: the OAuth server's {error, hint, message} or the service's {errors: [...]}.
    const said = errorSaid(response._data)
    const reason = said.message
      ? said.code && said.code !== said.message
        ? `${said.code}: ${said.message}`
        : said.message
      : `status ${response.status}`
    const code =
      response.status === 401 || said.code === 'invalid_grant' || said.code === 'invalid_client'
        ? 'unauthorized'
        : 'validation'
    throw new OAuthRefusal(code, `Sign-in was refused (${reason}).`, said.code)
  }
}
