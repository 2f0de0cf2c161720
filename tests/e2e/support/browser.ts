// Debian's Chromium through playwright-core, with the flags this machine's closed network needs.
import { chromium, type Browser, type Locator } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../support/paths'

export const SCREENSHOT_DIR = join(PROJECT_ROOT, 'test-results')

export function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** Where a picture for people to look at goes; the folder is made when missing (a test may write one without a browser). */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  return join(SCREENSHOT_DIR, `${name}.png`)
}

/** What a person reads in an element: its text without the invisible isolates (FSI, PDI) set around names. */
export async function shownText(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/[\u2068\u2069]/g, '')
}
