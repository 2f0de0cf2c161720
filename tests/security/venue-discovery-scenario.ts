// One desk of `venue-discovery.test.ts`, in its own network namespace on a bridge: the "host" names itself, opens its
// hub to the venue network and waits; the "finder" opens its own hub too and looks for desks, writing what it found.
// They meet through files in a shared folder.
import { readFileSync, writeFileSync } from 'node:fs'
import { meetingFiles } from './meeting-files'
import type { HubStatus } from '../../shared/ipc/hub'
import type { FoundDesk } from '../../shared/venue/sharing'
import { startLanDesk } from './lan-desk'

const [role, folder] = process.argv.slice(2) as ['host' | 'finder', string]
const { at, until } = meetingFiles(folder, role)

const { services, value } = await startLanDesk()
services.connections.active.offline.venue.name(role === 'host' ? 'Main stage desk' : 'Floor desk')
const on = await value<HubStatus>('hub:configure', { lan: true })
if (role === 'host') {
  // The fingerprint the host shows beside a desk's code.
  const { fingerprint } = await value<{ fingerprint?: string }>('hub:pair', { name: 'Floor desk', kind: 'desk' })
  writeFileSync(at('host.json'), JSON.stringify({ url: on.lanUrls[0]!.url, fingerprint }))
  await until('found.json')
} else {
  await until('host.json')
  const { url, fingerprint } = JSON.parse(readFileSync(at('host.json'), 'utf8')) as { url: string; fingerprint: string }
  const found = await value<FoundDesk[]>('venue:find', {})
  writeFileSync(at('found.json'), JSON.stringify({ host: url, fingerprint, own: on.lanUrls[0]!.url, found }))
}
await services.close()
process.exit(0)
