// The webhook's queue against a real receiver over HTTP and a real SQLite file: a 429 asking for 35 days waits at most
// an hour (no timer overflows into a busy loop), and calls whose address is missing wait for it instead of vanishing.
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { systemClock } from '../clock'
import { openDatabase } from '../db/db'
import { FloorStore } from '../store/floor-store'
import { WEBHOOK_ADDRESS_MISSING, WEBHOOK_WAIT_MOST_MS, FloorWebhook } from './floor-webhook'

let receiver: Server | undefined
let webhook: FloorWebhook | undefined
afterEach(() => {
  webhook?.close()
  receiver?.close()
})

const until = async (ok: () => boolean, timeout = 5000) => expect.poll(ok, { timeout }).toBe(true)

function floorStore(): FloorStore {
  return new FloorStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'matchdesk-webhook-')), 'profile.sqlite')))
}

/** A receiver answering each POST with `answer`, keeping the bodies it got. */
async function startReceiver(answer: (response: ServerResponse) => void) {
  const bodies: string[] = []
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      bodies.push(body)
      answer(response)
    })
  })
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, bodies }
}

describe('the webhook queue', () => {
  it('waits at most an hour when a 429 asks for 35 days, without a timer overflowing into a busy loop', async () => {
    const { url, bodies } = await startReceiver((response) =>
      response.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ retry_after: 3_024_000 })),
    )
    const store = floorStore()
    store.queueWebhook('t1', '{"content":"Called"}', Date.now())
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    let kicks = 0
    webhook = new FloorWebhook({
      clock: systemClock,
      store: () => store,
      urlOf: () => Promise.resolve(url),
      changed: () => kicks++,
      refused: () => undefined,
    })
    webhook.kick()
    await until(() => bodies.length === 1 && store.webhookWaiting('t1').problem !== null)
    const next = store.nextWebhook()!
    expect(next.nextAt - Date.now()).toBeLessThanOrEqual(WEBHOOK_WAIT_MOST_MS)
    expect(next.nextAt - Date.now()).toBeGreaterThan(WEBHOOK_WAIT_MOST_MS - 10_000)
    await new Promise((resolve) => setTimeout(resolve, 300))
    process.off('warning', onWarning)
    expect(warnings.filter((name) => name === 'TimeoutOverflowWarning')).toEqual([])
    expect(bodies).toHaveLength(1)
    expect(kicks).toBe(1)
  })

  it('keeps calls whose address is missing, says why, and sends them once the address is back', async () => {
    const { url, bodies } = await startReceiver((response) => response.writeHead(204).end())
    const store = floorStore()
    store.queueWebhook('t1', '{"content":"first"}', Date.now())
    store.queueWebhook('t1', '{"content":"second"}', Date.now())
    const entered: { address?: string } = {}
    webhook = new FloorWebhook({
      clock: systemClock,
      store: () => store,
      urlOf: () => Promise.resolve(entered.address),
      changed: () => undefined,
      refused: () => undefined,
    })
    webhook.kick()
    await until(() => store.webhookWaiting('t1').problem === WEBHOOK_ADDRESS_MISSING)
    expect(store.webhookWaiting('t1').waiting).toBe(2)
    entered.address = url
    store.webhookDue('t1', Date.now())
    webhook.kick()
    await until(() => bodies.length === 2)
    expect(bodies).toEqual(['{"content":"first"}', '{"content":"second"}'])
    expect(store.webhookWaiting('t1').waiting).toBe(0)
  })

  it('reads nothing of a receiver’s endless answer: the call is sent as soon as it answers 200', async () => {
    // The answer never ends; only a 429's first bytes are ever read.
    receiver = createServer((request, response) => {
      request.resume()
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' })
        const drip = setInterval(() => response.write(Buffer.alloc(64 * 1024, 32)), 5)
        response.on('close', () => clearInterval(drip))
      })
    })
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
    const store = floorStore()
    store.queueWebhook('t1', '{"content":"Called"}', Date.now())
    webhook = new FloorWebhook({
      clock: systemClock,
      store: () => store,
      urlOf: () => Promise.resolve(url),
      changed: () => undefined,
      refused: () => undefined,
      // A deadline far beyond the wait below: a webhook that read the endless answer would still be waiting for it.
      timeoutMs: 600_000,
    })
    webhook.kick()
    await until(() => store.webhookWaiting('t1').waiting === 0, 60_000)
  }, 90_000)
})
