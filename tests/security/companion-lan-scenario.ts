// Run inside a network namespace (see venue-lan.test.ts): the Companion module on "another PC" of the venue network,
// following the hub at 10.77.0.1 with the control token and a paired control device's key. Prints, as JSON for the
// test to judge, what its status said with the key, without it, and once the device was revoked at the desk.
import type { HubStatus } from '../../shared/ipc/hub'
import { MatchdeskConnection } from '../../companion-module/src/connection'
import { HostHarness } from '../companion/host-harness'
import { pairDevice } from '../support/pair-device'
import { startLanDesk } from './lan-desk'

const { services, value, firstStream } = await startLanDesk()
await firstStream()
const opened = await value<HubStatus>('hub:configure', { lan: true, interfaces: ['v0'] })
const lanUrl = opened.lanUrls[0]!.url
const key = await pairDevice(value, services.hub!.url, 'Companion PC', 'control')
const token = opened.controlToken

/** The harness's status once it is `wanted` (or after 10 s, as it is then). */
async function statusOnce(host: HostHarness, wanted: string) {
  const until = Date.now() + 10_000
  while (host.status?.status !== wanted && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
  return host.status
}

const fast = { first: 50, last: 200, refused: 200 }
const withKey = new HostHarness()
const companion = new MatchdeskConnection(withKey, { retry: fast })
companion.configure({ hub: lanUrl, token, deviceKey: key })
const admitted = await statusOnce(withKey, 'ok')

const noKey = new HostHarness()
const withoutKey = new MatchdeskConnection(noKey, { retry: fast })
withoutKey.configure({ hub: lanUrl, token, deviceKey: '' })
const refused = await statusOnce(noKey, 'authentication_failure')
withoutKey.destroy()

const device = (await value<HubStatus>('hub:status', {})).devices.find((d) => d.name === 'Companion PC')!
await value('hub:revoke', { deviceId: device.id })
const revoked = await statusOnce(withKey, 'authentication_failure')
companion.destroy()

console.log(JSON.stringify({ lanUrl, admitted, refused, revoked }))
await services.close()
process.exit(0)
