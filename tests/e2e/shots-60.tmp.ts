// Screenshots for issue 60's changed views (not a test; run by hand, removed after).
import { launchBrowser } from './support/browser'
import { startWebMode } from './support/web-mode'

const host = await startWebMode()
const member = await startWebMode()
const browser = await launchBrowser()
try {
  const { code } = await host.ipc<{ code: string }>('hub:pair', { name: 'مكتب الإنتاج في القاعة الكبرى الثانية', kind: 'desk' })
  await member.ipc('venue:join', { address: host.hub, code })
  for (let i = 0; i < 100; i++) {
    const s = await member.ipc<{ link: string }>('venue:sharing', {})
    if (s.link === 'connected') break
    await new Promise((r) => setTimeout(r, 100))
  }
  const page = await browser.newPage({ viewport: { width: 1300, height: 860 } })
  await page.goto(`${member.url}#venue/devices`)
  await page.waitForSelector('[data-testid="venue-link"]')
  await page.getByLabel('Kind').selectOption('door')
  await page.waitForSelector('[data-testid="pairing-refused"]')
  for (const theme of ['dark', 'light']) {
    if (theme === 'light') await page.getByRole('button', { name: 'Light theme' }).click()
    await page.screenshot({ path: `test-results/i60-member-devices-${theme}.png` })
  }
  await page.getByRole('button', { name: 'Dark theme' }).click()
  await page.getByRole('tab', { name: 'Several desks' }).click()
  await page.screenshot({ path: 'test-results/i60-member-desks-dark.png' })
  // The host goes: the status bar says the desk is cut off.
  await host.stop()
  await page.waitForFunction(() => document.querySelector('[data-testid="venue-link"]')?.textContent?.includes('cut off'))
  for (const theme of ['dark', 'light']) {
    if (theme === 'light') await page.getByRole('button', { name: 'Light theme' }).click()
    await page.screenshot({ path: `test-results/i60-member-cut-off-${theme}.png` })
  }
  // Connect: a shared Demo venue on the staff network, in clear.
  await page.keyboard.press('Control+1')
  await page.getByRole('button', { name: 'Add a connection' }).click()
  await page.getByLabel('Another deployment (base URLs)').check()
  await page.getByLabel('Service address').fill('http://192.168.1.20:7400')
  await page.getByRole('button', { name: 'Fill the five addresses' }).click()
  await page.waitForSelector('[data-testid="in-clear"]')
  for (const theme of ['light', 'dark']) {
    if (theme === 'dark') await page.getByRole('button', { name: 'Dark theme' }).click()
    await page.screenshot({ path: `test-results/i60-connect-in-clear-${theme}.png`, fullPage: true })
  }
} finally {
  await browser.close()
  await member.stop()
  await host.stop().catch(() => undefined)
}
process.exit(0)
