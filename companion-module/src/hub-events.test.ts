// What the module takes from a hub is bounded: an event past EVENT_MAX_BYTES ends the connection, which is tried
// again; events split across chunks are put together. Against a real HTTP server that speaks as a broken hub would.
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { EVENT_MAX_BYTES, HubEvents, type HubHealth } from './hub-events'

let server: Server | undefined
const followers: HubEvents[] = []
afterEach(async () => {
  for (const follower of followers.splice(0)) follower.stop()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

async function hubThat(answer: (response: ServerResponse, attempt: number) => void): Promise<string> {
  let attempt = 0
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    answer(response, attempt++)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function follow(url: string) {
  const events: [string, unknown][] = []
  const health: HubHealth[] = []
  const follower = new HubEvents({
    address: () => ({ url, token: 't', deviceKey: '' }),
    onEvent: (name, data) => events.push([name, data]),
    onHealth: (h) => health.push(h),
    retry: { first: 20, last: 50, refused: 50 },
  })
  follower.start()
  followers.push(follower)
  return { events, health, follower }
}

describe('the hub’s event stream', () => {
  it('puts together an event split across chunks', async () => {
    const url = await hubThat((response) => {
      response.write('event: stream\ndata: {"streamId":')
      setTimeout(() => response.write('"s1"}\n\nevent: ready\ndata: {}\n\n'), 20)
    })
    const { events, health, follower } = follow(url)
    await expect.poll(() => events.map(([name]) => name)).toEqual(['stream', 'ready'])
    expect(events[0]![1]).toEqual({ streamId: 's1' })
    expect(health.at(-1)).toEqual({ kind: 'ok' })
    follower.stop()
  })

  it('drops a connection whose event grows past the limit, and connects again', async () => {
    const url = await hubThat((response, attempt) => {
      if (attempt === 0) response.write(`event: stream\ndata: "${'x'.repeat(EVENT_MAX_BYTES + 10)}`)
      else response.write('event: ready\ndata: {}\n\n')
    })
    const { health, follower } = follow(url)
    await expect.poll(() => health.at(-1)?.kind).toBe('ok')
    expect(health).toContainEqual({
      kind: 'unreachable',
      message: expect.stringMatching(/an event over 1048576 bytes/),
    })
    follower.stop()
  })
})
