// The five base URLs of a deployment from its one address, by the service's conventions: the API paths under it,
// tokens at its root, the sign-in page on the "account." host beside an "api." one (api.example.org →
// account.example.org), on the same host otherwise. The public service's own defaults come from here too.
/** The five bases, in the order forms list them. */
export const SERVICE_BASE_KEYS = ['organizer', 'participant', 'v1', 'auth', 'account'] as const
export type ServiceBaseKey = (typeof SERVICE_BASE_KEYS)[number]
export type ServiceBases = Record<ServiceBaseKey, string>

/** Null when `address` is not an absolute http(s) URL. */
export function basesFromOrigin(address: string): ServiceBases | null {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const origin = url.origin
  const account = url.hostname.startsWith('api.')
    ? `${url.protocol}//account.${url.hostname.slice(4)}${url.port ? `:${url.port}` : ''}`
    : origin
  return {
    organizer: `${origin}/organizer/v2`,
    participant: `${origin}/participant/v2`,
    v1: `${origin}/v1`,
    auth: origin,
    account,
  }
}
