// "Test connection" before saving: reach the service with the API key, ask for a token, read one tournament; each
// step reported, and a failure named on the form field that holds the wrong value (API key, client id or secret,
// scopes, or the base URL that could not be reached).
import { ofetch } from 'ofetch'
import type { Scope } from '../../../shared/api'
import type { ServiceBases } from '../../../shared/ipc/service-bases'
import { AppError } from '../app-error'
import { requestClientCredentials } from '../auth/client-credentials'
import { OAuthRefusal, tokenEndpoint } from '../auth/token-endpoint'

export interface ConnectionUnderTest {
  bases: ServiceBases
  clientId: string
  method: 'client-credentials' | 'browser'
  scopes: Scope[]
  apiKey: string
  clientSecret?: string
}

export interface TestStep {
  step: 'service' | 'token' | 'read' | 'addresses'
  ok: boolean
  message: string
}

export interface ConnectionTestReport {
  ok: boolean
  steps: TestStep[]
  /** Form field → what is wrong with it ("apiKey", "clientSecret", "scopes", "baseUrls.organizer", …). */
  fields: Record<string, string>
}

const TIMEOUT_MS = 10_000

async function get(url: string, headers: Record<string, string>): Promise<number | 'unreachable'> {
  try {
    const response = await ofetch.raw(url, { headers, timeout: TIMEOUT_MS, retry: 0, ignoreResponseError: true })
    return response.status
  } catch {
    return 'unreachable'
  }
}

/** Whether the organizer address answers and takes the API key; `field` names what is wrong when it does not. */
export async function checkService(bases: ServiceBases, apiKey: string): Promise<{ message: string; field?: string }> {
  const reached = await get(`${bases.organizer}/disciplines`, { 'x-api-key': apiKey, range: 'disciplines=0-0' })
  if (reached === 'unreachable')
    return { message: `The organizer address ${bases.organizer} could not be reached.`, field: 'baseUrls.organizer' }
  if (reached === 401 || reached === 403) return { message: 'The service refused the API key.', field: 'apiKey' }
  if (reached === 404)
    return { message: `No Organizer interface answers at ${bases.organizer}.`, field: 'baseUrls.organizer' }
  if (reached >= 400)
    return { message: `The service answered ${reached} at ${bases.organizer}.`, field: 'baseUrls.organizer' }
  return { message: 'The service answered and took the API key.' }
}

export async function testConnection(connection: ConnectionUnderTest): Promise<ConnectionTestReport> {
  const { bases, apiKey } = connection
  const steps: TestStep[] = []
  const fields: Record<string, string> = {}
  const fail = (step: TestStep['step'], message: string, field: string) => {
    steps.push({ step, ok: false, message })
    fields[field] = message
    return { ok: false, steps, fields }
  }

  // 1. The service answers at the organizer address and takes the API key.
  const service = await checkService(bases, apiKey)
  if (service.field) return fail('service', service.message, service.field)
  steps.push({ step: 'service', ok: true, message: service.message })

  if (connection.method === 'browser') {
    steps.push({ step: 'token', ok: true, message: 'Sign in with the browser to test the rest: it opens a page.' })
    return otherAddresses()
  }

  // 2. A token for the client id, secret and scopes.
  let token: string
  try {
    const answer = await requestClientCredentials(
      tokenEndpoint(bases.auth, TIMEOUT_MS),
      connection.clientId,
      connection.clientSecret ?? '',
      connection.scopes,
    )
    token = answer.access_token
  } catch (error) {
    // let go: each refusal is answered as the test's report, naming the field to fix
    const reason = error instanceof OAuthRefusal ? error.oauthError : undefined
    if (error instanceof AppError && error.code === 'offline')
      return fail('token', `The sign-in address ${bases.auth} could not be reached.`, 'baseUrls.auth')
    if (reason === 'invalid_scope')
      return fail('token', 'The service refused these scopes for this application.', 'scopes')
    if (reason === 'invalid_client' || reason === 'unauthorized_client' || (error as AppError).code === 'unauthorized')
      return fail('token', 'The service refused the client id or the client secret.', 'clientSecret')
    return fail('token', error instanceof Error ? error.message : 'The token request failed.', 'baseUrls.auth')
  }
  steps.push({ step: 'token', ok: true, message: 'A token was issued for the client id and secret.' })

  // 3. One read with both, as every list does.
  const read = await get(`${bases.organizer}/tournaments`, {
    'x-api-key': apiKey,
    authorization: `Bearer ${token}`,
    range: 'tournaments=0-0',
  })
  if (read === 'unreachable')
    return fail('read', `The organizer address ${bases.organizer} could not be reached.`, 'baseUrls.organizer')
  if (read === 401) return fail('read', 'The service refused the API key with this token.', 'apiKey')
  if (read === 403) return fail('read', 'The token lacks the organizer:view scope to read tournaments.', 'scopes')
  if (read >= 400) return fail('read', `Reading tournaments answered ${read}.`, 'baseUrls.organizer')
  steps.push({ step: 'read', ok: true, message: 'Tournaments can be read.' })
  return otherAddresses()

  /** 4. The three other addresses each answer: the participant interface, the public v1 one, the sign-in page. */
  async function otherAddresses(): Promise<ConnectionTestReport> {
    const tried = await Promise.all([
      get(`${bases.participant}/disciplines`, { 'x-api-key': apiKey, range: 'disciplines=0-0' }).then((status) =>
        status === 'unreachable'
          ? `The participant address ${bases.participant} could not be reached.`
          : status >= 400
            ? `The participant address ${bases.participant} answered ${status}.`
            : null,
      ),
      // The v1 listing and the sign-in page want a tournament or a client: any answer shows they are there.
      get(`${bases.v1}/tournaments/0/stages`, {}).then((status) =>
        status === 'unreachable' ? `The public v1 address ${bases.v1} could not be reached.` : null,
      ),
      get(`${bases.account}/oauth2/authorize`, {}).then((status) =>
        status === 'unreachable' ? `The sign-in page's address ${bases.account} could not be reached.` : null,
      ),
    ])
    const [participant, v1, account] = tried
    for (const [field, problem] of [
      ['baseUrls.participant', participant],
      ['baseUrls.v1', v1],
      ['baseUrls.account', account],
    ] as const)
      if (problem) fields[field] = problem
    const problems = tried.filter((p): p is string => p !== null)
    steps.push(
      problems.length
        ? { step: 'addresses', ok: false, message: problems.join(' ') }
        : { step: 'addresses', ok: true, message: 'The participant, public v1 and sign-in addresses answer.' },
    )
    return { ok: problems.length === 0, steps, fields }
  }
}
