// One desk of `venue-failover.test.ts`, started in its own network namespace (three desks on one bridge, each with its
// hub open to the venue network). Desk 1 hosts; desks 2 and 3 join it. Then, by `mode`:
// - kill: desk 1 takes matches on a stream, mid-show ends itself with SIGKILL (nothing closed, as a dead battery), and
//   desks 2 and 3 note when they are one venue again (one hosting, the other syncing with it) and what their copies say;
// - cut: the outer script takes desk 1's link down for 12 s and up again; every desk notes, every 200 ms, whether it
//   hosts and whom it syncs with, and at the end what its copy says.
// The desks meet through files in a shared folder.
import { existsSync, readFileSync } from 'node:fs'
import { deskFiles } from '../support/desk-files'
import type { HubStatus, PairingCode } from '../../shared/ipc/hub'
import type { SharingState } from '../../shared/venue/sharing'
import { linkedDuels } from '../support/linked-duels'
import { startLanDesk } from './lan-desk'

const [index, folder, mode] = process.argv.slice(2) as [string, string, 'kill' | 'cut']
const desk = Number(index)
const DESKS = 3
const { at, writeFileSync, sleep, until } = deskFiles(folder, desk)

const { value, services } = await startLanDesk()
const { streamId, duels } = await linkedDuels(value, 2)
const venue = () => services.connections.active.offline.venue
const sharing = () => value<SharingState>('venue:sharing')
const own = (await value<HubStatus>('hub:configure', { lan: true })).lanUrls[0]!.url
/** Whom this desk syncs with now: itself when desks joined it, a host's address, or no one. */
const syncsWith = async (): Promise<string | null> => {
  const state = await sharing()
  if (state.role === 'host') return own
  return state.link === 'connected' ? state.host : null
}

if (desk === 1) {
  const codes: Record<number, string> = {}
  for (let other = 2; other <= DESKS; other++)
    codes[other] = (await value<PairingCode>('hub:pair', { name: `Desk ${other}`, kind: 'desk' })).code
  writeFileSync(at('host.json'), JSON.stringify({ url: own, codes }))
} else {
  const { url, codes } = await until(
    () =>
      existsSync(at('host.json')) &&
      (JSON.parse(readFileSync(at('host.json'), 'utf8')) as { url: string; codes: Record<string, string> }),
  )
  await value('venue:join', { address: url, code: codes[desk] })
  await until(async () => (await sharing()).link === 'connected')
}
// Every desk knows every other's key and address before anything happens.
await until(() => venue().deskAddresses().length === DESKS)
writeFileSync(at(`ready-${desk}`), own)
await until(() => [1, 2, 3].every((n) => existsSync(at(`ready-${n}`))))

if (mode === 'kill') {
  if (desk === 1) {
    // Mid-show: Takes one after another, then the battery dies.
    for (let i = 0; i < 10; i++) {
      await value('broadcast:take', { streamId, matchId: duels[i % 2]!.id })
      await sleep(150)
    }
    writeFileSync(at('killed'), String(Date.now()))
    process.kill(process.pid, 'SIGKILL')
  }
  const killed = Number(await until(() => existsSync(at('killed')) && readFileSync(at('killed'), 'utf8')))
  const hostOne = (JSON.parse(readFileSync(at('host.json'), 'utf8')) as { url: string }).url
  // Back: this desk syncs with a desk of the venue other than the dead one (itself, hosting, or another).
  const back = await until(async () => {
    const now = await syncsWith()
    return now !== null && now !== hostOne && now
  }, 30_000)
  const backMs = Date.now() - killed
  writeFileSync(at(`back-${desk}.json`), JSON.stringify({ backMs, syncsWith: back }))
  await until(() => existsSync(at('back-2.json')) && existsSync(at('back-3.json')), 30_000)
  // The copies agree: what is on air on the stream, as the last Take before the kill left it.
  await sleep(1000)
  writeFileSync(at(`said-${desk}.json`), JSON.stringify({ onAir: venue().view().onAir.get(streamId) ?? null }))
} else {
  if (desk === 1) writeFileSync(at('cut'), String(Date.now()))
  const samples: { at: number; role: string; syncsWith: string | null }[] = []
  const healedPlus = () => existsSync(at('healed')) && Date.now() - Number(readFileSync(at('healed'), 'utf8')) > 15_000
  while (!healedPlus()) {
    const state = await sharing()
    samples.push({ at: Date.now(), role: state.role, syncsWith: await syncsWith() })
    await sleep(200)
  }
  writeFileSync(
    at(`timeline-${desk}.json`),
    JSON.stringify({ own, samples, names: [...venue().view().names.keys()].sort() }),
  )
}
writeFileSync(at(`done-${desk}`), '')
await until(() => [1, 2, 3].every((n) => (mode === 'kill' && n === 1) || existsSync(at(`done-${n}`))), 30_000)
await services.close()
process.exit(0)
