// The module trusts no hub: against a real HTTP server that speaks as a broken or hostile hub would, a stream event
// with no name (it once ended the module's process from a timer), a floor with a station that is no station, and
// 20,000 streams announced each leave the module running, as it was or within its bounds, and said in Companion's log.
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { HostHarness } from '../../tests/companion/host-harness'
import { MatchdeskConnection } from './connection'
import { MOST_STREAMS } from './show-state'

let server: Server | undefined
let connection: MatchdeskConnection | undefined
afterEach(async () => {
  connection?.destroy()
  server?.closeAllConnections()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`

const stream = (id: string) => ({
  streamId: id,
  onAir: null,
  next: [],
  held: false,
  staged: [],
  feed: { stream: { id, name: `Stream ${id}` }, tournament: { id: 't', name: 'Cup' }, onAir: null, next: [] },
  revision: 1,
})

/** A hub whose event stream writes `say`, then stays open. */
async function hubSaying(say: (response: ServerResponse) => void): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    say(response)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function connect(url: string): HostHarness {
  const host = new HostHarness()
  connection = new MatchdeskConnection(host, { retry: { first: 50, last: 100, refused: 100 } })
  connection.configure({ hub: url, token: 't'.repeat(43), deviceKey: '' })
  return host
}

describe('a hub the module does not trust', () => {
  it('passes over a stream event with no name and goes on with the next, saying so in the log', async () => {
    const url = await hubSaying((response) => {
      response.write(event('ready', {}))
      response.write(event('stream', { streamId: 'x', feed: {} }))
      response.write(event('floor', { tournamentId: 't', tournament: 'Cup', stations: [{ id: 'st' }], now: 1 }))
      response.write(event('stream', stream('s1')))
    })
    const host = connect(url)
    await expect.poll(() => connection!.show.streams.has('s1')).toBe(true)
    expect(connection!.show.streams.has('x')).toBe(false)
    expect(connection!.show.floors.size).toBe(0)
    expect(host.logs.map((line) => line.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Matchdesk sent a stream event that does not read \(.+\): passed over$/),
        expect.stringMatching(
          /^Matchdesk sent a floor event that does not read \(stations\.0\.number: .+\): passed over$/,
        ),
      ]),
    )
    await expect.poll(() => host.values['ss1_name']).toBe('Stream s1')
  })

  it(`follows at most ${MOST_STREAMS} streams when a hub announces 20,000, and says so once`, async () => {
    const url = await hubSaying((response) => {
      response.write(event('ready', {}))
      for (let i = 0; i < 20_000; i++) response.write(event('stream', stream(`s${i}`)))
    })
    const host = connect(url)
    await expect.poll(() => host.logs.some((line) => /more than 128 streams/.test(line.message))).toBe(true)
    expect(connection!.show.streams.size).toBe(MOST_STREAMS)
    expect(host.logs.filter((line) => /more than 128 streams/.test(line.message))).toHaveLength(1)
    // Variables for 128 streams (20,000 once made 140,811 of them and half a gigabyte).
    expect(host.variables.length).toBeLessThan(MOST_STREAMS * 20)
  })
})
