// The OBS password as the keychain keeps it: bound to the host:port it was entered for, so it is only ever given to
// that OBS (a server that chose the salt can crack the answer offline).
export interface ObsEndpoint {
  host: string
  port: number
}

interface Sealed {
  for: string
  password: string
}

const endpointOf = ({ host, port }: ObsEndpoint) => `${host.toLowerCase()}:${port}`

/** What the keychain keeps for a password typed for `endpoint`. */
export function sealObsPassword(endpoint: ObsEndpoint, password: string): string {
  return JSON.stringify({ for: endpointOf(endpoint), password } satisfies Sealed)
}

/**
 * The kept password, and the host:port it is for. A password kept before passwords were bound (a bare string) is for
 * `legacyEndpoint`, the settings it was saved with.
 */
export function unsealObsPassword(
  kept: string | undefined,
  legacyEndpoint: ObsEndpoint | undefined,
): { password: string; for: string } | undefined {
  if (kept === undefined) return undefined
  try {
    const sealed = JSON.parse(kept) as Partial<Sealed>
    if (typeof sealed.for === 'string' && typeof sealed.password === 'string')
      return { password: sealed.password, for: sealed.for }
  } catch {
    // let go: not JSON is a bare password, kept before they were bound, read as such below
  }
  return legacyEndpoint ? { password: kept, for: endpointOf(legacyEndpoint) } : undefined
}

/** The password to give `endpoint`: only one kept for exactly that host:port. */
export function obsPasswordFor(kept: ReturnType<typeof unsealObsPassword>, endpoint: ObsEndpoint): string | undefined {
  return kept && kept.for === endpointOf(endpoint) ? kept.password : undefined
}
