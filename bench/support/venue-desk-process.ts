// One desk of `bench/venue-desks.ts`, started in its own network namespace: desk 1 opens its hub to the venue network,
// makes a pairing code for each other desk and, once they joined, takes matches on one stream; every other desk joins
// it with its code and records each feed its own hub serves for that stream (what its overlays and OBS see), with the
// time it arrived. They meet through files in a shared folder: `host.json`, `ready-N`, `takes.json`, `seen-N.json`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Feed } from '../../shared/broadcast/feed'
import type { HubStatus, PairingCode } from '../../shared/ipc/hub'
import type { SharingState } from '../../shared/venue/sharing'
import { readEvents } from '../../tests/support/event-stream-reader'
import { linkedDuels } from '../../tests/support/linked-duels'
import { startLanDesk } from '../../tests/security/lan-desk'

const [index, folder, desksText, takesText] = process.argv.slice(2) as [string, string, string, string]
const desk = Number(index)
const desks = Number(desksText)
const TAKES = Number(takesText)
const at = (name: string) => join(folder, name)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
async function until<T>(read: () => T | undefined | false | Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`desk ${desk}: waited ${ms} ms in vain`)
    await sleep(20)
  }
}

const lan = await startLanDesk()
const { value, services } = lan
const linked = await linkedDuels(value, 2)
const { streamId } = linked

if (desk === 1) {
  const on = await value<HubStatus>('hub:configure', { lan: true })
  const codes: Record<number, string> = {}
  for (let other = 2; other <= desks; other++)
    codes[other] = (await value<PairingCode>('hub:pair', { name: `Desk ${other}`, kind: 'desk' })).code
  writeFileSync(at('host.json'), JSON.stringify({ url: on.lanUrls[0]!.url, codes }))
  for (let other = 2; other <= desks; other++) await until(() => existsSync(at(`ready-${other}`)))
  // Takes one after another, alternating two duels, each time written down before it is made.
  const takes: { matchId: string; at: number }[] = []
  for (let i = 0; i < TAKES; i++) {
    const matchId = linked.duels[i % 2]!.id
    takes.push({ matchId, at: Date.now() })
    await value('broadcast:take', { streamId, matchId })
    await sleep(150)
  }
  await sleep(2000)
  writeFileSync(at('takes.json'), JSON.stringify(takes))
} else {
  const host = await until(
    () =>
      existsSync(at('host.json')) &&
      (JSON.parse(readFileSync(at('host.json'), 'utf8')) as { url: string; codes: Record<string, string> }),
  )
  const { url, codes } = host
  await value('venue:join', { address: url, code: codes[desk] })
  await until(async () => (await value<SharingState>('venue:sharing')).link === 'connected')
  // The stream's feed as this desk's own hub serves it to an overlay.
  const response = await fetch(`${services.hub!.url}/feed/v1/streams/${streamId}/events`)
  const events = readEvents(response)
  const seen: { matchId: string | null; at: number }[] = []
  let reading = true
  void (async () => {
    while (reading) {
      const feed = await events.next<Feed>('feed').catch(() => null)
      if (!feed) break
      seen.push({ matchId: feed.onAir?.id ?? null, at: Date.now() })
    }
  })()
  writeFileSync(at(`ready-${desk}`), '')
  await until(() => existsSync(at('takes.json')), 10 * 60_000)
  reading = false
  writeFileSync(at(`seen-${desk}.json`), JSON.stringify(seen))
  await events.close().catch(() => undefined)
}
await services.close()
process.exit(0)
