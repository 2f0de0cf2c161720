// Two desks of one shared venue for integration tests, each on the Demo venue (seed 1: the same ids on both, as one
// service's are) in its own data folder: a host with its hub, and a member with its own keychain that joins it with
// a desk's pairing code. The host can be started again on its port — or elsewhere, out of the member's reach, to cut
// the two apart for real.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MainServices } from '../../electron/main/composition'
import { MemoryCredentialStore } from '../../electron/main/secrets/memory-store'
import type { PairingCode } from '../../shared/ipc/hub'
import type { DeskRole } from '../../shared/venue/roles'
import type { SharingState } from '../../shared/venue/sharing'
import { demoDesk } from './demo-desk'
import { dispatchValue } from './dispatch-value'

export interface TwoDesks {
  readonly host: MainServices
  readonly member: MainServices
  onHost: ReturnType<typeof dispatchValue>
  onMember: ReturnType<typeof dispatchValue>
  /**
   * The member joins the host under `name` (as the host names it when pairing), and is given its first role by the
   * host (producer), or `role` by the host as head organiser once it has that.
   */
  join(name: string, role?: DeskRole): Promise<void>
  /** Whether the member's link to the host is up now. */
  link(): Promise<SharingState['link']>
  /** The host closed and started again: on `port` (its own by default), or on a free one (out of the member's reach). */
  restartHost(port?: number | 'elsewhere'): Promise<void>
  closeHost(): Promise<void>
  close(): Promise<void>
}

/** Waits until `done` (set-up, not an assertion: a test asserts with expect.poll). */
async function waitFor(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!done()) {
    if (Date.now() > until) throw new Error(`no ${what} within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export async function twoDesks(name: string, options: { memberHub?: boolean } = {}): Promise<TwoDesks> {
  const folders = [0, 1, 2].map((i) => mkdtempSync(join(tmpdir(), `matchdesk-${name}-${i}-`)))
  const [hostDir, memberDir, pagesDir] = folders as [string, string, string]
  writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
  const retry = { first: 100, most: 300 }
  // The host's keychain outlives its restarts, as an OS keychain does.
  const hostCredentials = new MemoryCredentialStore()
  const startHost = (port = 0) =>
    demoDesk(hostDir, { hub: { port, pagesDir }, venueRetryMs: retry, credentials: hostCredentials })
  let host = await startHost()
  let hostPort = Number(new URL(host.hub!.url).port)
  const member = await demoDesk(memberDir, {
    credentials: new MemoryCredentialStore(),
    venueRetryMs: retry,
    ...(options.memberHub && { hub: { port: 0, pagesDir } }),
  })
  const onHost = dispatchValue(() => host)
  const onMember = dispatchValue(() => member)
  let hostOpen = true
  return {
    get host() {
      return host
    },
    member,
    onHost,
    onMember,
    join: async (deskName, role) => {
      const { code } = await onHost<PairingCode>('hub:pair', { name: deskName, kind: 'desk' })
      await onMember('venue:join', { address: host.hub!.url, code })
      const memberId = member.connections.active.offline.venue.deskId
      const roleOnMember = () => member.connections.active.offline.venue.roleOf(memberId)
      await waitFor(() => roleOnMember() !== null, 'the member’s first role')
      if (role && role !== roleOnMember()) {
        await onHost('venue:set-role', { deskId: memberId, role })
        await waitFor(() => roleOnMember() === role, `the member’s role ${role}`)
      }
    },
    link: async () => (await onMember<SharingState>('venue:sharing')).link,
    restartHost: async (port) => {
      if (hostOpen) await host.close()
      host = await startHost(port === 'elsewhere' ? 0 : (port ?? hostPort))
      hostOpen = true
      if (port !== 'elsewhere') hostPort = Number(new URL(host.hub!.url).port)
    },
    closeHost: async () => {
      await host.close()
      hostOpen = false
    },
    close: async () => {
      await member.close()
      if (hostOpen) await host.close()
      for (const folder of folders) rmSync(folder, { recursive: true, force: true })
    },
  }
}
