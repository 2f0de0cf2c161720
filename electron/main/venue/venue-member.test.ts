// A joined desk's link to its host can end at any moment: leaving (or quitting) while the host has not answered the
// connection yet ends it quietly, with nothing thrown into the process.
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { VenueMember } from './venue-member'
import { VENUE_PATHS } from '../../../shared/venue/wire'

const sockets = new Set<Socket>()
// A host that takes the connection and never answers its upgrade.
const silent = createServer((socket) => void sockets.add(socket))
afterAll(() => {
  for (const socket of sockets) socket.destroy()
  silent.close()
})

describe('a joined desk’s link', () => {
  it('ends quietly when closed while its host has not answered yet', async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    const states: string[] = []
    const member = new VenueMember({
      doc: new Y.Doc(),
      url: `ws://127.0.0.1:${port}${VENUE_PATHS.sync}`,
      prove: async () => ({}),
      changed: (state) => states.push(state),
    })
    await expect.poll(() => sockets.size).toBe(1)
    member.close()
    // An error thrown here would reach the process as an uncaught exception, which fails this file.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(states).toEqual(['closed'])
  })
})
