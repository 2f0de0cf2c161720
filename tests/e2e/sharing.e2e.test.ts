/// <reference lib="dom" />
// Two desks of one venue in Chromium (two web-mode servers on this machine): the second joins the first with a desk's
// pairing code and takes a match on a stream; the first desk's Stream desk says who runs that stream (a 40-character
// right-to-left name) and shows its Take, takes it over only once asked, and its Venue view lists who runs what; the
// head organiser gives the joined desk another role there, which the joined desk's main then applies, and the audit
// log answers who took a match off air; a door paired at the joined desk is listed among the host's devices, at that
// desk — both themes, axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { axeViolations } from './support/axe'
import { launchBrowser, screenshotPath, shownText } from './support/browser'
import { startWebMode, type WebMode } from './support/web-mode'
import { pairDevice } from '../support/pair-device'
import { hostileDesk } from '../support/hostile-desk'

const TOURNAMENT = 'Lyon LAN Winter Cup'
/** The joined desk's name, as the host gives it when pairing it: 40 characters, right to left. */
const NAME = 'مكتب الإنتاج الرئيسي في القاعة الكبرى ٢٢'
/** A desk paired and turned hostile, as the host names it: 40 characters. */
const HOSTILE = 'Mallory’s desk at the far end of hall B2'
type Node = { id: string; status: string; opponents: { participant: { name: string } | null }[] }

let host: WebMode
let member: WebMode
let browser: Browser
let desk: Page
let streamId = ''
let duels: Node[] = []
let tournamentId = ''

async function linkDuels(web: WebMode) {
  const list = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
  tournamentId = list.items.find((t) => t.name === TOURNAMENT)!.id
  await web.ipc('participants:list', { tournamentId, filters: {} })
  const streams = await web.ipc<{ items: { id: string; name: string }[] }>('streams:list', {
    tournamentId,
    filters: {},
  })
  streamId = streams.items.find((s) => s.name === 'B stream')!.id
  const nodes = await web.ipc<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
  duels = nodes.items.filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant)).slice(0, 2)
  for (const duel of duels) await web.ipc('match-streams:replace', { matchId: duel.id, streamIds: [streamId] })
}

beforeAll(async () => {
  ;[host, member] = await Promise.all([startWebMode(['--demo-simulate', '0']), startWebMode(['--demo-simulate', '0'])])
  await linkDuels(member)
  await linkDuels(host)
  expect(NAME).toHaveLength(40)
  const { code } = await host.ipc<{ code: string }>('hub:pair', { name: NAME, kind: 'desk' })
  await member.ipc('venue:join', { address: host.hub, code })
  browser = await launchBrowser()
  desk = await (await browser.newContext({ viewport: { width: 1400, height: 1000 }, bypassCSP: true })).newPage()
  await desk.goto(host.url)
  await desk
    .getByRole('row', { name: new RegExp(TOURNAMENT) })
    .getByRole('button', { name: 'Open' })
    .click()
}, 90_000)
afterAll(async () => {
  await browser?.close()
  await member?.stop()
  await host?.stop()
})

describe('two desks, one venue', () => {
  it('shows the other desk’s Take and who runs the stream, and takes it over only once asked', async () => {
    await expect
      .poll(async () => (await member.ipc<{ link: string }>('venue:sharing', {})).link, { timeout: 10_000 })
      .toBe('connected')
    await member.ipc('broadcast:take', { streamId, matchId: duels[0]!.id })
    await desk.keyboard.press('Control+4')
    const column = desk.getByTestId('stream-column').filter({ hasText: 'B stream' })
    const runBy = column.getByTestId('run-by')
    await expect.poll(() => runBy.count(), { timeout: 10_000 }).toBe(1)
    expect(await shownText(runBy)).toContain(NAME)
    const names = duels[0]!.opponents.map((o) => o.participant!.name)
    expect(await shownText(column.getByTestId('on-air'))).toContain(names[0])
    await column.scrollIntoViewIfNeeded()
    expect(await axeViolations(desk)).toEqual([])
    await desk.screenshot({ path: screenshotPath('view-stream-desk-run-by-dark') })
    await desk.getByRole('button', { name: 'Light theme' }).click()
    expect(await axeViolations(desk)).toEqual([])
    await desk.screenshot({ path: screenshotPath('view-stream-desk-run-by-light') })
    await desk.getByRole('button', { name: 'Dark theme' }).click()

    // Declined: nothing changes. Accepted: this desk runs it, the other desk now watches.
    desk.once('dialog', (dialog) => void dialog.dismiss())
    await column.getByRole('button', { name: 'Take over' }).click()
    expect(await runBy.count()).toBe(1)
    desk.once('dialog', (dialog) => void dialog.accept())
    await column.getByRole('button', { name: 'Take over' }).click()
    await expect.poll(() => runBy.count()).toBe(0)
    await expect
      .poll(async () => {
        const { streams } = await member.ipc<{ streams: { streamId: string; runBy: string | null }[] }>(
          'broadcast:status',
          { tournamentId },
        )
        return streams.find((s) => s.streamId === streamId)?.runBy
      })
      .not.toBeNull()
  })

  it('lists who runs what on the Venue view, and what a paired desk turned hostile wrote that was refused, both themes', async () => {
    await desk.keyboard.press('Control+0')
    await desk.getByRole('tab', { name: 'Several desks' }).click()
    const desks = desk.getByTestId('sharing-desks')
    await expect.poll(() => desks.count(), { timeout: 10_000 }).toBe(1)
    expect(await shownText(desks)).toMatch(/B stream — .+ \(this desk\)/)
    // A desk paired the ordinary way claims the hosting, the head organiser's role and a check-in at a door.
    const pair = (name: string) => host.ipc<{ code: string }>('hub:pair', { name, kind: 'desk' })
    const mallory = await hostileDesk(host.hub, 'mallory', pair, HOSTILE)
    mallory.desk.record.handOver('mallory')
    mallory.desk.record.setRole('mallory', 'head')
    mallory.desk.record.checkins.scan('scan-hostile', 'p-1', 'Door 9')
    const { member: link } = mallory.link()
    const refused = desk.getByTestId('sharing-refused')
    await expect
      .poll(() => shownText(refused), { timeout: 10_000 })
      .toContain(`${HOSTILE}: 3 — 3 beyond the desk’s role`)
    link.close()
    await desk.getByTestId('sharing').scrollIntoViewIfNeeded()
    expect(await axeViolations(desk)).toEqual([])
    await desk.getByTestId('sharing').screenshot({ path: screenshotPath('view-venue-sharing-dark') })
    await desk.getByRole('button', { name: 'Light theme' }).click()
    expect(await axeViolations(desk)).toEqual([])
    await desk.getByTestId('sharing').screenshot({ path: screenshotPath('view-venue-sharing-light') })
    await desk.getByRole('button', { name: 'Dark theme' }).click()
  })

  it('lists a device paired at the other desk among this desk’s devices, at the desk that paired it, both themes', async () => {
    // The joined desk is a producer: it pairs what a producer may (an overlay PC), as a door lead would a door.
    await pairDevice(member.ipc, member.hub, 'Stage PC', 'overlay')
    await desk.getByRole('tab', { name: 'Devices' }).click()
    const devices = desk.locator('section[aria-labelledby="devices-title"]')
    await expect.poll(() => shownText(devices), { timeout: 10_000 }).toContain(`at ${NAME}`)
    await devices.scrollIntoViewIfNeeded()
    expect(await axeViolations(desk)).toEqual([])
    await devices.screenshot({ path: screenshotPath('view-venue-devices-shared-dark') })
    await desk.getByRole('button', { name: 'Light theme' }).click()
    expect(await axeViolations(desk)).toEqual([])
    await devices.screenshot({ path: screenshotPath('view-venue-devices-shared-light') })
    await desk.getByRole('button', { name: 'Dark theme' }).click()
  })

  it('gives the joined desk a role, applied on that desk, and answers who took a match off air', async () => {
    const operator = 'أنا ليما من فريق الإنتاج في القاعة الكبرى'
    await member.ipc('venue:set-operator', { operator })
    await desk.getByRole('tab', { name: 'Roles' }).click()
    const roles = desk.getByTestId('roles')
    const role = roles.getByRole('combobox', { name: new RegExp(`Role of ${NAME}`) })
    await expect.poll(() => role.inputValue(), { timeout: 10_000 }).toBe('producer')
    await expect.poll(() => shownText(desk.getByTestId('roles-desks'))).toContain(operator)
    await role.selectOption('floor')
    const set = roles.getByRole('button', { name: new RegExp(`Set role of ${NAME}`) })
    await set.click()
    await expect.poll(() => shownText(roles.getByRole('status'))).toContain('is floor now')
    expect(await set.evaluate((button) => button === document.activeElement)).toBe(true)
    // The joined desk's own main refuses a Take now, naming the role it takes.
    await expect
      .poll(() => member.ipc('broadcast:take', { streamId, matchId: duels[1]!.id }).then(() => '', String), {
        timeout: 10_000,
      })
      .toContain('the producer role')
    await roles.scrollIntoViewIfNeeded()
    expect(await axeViolations(desk)).toEqual([])
    await roles.screenshot({ path: screenshotPath('view-venue-roles-dark') })
    await desk.getByRole('button', { name: 'Light theme' }).click()
    expect(await axeViolations(desk)).toEqual([])
    await roles.screenshot({ path: screenshotPath('view-venue-roles-light') })
    await desk.getByRole('button', { name: 'Dark theme' }).click()

    // The host took the stream over and then took the first duel off air with the second: one search says so.
    await host.ipc('venue:set-operator', { operator: 'Hana' })
    await host.ipc('broadcast:take', { streamId, matchId: duels[1]!.id })
    // A long day: more entries than one page shows.
    for (let i = 0; i < 600; i++) await host.ipc('venue:set-operator', { operator: i % 2 ? 'Hana' : 'Hana Ito Moreno' })
    // The audit log has a tab, and an address, of its own.
    await desk.getByRole('tab', { name: 'Audit log' }).click()
    expect(new URL(desk.url()).hash).toBe('#venue/audit')
    const audit = desk.getByTestId('audit')
    await audit.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => shownText(desk.getByTestId('audit-count'))).toMatch(/The newest 500 of \d+ entries/)
    await audit.scrollIntoViewIfNeeded()
    expect(await axeViolations(desk)).toEqual([])
    await audit.screenshot({ path: screenshotPath('view-venue-audit-dark') })
    const first = duels[0]!.opponents[0]!.participant!.name
    await audit.getByRole('searchbox').fill(`off air ${first}`)
    const rows = audit.getByTestId('audit-entries').getByRole('row')
    await expect.poll(() => rows.count()).toBe(2)
    expect(await shownText(rows.nth(1))).toMatch(new RegExp(`Hana.*B stream.*Took ${first} vs .* off air`))
    await desk.getByRole('button', { name: 'Light theme' }).click()
    expect(await axeViolations(desk)).toEqual([])
    await audit.screenshot({ path: screenshotPath('view-venue-audit-light') })
    await desk.getByRole('button', { name: 'Dark theme' }).click()
  })
})
