/// <reference lib="dom" />
// Web mode serves the shell: navigation, keyboard shortcuts, theme, and the status bar fed by app:info.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, screenshotPath } from './support/browser'
import { startWebMode, type WebMode } from './support/web-mode'
import { PROJECT_ROOT } from '../support/paths'

const version = (JSON.parse(readFileSync(`${PROJECT_ROOT}/package.json`, 'utf8')) as { version: string }).version
let web: WebMode
let browser: Browser
let page: Page
const consoleErrors: string[] = []

beforeAll(async () => {
  web = await startWebMode()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.goto(web.url)
})

afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

describe('the shell in web mode', () => {
  it('shows the version and the Demo venue in the status bar', async () => {
    await expect.poll(() => page.getByTestId('version').textContent()).toBe(`Matchdesk ${version}`)
    expect(await page.getByTestId('profile').textContent()).toContain('Demo venue')
    await page.screenshot({ path: screenshotPath('shell') })
  })

  it('navigates between the views by click and by Ctrl+digit', async () => {
    const nav = page.getByRole('navigation', { name: 'Views' })
    for (const label of ['Connect', 'Tournaments', 'Streams', 'Stream desk', 'Bracket', 'Check-in', 'Sync']) {
      await expect.poll(() => nav.getByRole('button', { name: label, exact: true }).count()).toBe(1)
    }
    await nav.getByRole('button', { name: 'Bracket' }).click()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bracket')
    await page.keyboard.press('Control+6')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Check-in')
    expect(await nav.getByRole('button', { name: 'Check-in' }).getAttribute('aria-current')).toBe('page')
  })

  it('switches to the light theme and remembers it', async () => {
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    await page.getByRole('button', { name: 'Light theme' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light')
    await page.screenshot({ path: screenshotPath('shell-light') })
    await page.reload()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light')
  })

  it('never puts the bridge token in a URL and logs no errors', () => {
    expect(page.url()).not.toContain(web.token)
    expect(consoleErrors).toEqual([])
  })
})
