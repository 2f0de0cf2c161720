// The built app in real Electron: it opens on the Demo venue, the page gets the contract and nothing else, a channel
// round-trips, and nothing but an https page (or the loopback sign-in page) reaches the system browser.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron, type ElectronApplication, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../support/paths'
import { electronBinary } from './electron-binary'

const binary = electronBinary()
if ('why' in binary) console.warn(`Electron smoke test skipped: ${binary.why}.`)

describe.skipIf(!('path' in binary) || process.env['MATCHDESK_PACKAGED_APP'] !== undefined)(
  'the desktop app in real Electron',
  () => {
    let app: ElectronApplication
    let page: Page

    beforeAll(async () => {
      app = await _electron.launch({
        executablePath: (binary as { path: string }).path,
        args: [PROJECT_ROOT, `--user-data-dir=${mkdtempSync(join(tmpdir(), 'matchdesk-electron-'))}`],
      })
      page = await app.firstWindow()
      await page.waitForLoadState('domcontentloaded')
    })
    afterAll(() => app?.close())

    it('opens the window on the Demo venue', async () => {
      expect(await page.title()).toBe('Matchdesk')
      await expect.poll(() => page.getByTestId('profile').textContent(), { timeout: 20_000 }).toMatch(/Demo venue/)
    })

    it('gives the page invoke and subscribe for the contract, and no Node', async () => {
      const exposed = await page.evaluate(() => ({
        api: Object.keys((window as unknown as { api: object }).api).sort(),
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }))
      expect(exposed).toEqual({ api: ['invoke', 'subscribe'], require: 'undefined', process: 'undefined' })
    })

    it('round-trips a channel, and refuses one that is not in the contract', async () => {
      const answers = await page.evaluate(async () => {
        const api = (window as unknown as { api: { invoke(c: string, i: unknown): Promise<unknown> } }).api
        const info = await api.invoke('app:info', {})
        const unknown = await api.invoke('fs:read', {}).catch((error: Error) => error.message)
        return { info, unknown }
      })
      expect(answers.info).toMatchObject({ ok: true, value: { profile: { id: 'demo', demo: true } } })
      expect(answers.unknown).toMatch(/unknown channel/)
    })

    it('never hands the system browser anything but https pages or the loopback sign-in page', async () => {
      await app.evaluate(({ shell }) => {
        const opened: string[] = []
        ;(globalThis as unknown as { opened: string[] }).opened = opened
        shell.openExternal = async (url: string) => void opened.push(url)
      })
      const answer = await page.evaluate(async () => {
        const api = (
          window as unknown as {
            api: {
              invoke(
                c: string,
                i: unknown,
              ): Promise<{ ok: boolean; value?: { id: string }; error?: { message: string } }>
            }
          }
        ).api
        const origin = 'http://localhost:9'
        const saved = await api.invoke('profiles:save', {
          name: 'Not https',
          clientId: 'client',
          apiKey: 'an-api-key-0000',
          method: 'browser',
          scopes: ['organizer:view'],
          baseUrls: { organizer: origin, participant: origin, v1: origin, auth: origin, account: origin },
        })
        await api.invoke('profiles:activate', { id: saved.value!.id })
        return api.invoke('auth:sign-in', {})
      })
      expect(answer).toMatchObject({ ok: false })
      expect(await app.evaluate(() => (globalThis as unknown as { opened: string[] }).opened)).toEqual([])
    })
  },
)
