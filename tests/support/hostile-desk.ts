// A desk paired at a hub the ordinary way (a desk's code from the head organiser, its public key sent with it), whose
// copy of the venue's record a test writes into as an attacker would, and whose sync it opens as a desk's own would:
// the host proves itself first, then the desk signs the host's challenge.
import type { PairingCode } from '../../shared/ipc/hub'
import { DeskPairingAnswer, VENUE_PATHS, VENUE_SCHEMA } from '../../shared/venue/wire'
import { askAlive, syncHeaders } from '../../electron/main/venue/desk-proofs'
import { VenueMember, type MemberState } from '../../electron/main/venue/venue-member'
import { testDesk, type TestDesk } from './venue-records'

export interface HostileDesk {
  desk: TestDesk
  venue: DeskPairingAnswer['venue']
  /** The headers of one sync attempt (a proof over a fresh challenge of the host's). */
  proof: () => Promise<Record<string, string>>
  /** Its sync, as its own desk would run it: its states as they change, and why it was turned away. */
  link: () => { member: VenueMember; states: MemberState[] }
}

/** The hub's sync address. */
export const syncUrlOf = (hub: string): string => `${hub.replace('http', 'ws')}${VENUE_PATHS.sync}`

/** Pairs a desk `id` at `hub` with a code `makeCode` asks the hosting desk for (naming it `name`, or its id). */
export async function hostileDesk(
  hub: string,
  id: string,
  makeCode: (name: string) => Promise<PairingCode | { code: string }>,
  name = id,
): Promise<HostileDesk> {
  const desk = testDesk(() => Date.now(), id)
  const { code } = await makeCode(name)
  const answer = await fetch(`${hub}/pair/v1/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, desk: { id, publicKey: desk.identity.publicKey, schema: VENUE_SCHEMA, app: 't' } }),
  })
  const { venue } = DeskPairingAnswer.parse(await answer.json())
  desk.record.rebase(venue.root, venue.admittedAt)
  const proof = async () => {
    const host = await askAlive(hub, { deskId: venue.hostDeskId, publicKey: venue.hostKey, venue: venue.root })
    if (!host) throw new Error('the host did not prove itself')
    return syncHeaders(desk.identity, venue.root, host, desk.record.deskId)
  }
  return {
    desk,
    venue,
    proof,
    link: () => {
      const states: MemberState[] = []
      const member = new VenueMember({
        doc: desk.record.doc,
        url: syncUrlOf(hub),
        prove: proof,
        changed: (state) => states.push(state),
        retry: { first: 100, most: 300 },
      })
      return { member, states }
    },
  }
}
