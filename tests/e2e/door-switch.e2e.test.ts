/// <reference lib="dom" />
// A door keeps its connection: the desk switches to another connection mid check-in and the door, paired on the Demo
// venue, still checks people in there (live, its list intact). A door whose connection is removed from the desk says
// so in words door staff understand and takes no taps.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basesFromOrigin } from '../../shared/ipc/service-bases'
import { launchBrowser, screenshotPath } from './support/browser'
import { demoService, type DemoService } from './support/demo-service'
import { startWebMode, tournamentNamed, type WebMode } from './support/web-mode'

const TOURNAMENT = 'Street Fighter Weekly 42'
type P = { id: string; name: string; checked_in: boolean; custom_user_identifier: string | null }

let web: WebMode
let browser: Browser
let service: DemoService
let tournamentId = ''
const contexts: BrowserContext[] = []

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control'])
  service = await demoService(web.demo!)
  browser = await launchBrowser()
  tournamentId = await tournamentNamed(web, TOURNAMENT)
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

async function pairDoor(name: string, dark: boolean): Promise<Page> {
  await web.ipc('participants:list', { tournamentId, filters: {} })
  const code = await web.ipc<{ code: string }>('hub:pair', { name, kind: 'door', tournamentId })
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    colorScheme: dark ? 'dark' : 'light',
  })
  contexts.push(context)
  const page = await context.newPage()
  await page.goto(`${web.hub}/pair#code=${code.code}`)
  await page.waitForURL(`${web.hub}/door`, { waitUntil: 'commit' })
  await expect.poll(() => page.getByTestId('link').textContent()).toMatch('Live')
  return page
}

const saveSecondVenue = () =>
  web.ipc<{ id: string }>('profiles:save', {
    name: 'Second venue',
    clientId: web.demo!.clientId,
    apiKey: web.demo!.apiKey,
    clientSecret: web.demo!.clientSecret,
    method: 'client-credentials',
    scopes: ['organizer:view', 'organizer:admin', 'organizer:participant'],
    baseUrls: basesFromOrigin(web.demo!.origin)!,
  })

describe('a door when the desk switches connection', () => {
  let second = ''

  it('keeps checking in on the connection it was paired on', async () => {
    const door = await pairDoor('Door 1', true)
    const people = (await web.ipc<{ items: P[] }>('participants:list', { tournamentId, filters: {} })).items
    const waiting = people.filter((p) => !p.checked_in && p.custom_user_identifier)
    second = (await saveSecondVenue()).id
    await web.ipc('profiles:activate', { id: second })
    // The desk now shows another connection; the door is still live, with its whole list.
    await door.waitForTimeout(300)
    expect(await door.getByTestId('link').textContent()).toMatch('Live')
    const field = door.getByLabel('Scan or type a badge code')
    await field.fill(waiting[0]!.custom_user_identifier!)
    await field.press('Enter')
    await expect.poll(() => door.getByTestId('door-result').getAttribute('data-outcome')).toBe('in')
    expect(await door.getByTestId('door-result').textContent()).toContain(waiting[0]!.name)
    // It reached the Demo venue's service through that connection's own outbox.
    await expect
      .poll(
        async () => ((await (await service(`/organizer/v2/participants/${waiting[0]!.id}`)).json()) as P).checked_in,
        {
          timeout: 10_000,
        },
      )
      .toBe(true)
    await door.screenshot({ path: screenshotPath('door-after-switch-dark') })
  })

  it('says so, and takes no taps, once its connection is removed from the desk', async () => {
    // A door paired on the second connection, then that connection removed from the desk.
    const door = await pairDoor('Door 2', false)
    await web.ipc('profiles:activate', { id: 'demo' })
    await web.ipc('profiles:delete', { id: second })
    await door.reload()
    await expect
      .poll(() => door.getByTestId('door-gone').textContent(), { timeout: 10_000 })
      .toMatch(/connection was removed from the desk.*takes no check-ins/)
    expect(await door.getByTestId('link').textContent()).toMatch('Stopped')
    const taps = door.locator('.people button')
    for (const tap of await taps.all()) expect(await tap.isDisabled()).toBe(true)
    await door.screenshot({ path: screenshotPath('door-connection-gone-light') })
  })
})
