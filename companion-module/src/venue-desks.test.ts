// The module moves only to a desk that proves itself as the app's desks prove themselves: it signs what the app's
// `aliveProofText` says (the module's own copy says the same, and the same paths), over the module's own challenge.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { VENUE_PATHS, aliveProofText as appText } from '../../shared/venue/wire'
import { Challenges, aliveAnswer } from '../../electron/main/venue/desk-proofs'
import { DeskIdentity } from '../../electron/main/venue/desk-identity'
import { ALIVE_PATH, DESKS_PATH, aliveProofText, firstAnswering, freshChallenge, provesItself } from './venue-desks'

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A hub answering alive as `answer` makes it from the challenge asked; its address. */
async function hubAnswering(answer: (challenge: string) => unknown): Promise<string> {
  const server = createServer((request, response) => {
    const challenge = new URL(request.url ?? '/', 'http://x').searchParams.get('challenge') ?? ''
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(challenge)))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('a desk proving itself to the Companion module', () => {
  it('says the same as the app, on the same routes', () => {
    const answer = { schema: 2, venue: 'v'.repeat(43), deskId: 'desk-a', joined: 3 }
    expect(aliveProofText(answer, 'n', 'c')).toBe(appText(answer, 'n', 'c'))
    expect([ALIVE_PATH, DESKS_PATH]).toEqual([VENUE_PATHS.alive, VENUE_PATHS.desks])
  })

  it('believes the desk its hub listed, signing the module’s challenge, and no impostor at its address', async () => {
    const identity = DeskIdentity.make()
    const desk = { deskId: 'desk-a', name: 'Desk A', url: 'http://10.0.0.2:7310', publicKey: identity.publicKey }
    const facts = { app: '0.2.0', venue: identity.publicKey, deskId: 'desk-a', joined: 0 }
    const [mine, other] = [freshChallenge(), freshChallenge()]
    const signed = (by: DeskIdentity) => aliveAnswer(facts, by, new Challenges(), mine)
    expect(await provesItself(signed(identity), desk, mine)).toBe(true)
    expect(await provesItself(signed(identity), desk, other)).toBe(false)
    expect(await provesItself(signed(DeskIdentity.make()), desk, mine)).toBe(false)
    expect(await provesItself({ deskId: 'desk-a' }, desk, mine)).toBe(false)
  })

  it('moves past a program that took a gone desk’s address and says its id, to the desk that proves itself', async () => {
    const [gone, real] = [DeskIdentity.make(), DeskIdentity.make()]
    const facts = (identity: DeskIdentity, deskId: string) => ({
      app: '0.2.0',
      venue: gone.publicKey,
      deskId,
      joined: 1,
    })
    // At desk B's old address: a program that answers as B, signing with a key of its own.
    const impostor = await hubAnswering((challenge) =>
      aliveAnswer(facts(gone, 'desk-b'), DeskIdentity.make(), new Challenges(), challenge),
    )
    const genuine = await hubAnswering((challenge) =>
      aliveAnswer(facts(real, 'desk-c'), real, new Challenges(), challenge),
    )
    const desks = [
      { deskId: 'desk-b', name: 'Desk B', url: impostor, publicKey: gone.publicKey },
      { deskId: 'desk-c', name: 'Desk C', url: genuine, publicKey: real.publicKey },
    ]
    expect((await firstAnswering(desks, 'http://10.9.9.9:7310'))?.deskId).toBe('desk-c')
    expect(await firstAnswering(desks.slice(0, 1), 'http://10.9.9.9:7310')).toBeUndefined()
  })
})
