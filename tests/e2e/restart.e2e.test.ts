/// <reference lib="dom" />
// A restart never blanks the show: the producer takes a match, queues the next and holds the stream; the app is
// killed (kill -9) and started again on the same data folder and hub port. Without anyone opening a tournament, the
// hub serves the stream's feed as it was (on air, queue, hold), the scoreboard OBS had open reconnects by itself and
// follows the next Take, and the Demo venue still holds what was written to it. "Reset Demo venue" starts it over.
import { rmSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, screenshotPath } from './support/browser'
import { demoService } from './support/demo-service'
import { freePort } from '../support/free-port'
import { linkedShow, type ShowMatch as Node } from './support/linked-show'
import { startWebMode, type WebMode } from './support/web-mode'

const TOURNAMENT = 'Lyon LAN Winter Cup'
const STREAM = 'B stream'
type Feed = { onAir: { id: string } | null; next: { id: string }[]; held: boolean }

let dataDir: string
let hubPort: number
let web: WebMode
let browser: Browser
let overlay: Page

const run = () =>
  startWebMode(
    ['--demo-simulate', '0', '--demo-control', '--broadcast-refresh', '300', '--hub-port', String(hubPort)],
    {
      dataDir,
    },
  )

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-restart-'))
  hubPort = await freePort()
  web = await run()
  browser = await launchBrowser()
  overlay = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
})
afterAll(async () => {
  await browser?.close()
  await web?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('a restart', () => {
  let streamId = ''
  let first: Node
  let second: Node

  it('keeps on air, queue and hold through kill -9, and the overlay reconnects by itself', async () => {
    const list = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
    const tournamentId = list.items.find((t) => t.name === TOURNAMENT)!.id
    // OBS was set up before the desk opened this tournament: the hub reads that tournament from the service, and the
    // overlay follows the stream (nothing on air yet) instead of saying the desk does not know it.
    const service = await demoService(web.demo!)
    const onService = (await (
      await service(`/organizer/v2/streams?tournament_ids=${tournamentId}`, { headers: { range: 'streams=0-49' } })
    ).json()) as {
      id: string
      name: string
    }[]
    const early = onService.find((s) => s.name === STREAM)!.id
    const followed = overlay.waitForResponse((answer) => answer.url().includes(`/feed/v1/streams/${early}/events`))
    await overlay.goto(`${web.hub}/overlays/scoreboard?stream=${early}`)
    expect((await followed).status()).toBe(200)
    expect((await overlay.getByTestId('overlay-setup').allTextContents()).join(' ')).not.toContain('does not know')

    const show = await linkedShow(web, 2)
    streamId = show.streamId
    ;[first, second] = show.matches as [Node, Node]
    await web.ipc('broadcast:take', { streamId, matchId: first.id })
    await web.ipc('broadcast:order', { streamId, matchIds: [second.id] })
    await web.ipc('broadcast:hold', { streamId, held: true })

    expect(streamId).toBe(early)
    const names = (match: Node) => match.opponents.map((o) => o.participant!.name)
    await expect
      .poll(() => overlay.getByTestId('scoreboard-name').allTextContents(), { timeout: 8000 })
      .toEqual(names(first))
    expect(await overlay.getByTestId('overlay-setup').count()).toBe(0)
    // The desk's writes reached the Demo venue before the kill (the outbox is empty).
    await expect
      .poll(async () => (await web.ipc<{ pending: number }>('sync:status', {})).pending, { timeout: 10_000 })
      .toBe(0)

    // The producer works in the desk with the tournament open.
    const before = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    await before.goto(web.url)
    await before
      .getByRole('row', { name: new RegExp(TOURNAMENT) })
      .getByRole('button', { name: 'Open' })
      .click()
    await expect
      .poll(async () => (await web.ipc<{ name: string } | null>('profiles:chosen-tournament', {}))?.name)
      .toBe(TOURNAMENT)
    await before.close()

    await web.kill()
    web = await run()
    expect(web.hub).toBe(`http://127.0.0.1:${hubPort}`)

    // The desk opens where it was, on the tournament chosen before (web mode's page is on a new port: its own storage
    // is empty; the choice is the connection's).
    const desk = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    await desk.goto(web.url)
    await desk.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Stream desk' }).click()
    await expect.poll(() => desk.getByTestId('stream-column').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await desk.getByText('Choose a tournament first.').count()).toBe(0)
    await desk.close()

    // Nobody opened a tournament: the hub serves the stream from the local copy, as it was left.
    const feed = (await (await fetch(`${web.hub}/feed/v1/streams/${streamId}`)).json()) as Feed
    expect(feed.onAir?.id).toBe(first.id)
    expect(feed.next.map((m) => m.id)).toEqual([second.id])
    expect(feed.held).toBe(true)

    // The scoreboard OBS kept open follows the next Take: it reconnected by itself.
    await web.ipc('broadcast:hold', { streamId, held: false })
    await web.ipc('broadcast:next', { streamId })
    await expect
      .poll(() => overlay.getByTestId('scoreboard-name').allTextContents(), { timeout: 10_000 })
      .toEqual(names(second))
    await overlay.screenshot({ path: screenshotPath('restart-overlay-after-kill') })
  })

  it('finds the Demo venue as it was left, and starts it over on "Reset Demo venue"', async () => {
    const service = await demoService(web.demo!)
    const linked = async () => (await (await service(`/organizer/v2/matches/${first.id}/streams`)).json()) as string[]
    expect(await linked()).toEqual([streamId])

    const desk = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    await desk.goto(web.url)
    await desk.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Connect' }).click()
    let asked = ''
    desk.once('dialog', (dialog) => {
      asked = dialog.message()
      void dialog.accept()
    })
    await desk.getByRole('button', { name: 'Reset Demo venue' }).click()
    await expect
      .poll(() => desk.getByRole('status').allTextContents())
      .toContainEqual(expect.stringContaining('The Demo venue was reset'))
    expect(asked).toContain('Reset the Demo venue?')
    // Back as seeded: the match is no longer on the stream the producer linked it to.
    expect(await linked()).not.toContain(streamId)
    const feed = await web.ipc<Feed>('broadcast:feed', { streamId }).catch(() => null)
    // The desk starts over too: nothing of the old show is on air (the stream is read again when its tournament opens).
    expect(feed?.onAir ?? null).toBeNull()
    await desk.close()
  })
})
