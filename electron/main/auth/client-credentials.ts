// The client-credentials grant: client id and secret for the scopes the profile asks for.
import type { Scope } from '../../../shared/api'
import type { TokenAnswer, TokenEndpoint } from './token-endpoint'

export function requestClientCredentials(
  endpoint: TokenEndpoint,
  clientId: string,
  clientSecret: string,
  scopes: readonly Scope[],
): Promise<TokenAnswer> {
  return endpoint({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
    scope: scopes.join(' '),
  })
}
