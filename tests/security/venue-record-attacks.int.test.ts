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
import { DeskPairingAnswer, VENUE_PATHS, VENUE_SCHEMA } from '../../shared/venue/wire'
import { askAlive, syncHeaders } from '../../electron/main/venue/desk-proofs'
import { VenueMember, type MemberState } from '../../electron/main/venue/venue-member'
import { testDesk, type TestDesk } from '../support/venue-records'
import { twoDesks, type TwoDesks } from '../support/two-desks'

let desks: TwoDesks
const hostRecord = () => desks.host.connections.active.offline.venue
const memberRecord = () => desks.member.connections.active.offline.venue

/** A desk paired at the host with a desk's code, as `venue:join` pairs one, its copy the test's to write into. */
async function pairedDesk(id: string): Promise<{ desk: TestDesk; venue: DeskPairingAnswer['venue'] }> {
  const desk = testDesk(() => Date.now(), id)
  const { code } = await desks.onHost<PairingCode>('hub:pair', { name: id, kind: 'desk' })
  const answer = await fetch(`${desks.host.hub!.url}/pair/v1/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, desk: { id, publicKey: desk.identity.publicKey, schema: VENUE_SCHEMA, app: 't' } }),
  })
  const { venue } = DeskPairingAnswer.parse(await answer.json())
  desk.record.rebase(venue.root, venue.admittedAt)
  return { desk, venue }
}

/** The headers of one sync attempt at the host: the host proved itself, and the desk signs the host's challenge. */
async function proofOf(desk: TestDesk, venue: DeskPairingAnswer['venue']): Promise<Record<string, string>> {
  const expect = { deskId: venue.hostDeskId, publicKey: venue.hostKey, venue: venue.root }
  const host = await askAlive(desks.host.hub!.url, expect)
  if (!host) throw new Error('the host did not prove itself')
  return syncHeaders(desk.identity, venue.root, host, desk.record.deskId)
}

const syncUrl = () => `${desks.host.hub!.url.replace('http', 'ws')}${VENUE_PATHS.sync}`

/** The desk's sync as its own desk would run it; answers its states and why it was turned away. */
function link(desk: TestDesk, venue: DeskPairingAnswer['venue']) {
  const states: MemberState[] = []
  const member = new VenueMember({
    doc: desk.record.doc,
    url: syncUrl(),
    prove: () => proofOf(desk, venue),
    changed: (state) => states.push(state),
    retry: { first: 100, most: 300 },
  })
  return { member, states }
}

/** The honest desk's Take reaches the host: the venue goes on. */
async function venueGoesOn(matchId: string) {
  memberRecord().take('attacked', matchId)
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
    const { desk, venue } = await pairedDesk('mallory-split')
    const headers = await proofOf(desk, venue)
    /** ws with the proof in its headers (one attempt: the proof's challenge is good once). */
    class Proven extends WebSocket {
      constructor(url: string) {
        super(url, { headers })
      }
    }
    const socket = new HocuspocusProviderWebsocket({ url: syncUrl(), WebSocketPolyfill: Proven, maxAttempts: 1 })
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
    const { desk, venue } = await pairedDesk('mallory-forger')
    desk.push(desk.entry('role', ['mallory-forger', 'head'], { by: hostRecord().deskId }))
    const { member, states } = link(desk, venue)
    await expect.poll(() => states.at(-1)).toBe('refused')
    expect(member.refusal).toBe('this desk sent an entry in another desk’s name that desk did not sign')
    expect(hostRecord().roleOf('mallory-forger')).toBe('producer')
    await venueGoesOn('m-after-forgery')
    member.close()
  })

  it('is turned away for an oversized entry (three of 6 MB once kept every new desk from joining), and a new desk joins', async () => {
    const { desk, venue } = await pairedDesk('mallory-flood')
    desk.push(desk.entry('name', ['x'.repeat(6 * 1024 * 1024)]))
    const { member, states } = link(desk, venue)
    await expect.poll(() => states.at(-1)).toBe('refused')
    expect(member.refusal).toMatch(/^this desk sent an entry over its size/)
    member.close()
    // Three at once are more than the host reads in one message: turned away before they are read.
    for (let i = 0; i < 2; i++) desk.push(desk.entry('name', [`${i}`.repeat(6 * 1024 * 1024)]))
    const again = link(desk, venue)
    await expect.poll(() => again.states.at(-1)).toBe('refused')
    expect(again.member.refusal).toBe('this desk sent more than the host takes at once (16 MB)')
    again.member.close()
    const newcomer = await pairedDesk('newcomer')
    const joined = link(newcomer.desk, newcomer.venue)
    await expect.poll(() => joined.states.at(-1)).toBe('connected')
    expect(newcomer.desk.record.view().onAir.get('attacked')).toBe('m-after-forgery')
    joined.member.close()
  })

  it('claims hosting, a head organiser’s role and a scan at a door for nothing; the honest desks say what was refused', async () => {
    const { desk, venue } = await pairedDesk('mallory-claims')
    desk.record.handOver('mallory-claims')
    desk.record.setRole('mallory-claims', 'head')
    desk.record.scan('scan-mallory', 'p-1', 'Door 9')
    const { member, states } = link(desk, venue)
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
      expect(record.checkedInScan('p-1')).toBeUndefined()
    }
    expect(await desks.link()).toBe('connected')
    await venueGoesOn('m-after-claims')
    member.close()
  })
})
