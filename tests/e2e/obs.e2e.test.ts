/// <reference lib="dom" />
// The stream column's OBS panel against a real OBS Studio, as a producer sets it up: host, port and password, Test
// connection names a wrong password under its field, Save connects and lists OBS's scenes to choose from; a Take
// shows the chosen scene; OBS killed mid-show reads "reconnecting…" with why, and comes back by itself. Screenshots of
// the column connected and reconnecting, both themes; axe judges the open panel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import type { OBSWebSocket } from 'obs-websocket-js'
import { obsEyes, obsMissing, prepareShow, startObsStudio, type ObsStudio } from '../support/obs-studio'
import { axeViolations } from './support/axe'
import { launchBrowser, screenshotPath } from './support/browser'
import { linkedShow, type ShowMatch as Node } from './support/linked-show'
import { startWebMode, type WebMode } from './support/web-mode'

const missing = obsMissing()
if (missing) console.warn(`OBS end-to-end tests skipped: ${missing}`)
const STREAM = 'B stream'

describe.skipIf(missing !== undefined)('the OBS panel of a stream column', () => {
  let obs: ObsStudio
  let eyes: OBSWebSocket
  let web: WebMode
  let browser: Browser
  let desk: Page
  let column: Locator
  let match: Node

  const shoot = async (name: string) => {
    for (const theme of ['dark', 'light']) {
      await desk.evaluate((value) => {
        localStorage.setItem('matchdesk.theme', value)
        document.documentElement.dataset['theme'] = value
      }, theme)
      await column.screenshot({ path: screenshotPath(`obs-column-${name}-${theme}`) })
    }
  }

  beforeAll(async () => {
    obs = await startObsStudio()
    await prepareShow(obs, ['Match', 'Break'], ['Left name', 'Right name', 'Round'])
    eyes = await obsEyes(obs)
    web = await startWebMode(['--demo-simulate', '0'])
    browser = await launchBrowser()
    desk = await (await browser.newContext({ viewport: { width: 1500, height: 1100 }, bypassCSP: true })).newPage()
    await desk.goto(web.url)
    match = (await linkedShow(web, 1, { stream: STREAM })).matches[0]!
    await desk
      .getByRole('row', { name: /Lyon LAN Winter Cup/ })
      .getByRole('button', { name: 'Open' })
      .click()
    await desk.keyboard.press('Control+4')
    column = desk.locator('[data-testid="stream-column"]', { has: desk.getByRole('heading', { name: STREAM }) })
  }, 90_000)
  afterAll(async () => {
    await browser?.close()
    await web?.stop()
    await eyes?.disconnect().catch(() => undefined)
    await obs?.stop()
  })

  it('names a wrong password, then connects and offers OBS’s scenes', async () => {
    const panel = column.getByTestId('obs-panel')
    await panel.locator('summary').first().click()
    await expect.poll(() => panel.getByTestId('obs-link').textContent()).toBe('not set up')
    await panel.getByLabel('Host').fill(obs.host)
    await panel.getByLabel('Port').fill(String(obs.port))
    await panel.getByLabel('Password').fill('not-the-password')
    await panel.getByRole('button', { name: 'Test connection' }).click()
    await expect
      .poll(() => panel.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringContaining('OBS refused the password'))
    await panel.getByLabel('Password').fill(obs.password)
    await panel.getByRole('button', { name: 'Test connection' }).click()
    await expect.poll(() => panel.getByTestId('obs-report').textContent()).toContain('Connected to OBS 29.0.2')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => panel.getByTestId('obs-link').textContent(), { timeout: 10_000 })
      .toMatch(/^connected · OBS 29\.0\.2 · program: /)
    // The scenes come from OBS: choose the match scene from them, and save again (the password stays stored).
    await panel.getByLabel('Scene on a Take').selectOption('Match')
    await panel.getByLabel('Break scene').selectOption('Break')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => panel.getByLabel(/Password \(stored/).count()).toBe(1)
    expect(await axeViolations(desk)).toEqual([])
  })

  it('a Take shows the match scene and the names; the column says so', async () => {
    await column
      .locator(`[data-testid="queued"][data-match-id="${match.id}"]`)
      .getByRole('button', { name: /^Take/ })
      .click()
    await expect
      .poll(async () => (await eyes.call('GetCurrentProgramScene')).currentProgramSceneName, { timeout: 5000 })
      .toBe('Match')
    await expect
      .poll(async () => (await eyes.call('GetInputSettings', { inputName: 'Left name' })).inputSettings['text'])
      .toBe(match.opponents[0]!.participant!.name)
    await expect.poll(() => column.getByTestId('obs-link').textContent()).toContain('program: Match')
    // A small picture of OBS's program in the column, while the desk is visible.
    await expect
      .poll(() => column.getByTestId('obs-preview').getAttribute('src'), { timeout: 10_000 })
      .toMatch(/^data:image\/(jpeg|jpg);base64,/)
    expect(await column.getByTestId('obs-preview').getAttribute('alt')).toBe(`What ${STREAM}'s OBS shows now: Match`)
    await shoot('connected')
  })

  it('OBS killed: the column says reconnecting and why, then heals by itself', async () => {
    await eyes.disconnect().catch(() => undefined)
    await obs.kill()
    await expect.poll(() => column.getByTestId('obs-link').textContent(), { timeout: 5000 }).toBe('reconnecting…')
    // First it closed; then each attempt finds nothing answering, and says it goes on trying.
    await expect
      .poll(() => column.getByTestId('obs-problem').textContent(), { timeout: 5000 })
      .toMatch(/Nothing answers on .* Trying again by itself/)
    await shoot('reconnecting')
    await obs.start()
    await prepareShow(obs, ['Match', 'Break'], ['Left name', 'Right name', 'Round'])
    await expect.poll(() => column.getByTestId('obs-link').textContent(), { timeout: 30_000 }).toMatch(/^connected/)
    eyes = await obsEyes(obs)
    await expect
      .poll(async () => (await eyes.call('GetInputSettings', { inputName: 'Left name' })).inputSettings['text'], {
        timeout: 10_000,
      })
      .toBe(match.opponents[0]!.participant!.name)
  }, 60_000)

  it('Set up OBS for me: once confirmed, the column says what was made and what this OBS cannot have', async () => {
    const panel = column.getByTestId('obs-panel')
    desk.once('dialog', (dialog) => void dialog.accept())
    await panel.getByRole('button', { name: 'Set up OBS for me' }).click()
    const report = panel.getByTestId('obs-setup-report')
    await expect.poll(() => report.textContent(), { timeout: 30_000 }).toContain(`In “Matchdesk · ${STREAM}”`)
    await report.getByText('What was made').click()
    const made = await report.getByRole('list', { name: 'Made' }).getByRole('listitem').allTextContents()
    expect(made).toContain('scene “Technical difficulties”')
    expect(made).toContain('text source “Left name” (hidden) in “Match”')
    expect(await report.getByRole('list', { name: 'Not made' }).textContent()).toContain(
      'Scoreboard overlay: this OBS has no Browser source (obs-browser)',
    )
    expect((await eyes.call('GetSceneCollectionList')).currentSceneCollectionName).toBe(`Matchdesk · ${STREAM}`)
    // OBS shows the show again (the match on air, in the collection made), and the column offers the scenes made.
    await expect
      .poll(async () => (await eyes.call('GetCurrentProgramScene')).currentProgramSceneName, { timeout: 5000 })
      .toBe('Match')
    await expect
      .poll(() => panel.getByRole('group', { name: `Scenes of ${STREAM}'s OBS` }).textContent())
      .toContain('Technical difficulties')
    expect(await axeViolations(desk)).toEqual([])
    await report.getByText('What was made').click()
    await report.scrollIntoViewIfNeeded()
    await shoot('setup')
  })
})
