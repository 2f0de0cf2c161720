// Desks finding each other on the venue network by mDNS (DNS-SD type `_matchdesk._tcp`, `bonjour-service`): a desk
// whose hub is open to the venue network announces it (its name and port) for as long as it is; a desk about to join
// looks for a few seconds and lists what answered — bounded, since anything on the network may answer. Finding only
// fills in an address: joining still takes a pairing code made at that desk.
import { isIPv4 } from 'node:net'
import { Bonjour, type Service } from 'bonjour-service'
import { moduleLog } from '../log'

const log = moduleLog('venue-discovery')

/** The service type desks announce and look for. */
export const SERVICE_TYPE = 'matchdesk'
/** The most desks a look lists (a venue has a handful; more is someone flooding the network). */
const FOUND_MOST = 32
/** A desk's name as listed, at most. */
const NAME_MOST = 80

export interface FoundDesk {
  name: string
  /** The desk's hub, as the join form takes it ("http://10.0.0.5:7310"). */
  address: string
  /** The desk's fingerprint as it announces it (anyone may announce any: the join checks the desk's proof). */
  fingerprint: string
  /** Another desk found answers to the same name. */
  sameName: boolean
}

export class VenueAnnouncement {
  private bonjour: Bonjour | undefined

  /** Announces this desk's hub on the venue network from now on (again, when its name or port changed). */
  announce(desk: { name: string; port: number; fingerprint: string }): void {
    this.stop()
    this.bonjour = new Bonjour({}, (error: Error) => log.warn(`announcing the desk failed: ${error.message}`))
    this.bonjour.publish({
      // An instance name is at most 63 bytes: the desk's own name is in the TXT record whole.
      name: `Matchdesk ${Buffer.from(desk.name).subarray(0, 50).toString()}`.replace(/\uFFFD+$/, ''),
      type: SERVICE_TYPE,
      port: desk.port,
      txt: { name: desk.name.slice(0, NAME_MOST), fp: desk.fingerprint },
    })
  }

  /** The hub left the venue network (or the desk closes): announced no more. */
  stop(): void {
    if (!this.bonjour) return
    const bonjour = this.bonjour
    this.bonjour = undefined
    bonjour.unpublishAll(() => bonjour.destroy())
  }
}

/** The desks that answer on the venue network within `ms`, by name. */
export async function findDesks(ms = 2500): Promise<FoundDesk[]> {
  const bonjour = new Bonjour({}, (error: Error) => log.warn(`looking for desks failed: ${error.message}`))
  const found = new Map<string, FoundDesk>()
  const browser = bonjour.find({ type: SERVICE_TYPE }, (service: Service) => {
    if (found.size >= FOUND_MOST) return
    const port = service.port
    const address = (service.addresses ?? []).find((a) => isIPv4(a))
    if (!address || !Number.isInteger(port) || port < 1 || port > 65_535) return
    const txt = service.txt as Record<string, unknown> | undefined
    const txtName = txt?.['name']
    const name = (typeof txtName === 'string' ? txtName : String(service.name)).slice(0, NAME_MOST)
    const fp = txt?.['fp']
    const fingerprint = typeof fp === 'string' && /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/.test(fp) ? fp : ''
    found.set(`${address}:${port}`, { name, address: `http://${address}:${port}`, fingerprint, sameName: false })
  })
  await new Promise((resolve) => setTimeout(resolve, ms))
  browser.stop()
  bonjour.destroy()
  return markSameNames([...found.values()])
}

/**
 * The desks found, by name, two that answer to one name both marked (the first to answer is not the real one: only
 * the fingerprint on the host's screen tells them apart).
 */
export function markSameNames(desks: FoundDesk[]): FoundDesk[] {
  return desks
    .map((desk) => ({ ...desk, sameName: desks.some((other) => other !== desk && other.name === desk.name) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.address.localeCompare(b.address))
}
