// A paired desk turned hostile, against a host and an honest desk over real HTTP and WebSocket: Mallory is paired the
// ordinary way (a code from the head organiser), and the test writes into its copy of the record whatever an attacker
// would and opens the sync with it. The host turns away what Mallory signs wrongly or oversizes (told why: 4422), opens
// no other document for it, counts for nothing what it claims beyond its role, and the venue goes on for everyone
// else: the honest desk's changes still reach the host, and a new desk still joins.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as Y from 'yjs'
import type { PairingCode } from '../../shared/ipc/hub'
import { hostileDesk, syncUrlOf } from '../support/hostile-desk'
import { twoDesks, type TwoDesks } from '../support/two-desks'

let desks: TwoDesks
const hostRecord = () => desks.host.connections.active.offline.venue
const memberRecord = () => desks.member.connections.active.offline.venue

/** Mallory: a desk paired at the host the ordinary way, its copy the test's to write into. */
const paired = (id: string) =>
  hostileDesk(desks.host.hub!.url, id, (name) => desks.onHost<PairingCode>('hub:pair', { name, kind: 'desk' }))

/** The honest desk's Take reaches the host: the venue goes on. */
async function venueGoesOn(matchId: string) {
  memberRecord().streams.take('attacked', matchId)
  await expect.poll(() => hostRecord().view().onAir.get('attacked')).toBe(matchId)
}

beforeAll(async () => {
  desks = await twoDesks('record-attacks')
  await desks.join('Ana’s desk')
}, 60_000)
afterAll(() => desks?.close())

describe('a paired desk turned hostile', () => {
  it('cannot open another document on the sync: the venue’s stays bridged and the others are refused', async () => {
    await expect.poll(() => desks.link()).toBe('connected')
    const mallory = await paired('mallory-split')
    const headers = await mallory.proof()
    /** ws with the proof in its headers (one attempt: the proof's challenge is good once). */
    class Proven extends WebSocket {
      constructor(url: string) {
        super(url, { headers })
      }
    }
    const socket = new HocuspocusProviderWebsocket({
      url: syncUrlOf(desks.host.hub!.url),
      WebSocketPolyfill: Proven,
      maxAttempts: 1,
    })
    const denied: string[] = []
    const providers = Array.from(
      { length: 20 },
      (_, i) =>
        new HocuspocusProvider({
          websocketProvider: socket,
          name: `not-the-venue-${i}`,
          document: new Y.Doc(),
          token: 'x',
          onAuthenticationFailed: ({ reason }) => denied.push(reason),
        }),
    )
    for (const provider of providers) provider.attach()
    await expect.poll(() => denied.length).toBe(20)
    await venueGoesOn('m-after-split')
    for (const provider of providers) provider.destroy()
    socket.destroy()
  })

  it('is turned away, told why, for an entry in another desk’s name, and the entry is nowhere', async () => {
    const { desk, link } = await paired('mallory-forger')
    desk.push(desk.entry('role', ['mallory-forger', 'head'], { by: hostRecord().deskId }))
    const { member, states } = link()
    await expect.poll(() => states.at(-1)).toBe('refused')
    expect(member.refusal).toBe('this desk sent an entry in another desk’s name that desk did not sign')
    expect(hostRecord().roleOf('mallory-forger')).toBe('producer')
    await venueGoesOn('m-after-forgery')
    member.close()
  })

  it('is turned away for an oversized entry (three of 6 MB once kept every new desk from joining), and a new desk joins', async () => {
    const { desk, link } = await paired('mallory-flood')
    desk.push(desk.entry('name', ['x'.repeat(6 * 1024 * 1024)]))
    const { member, states } = link()
    await expect.poll(() => states.at(-1)).toBe('refused')
    expect(member.refusal).toMatch(/^this desk sent an entry over its size/)
    member.close()
    // Three at once are more than the host reads in one message: turned away before they are read.
    for (let i = 0; i < 2; i++) desk.push(desk.entry('name', [`${i}`.repeat(6 * 1024 * 1024)]))
    const again = link()
    await expect.poll(() => again.states.at(-1)).toBe('refused')
    expect(again.member.refusal).toBe('this desk sent more than the host takes at once (16 MB)')
    again.member.close()
    const newcomer = await paired('newcomer')
    const joined = newcomer.link()
    await expect.poll(() => joined.states.at(-1)).toBe('connected')
    expect(newcomer.desk.record.view().onAir.get('attacked')).toBe('m-after-forgery')
    joined.member.close()
  })

  it('claims hosting, a head organiser’s role and a scan at a door for nothing; the honest desks say what was refused', async () => {
    const { desk, link } = await paired('mallory-claims')
    desk.record.handOver('mallory-claims')
    desk.record.setRole('mallory-claims', 'head')
    desk.record.checkins.scan('scan-mallory', 'p-1', 'Door 9')
    const { member, states } = link()
    await expect.poll(() => states.at(-1)).toBe('connected')
    await expect
      .poll(
        () =>
          memberRecord()
            .refused()
            .find((refused) => refused.deskId === 'mallory-claims')?.reasons['no right'],
      )
      .toBe(3)
    for (const record of [hostRecord(), memberRecord()]) {
      expect(record.hostDesk()).toBeUndefined()
      expect(record.roleOf('mallory-claims')).toBe('producer')
      expect(record.checkins.checkedInScan('p-1')).toBeUndefined()
    }
    expect(await desks.link()).toBe('connected')
    await venueGoesOn('m-after-claims')
    member.close()
  })
})
