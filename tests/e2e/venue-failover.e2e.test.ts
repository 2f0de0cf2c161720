/// <reference lib="dom" />
// A door follows the venue (two web-mode desks of one venue on this machine, a phone's door page in Chromium): paired at
// the hosting desk, it checks people in there; that desk killed with SIGKILL mid-scan, the door moves to the other desk
// by itself, with its key and its last scans, and the scan made as its desk died is checked in there: every person
// scanned is checked in once in the venue's record, none lost, none twice; scanned again, a person is "already". An
// overlay PC's browser source paired at the dead desk moves to the other desk too, and so does a player's phone (to
// the other desk's players' address, still knowing who the player is).
import { createServer } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditPage } from '../../shared/venue/roles'
import { pairDevice } from '../support/pair-device'
import { launchBrowser, screenshotPath } from './support/browser'
import { startWebMode, tournamentNamed, type WebMode } from './support/web-mode'

const TOURNAMENT = 'Street Fighter Weekly 42'
type P = { id: string; name: string; checked_in: boolean; custom_user_identifier: string | null }

let host: WebMode
let member: WebMode
let browser: Browser
let door: Page
let overlay: Page
let player: Page
let overlayPath = ''
let overlayStream = ''
let waiting: P[] = []

beforeAll(async () => {
  // Each desk on ports of its own choosing, so its players' origin is where the venue expects it (the hub's + 2).
  const hostPort = await freePortRun(3)
  let memberPort = await freePortRun(3)
  while (Math.abs(memberPort - hostPort) < 3) memberPort = await freePortRun(3)
  ;[host, member] = await Promise.all([
    startWebMode(['--demo-simulate', '0', '--hub-port', String(hostPort)]),
    startWebMode(['--demo-simulate', '0', '--hub-port', String(memberPort)]),
  ])
  for (const desk of [host, member]) {
    const tournamentId = await tournamentNamed(desk, TOURNAMENT)
    const people = await desk.ipc<{ items: P[] }>('participants:list', { tournamentId, filters: {} })
    waiting = people.items.filter((p) => !p.checked_in && p.custom_user_identifier).slice(0, 8)
  }
  const { code } = await host.ipc<{ code: string }>('hub:pair', { name: 'Side desk', kind: 'desk' })
  await member.ipc('venue:join', { address: host.hub, code })
  await until(async () => (await member.ipc<{ link: string }>('venue:sharing', {})).link === 'connected', 'the link')
  browser = await launchBrowser()
  // The page's own policy is kept (no bypass): it lets the door ask the venue's other desks, and no one else.
  door = await (await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' })).newPage()
  const tournamentId = await tournamentNamed(host, TOURNAMENT)
  const pairing = await host.ipc<{ code: string }>('hub:pair', { name: 'Door 2', kind: 'door', tournamentId })
  await door.goto(`${host.hub}/pair#code=${pairing.code}`)
  await door.waitForURL(`${host.hub}/door`, { waitUntil: 'commit' })
  await until(async () => (await door.getByTestId('link').textContent())?.includes('Live') ?? false, 'the door live')
  // An overlay PC's browser source, paired at the hosting desk: its key in its address.
  const key = await pairDevice(host.ipc, host.hub, 'OBS PC 2', 'overlay')
  const lyon = await tournamentNamed(host, 'Lyon LAN Winter Cup')
  const streams = await host.ipc<{ items: { id: string }[] }>('streams:list', { tournamentId: lyon, filters: {} })
  // The other desk has that tournament open too (as every desk of a venue showing it does).
  await member.ipc('streams:list', { tournamentId: await tournamentNamed(member, 'Lyon LAN Winter Cup'), filters: {} })
  overlayStream = streams.items[0]!.id
  overlayPath = `/overlays/scoreboard?stream=${overlayStream}&key=${key}`
  overlay = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage()
  await overlay.goto(`${host.hub}${overlayPath}`)
  // A player's phone on the hosting desk's players' address, their page open.
  player = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage()
  await player.goto(`${host.players}/play?tournament=${tournamentId}`)
  await player.getByLabel('Your name or badge code').fill(waiting[7]!.custom_user_identifier!)
  await player.getByRole('button', { name: 'Find' }).click()
  await player.getByRole('button', { name: waiting[7]!.name }).click()
  await until(async () => (await player.getByRole('heading', { name: waiting[7]!.name }).count()) === 1, 'the player')
}, 90_000)
afterAll(async () => {
  await browser?.close()
  await member?.stop()
  await host?.stop()
})

/** The first of `count` free ports in a row: a desk's hub, its layouts' and its players' origins. */
async function freePortRun(count: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
    })
  for (let base = 20_000 + Math.floor(Math.random() * 20_000); ; base += count + 1) {
    const ports = Array.from({ length: count }, (_, i) => base + i)
    if ((await Promise.all(ports.map(free))).every(Boolean)) return base
  }
}

/** Waits until `done` (set-up, not an assertion: the test asserts with expect.poll). */
async function until(done: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !(await done()); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() > end) throw new Error(`no ${what} within ${ms} ms`)
}

async function scan(person: P): Promise<void> {
  const field = door.getByLabel('Scan or type a badge code')
  await field.fill(person.custom_user_identifier!)
  await field.press('Enter')
}

/** What the door said last: its outcome and words. */
async function said(): Promise<string> {
  const result = door.getByTestId('door-result')
  return `${await result.getAttribute('data-outcome')} ${await result.textContent()}`
}

describe('a door when its desk goes down', () => {
  it('moves to the other desk by itself and checks everyone in once: none lost, none doubled', async () => {
    // The door has heard where both desks answer.
    await expect
      .poll(() => door.evaluate(() => localStorage.getItem('matchdesk.venueDesks') ?? ''), { timeout: 20_000 })
      .toContain(new URL(member.hub).port)
    for (const person of waiting.slice(0, 3)) {
      await scan(person)
      await expect.poll(said).toMatch(new RegExp(`^in .*${person.name}`))
    }
    // The hosting desk dies (kill -9) and the door scans at once: "not sent" here, then it moves on by itself.
    await host.kill()
    const killed = Date.now()
    await scan(waiting[3]!)
    await door.waitForURL(`${member.hub}/door`, { timeout: 15_000, waitUntil: 'commit' })
    await expect.poll(() => door.getByTestId('link').textContent(), { timeout: 10_000 }).toMatch('Live')
    const back = Date.now() - killed
    // The scan its dying desk never answered is sent again here, with its own id, and said now.
    await expect.poll(said, { timeout: 10_000 }).toMatch(new RegExp(`^in .*${waiting[3]!.name}`))
    console.log(JSON.stringify({ doorBackMs: back }))
    // The overlay PC's browser source moved there too, its address (and key) the same but for the desk.
    await overlay.waitForURL(`${member.hub}${overlayPath}`, { timeout: 10_000, waitUntil: 'commit' })
    // It follows the stream's feed there, its key let in: a Take at that desk is drawn.
    const lyon = await tournamentNamed(member, 'Lyon LAN Winter Cup')
    type Node = { id: string; status: string; opponents: { participant: { name: string } | null }[] }
    const nodes = await member.ipc<{ items: Node[] }>('bracket:nodes', { tournamentId: lyon, filters: {} })
    const duel = nodes.items.find((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))!
    await member.ipc('match-streams:replace', { matchId: duel.id, streamIds: [overlayStream] })
    await member.ipc('broadcast:take', { streamId: overlayStream, matchId: duel.id })
    await expect
      .poll(() => overlay.getByTestId('scoreboard-name').allTextContents(), { timeout: 10_000 })
      .toEqual(duel.opponents.map((o) => o.participant!.name))
    for (const person of waiting.slice(4, 6)) {
      await scan(person)
      await expect.poll(said).toMatch(new RegExp(`^in .*${person.name}`))
    }
    // Scanned again at the new desk, a person checked in at the old one is "already", never a second check-in.
    await scan(waiting[0]!)
    await expect.poll(said).toMatch(/^already /)
    // The venue's record at the desk left: each person scanned checked in exactly once.
    const audit = await member.ipc<AuditPage>('venue:audit', { subject: 'person' })
    const checkins = (id: string) =>
      audit.entries.filter((entry) => entry.subjectId === id && entry.what.startsWith('Checked in')).length
    expect(waiting.slice(0, 6).map((p) => checkins(p.id))).toEqual([1, 1, 1, 1, 1, 1])
    await door.screenshot({ path: screenshotPath('door-moved-dark') })
    // The player's phone moved to the other desk's players' address, still knowing who the player is.
    await player.waitForURL(`${member.players}/play?tournament=*`, { timeout: 10_000, waitUntil: 'commit' })
    await expect
      .poll(() => player.getByRole('heading', { name: waiting[7]!.name }).count(), { timeout: 10_000 })
      .toBe(1)
  }, 60_000)
})
