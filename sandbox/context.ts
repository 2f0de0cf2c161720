// What every sandbox route works with: the data, the authorization server and the application's name.
import type { OAuthServer } from './oauth/oauth-server'
import type { Store } from './store/store'

export interface SandboxContext {
  store: Store
  oauth: OAuthServer
}
