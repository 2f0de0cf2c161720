// The Demo venue: the in-process sandbox, started with this installation's own generated credentials.
import { randomBytes } from 'node:crypto'
import { SCOPES } from '../../../shared/api'
import type { Sandbox } from '../../../sandbox/index'
import type { CredentialStore } from '../secrets/credential-store'
import type { ProfileRecord, ProfileStore } from './profile-file'

export const DEMO_PROFILE_ID = 'demo'
const secret = () => randomBytes(24).toString('base64url')

/** Starts the sandbox (injected so tests and benchmarks choose its size and faults). */
export type SandboxStarter = (credentials: {
  apiKey: string
  clientId: string
  clientSecret: string
}) => Promise<Sandbox>

export interface DemoVenue {
  profile: ProfileRecord
  sandbox: Sandbox
}

/** Makes sure the demo profile and its secrets exist (secrets are generated once and kept like any profile's). */
export async function openDemoVenue(
  profiles: ProfileStore,
  credentials: CredentialStore,
  start: SandboxStarter,
): Promise<DemoVenue> {
  let profile = profiles.find(DEMO_PROFILE_ID)
  if (!profile) {
    profile = await profiles.upsert({
      id: DEMO_PROFILE_ID,
      name: 'Demo venue',
      clientId: `demo-${secret().slice(0, 10)}`,
      method: 'client-credentials',
      scopes: [...SCOPES],
      demo: true,
    })
  }
  let apiKey = await credentials.get(DEMO_PROFILE_ID, 'api-key')
  let clientSecret = await credentials.get(DEMO_PROFILE_ID, 'client-secret')
  if (!apiKey || !clientSecret) {
    apiKey = secret()
    clientSecret = secret()
    await credentials.set(DEMO_PROFILE_ID, 'api-key', apiKey)
    await credentials.set(DEMO_PROFILE_ID, 'client-secret', clientSecret)
  }
  const sandbox = await start({ apiKey, clientId: profile.clientId, clientSecret })
  return { profile, sandbox }
}
