// The large Demo event in Chromium, as the Chromium benchmarks open it: the renderer built, web mode on the large
// venue, and "Mega Open" opened on a fresh page until its 5,000-person check-in list has settled.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { startWebMode, type WebMode } from '../../tests/e2e/support/web-mode'

export async function startLargeVenue(extra: string[] = []): Promise<WebMode> {
  const root = join(import.meta.dirname, '..', '..')
  spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'renderer/vite.config.ts',
      '--logLevel',
      'error',
    ],
    { cwd: root, stdio: 'inherit' },
  )
  return startWebMode(['--demo-simulate', '0', '--demo-size', 'large', ...extra])
}

/** Loads the app afresh, opens the large event and waits until its check-in list (5,000 people) has settled. */
export async function openMegaOpen(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page
    .getByRole('row', { name: /Mega Open/ })
    .getByRole('button', { name: 'Open' })
    .click()
  await page.getByRole('heading', { name: 'Check-in' }).waitFor()
  await page.waitForFunction(
    () => /\/ 5000/.test(document.querySelector('[data-testid="checked-in-count"]')?.textContent ?? ''),
    undefined,
    { timeout: 120_000 },
  )
  await page.waitForTimeout(500)
}
