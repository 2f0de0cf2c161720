/// <reference lib="dom" />
// A stream following a game from the Stream desk in Chromium: for CS2 the producer makes the config file under
// "Game data", the recorded match replayed to the address it names moves the on-air score (the journal says "From
// the game"), the desk says when the game was last heard; for Rocket League the desk reads the game's recorded feed
// from a TCP port, and the producer says which team is Blue; the panel in both themes, axe clean.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Feed } from '../../shared/broadcast/feed'
import { randomUUID } from 'node:crypto'
import { configAddress, recordedCs2, recordedCs2Match, replayGame } from '../support/game-replayer'
import { axeViolations } from './support/axe'
import { launchBrowser, screenshotPath } from './support/browser'
import { linkedShow, type LinkedShow } from './support/linked-show'
import { startWebMode, type WebMode } from './support/web-mode'

let web: WebMode
let browser: Browser
let show: LinkedShow
const STREAM = 'B stream'
let statsApi: Server | undefined

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0'])
  browser = await launchBrowser()
  show = await linkedShow(web, 1)
  await web.ipc('broadcast:take', { streamId: show.streamId, matchId: show.matches[0]!.id })
})
afterAll(async () => {
  statsApi?.close()
  await browser?.close()
  await web?.stop()
})

/** The Stream desk in a theme, its column's "Game data" open. */
async function gamePanel(theme: 'light' | 'dark'): Promise<{ context: BrowserContext; desk: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1500, height: 950 },
    colorScheme: theme,
    bypassCSP: true,
  })
  // The desk's theme is its own choice (dark by default), remembered in its storage.
  await context.addInitScript((chosen) => localStorage.setItem('matchdesk.theme', chosen), theme)
  const desk = await context.newPage()
  await desk.goto(web.url)
  // The tournament chosen first: the Stream desk shows its streams.
  await desk
    .getByRole('row', { name: /Lyon LAN Winter Cup/ })
    .getByRole('button', { name: 'Open' })
    .click()
  await desk.keyboard.press('Control+4')
  await expect.poll(() => desk.getByRole('heading', { level: 1 }).textContent()).toBe('Stream desk')
  const panel = desk.getByRole('region', { name: `Stream ${STREAM}` }).getByTestId('game-source')
  await panel.locator('summary').click()
  return { context, desk }
}

describe('a stream following CS2 from the Stream desk', () => {
  it('makes the config file; the recorded match replayed to it moves the on-air score, as the game’s', async () => {
    const { context, desk } = await gamePanel('light')
    const column = desk.getByRole('region', { name: `Stream ${STREAM}` })
    const panel = column.getByTestId('game-source')
    await expect.poll(() => panel.getByTestId('game-status').textContent()).toBe('no game')
    await panel.getByRole('button', { name: 'Make the config file' }).click()
    const text = await panel.getByTestId('game-config').inputValue()
    expect(text).toContain('"uri"')
    await expect
      .poll(() => panel.getByTestId('game-status').textContent())
      .toBe('Counter-Strike 2 · waiting for the game')
    // The file is focused once made, to select and copy (typing there presses none of the column's keys: typing-target).
    await expect
      .poll(() => desk.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('game-config')

    const { uri, token } = configAddress(text)
    const names = show.matches[0]!.opponents.map((o) => o.participant!.name)
    expect(new Set(await replayGame(recordedCs2Match(names), token, { uri }))).toEqual(new Set([200]))
    const feed = await web.ipc<Feed>('broadcast:feed', { streamId: show.streamId })
    expect(feed.onAir!.games![0]).toMatchObject({ map: 'Safehouse', rounds: [19, 17], winner: 0 })
    await expect
      .poll(() => panel.getByTestId('game-status').textContent())
      .toMatch(/^Counter-Strike 2 · heard \d+ s ago$/)
    // The live score's journal names the game as who pressed.
    await expect.poll(() => column.getByTestId('live-score').textContent()).toContain('From the game')
    await panel.scrollIntoViewIfNeeded()
    await desk.screenshot({ path: screenshotPath('view-stream-desk-game-light') })
    expect(await axeViolations(desk)).toEqual([])
    await context.close()
  })

  it('says when the game’s teams are not named as in the bracket; reads well in the dark theme too, axe clean', async () => {
    const { context, desk } = await gamePanel('dark')
    const panel = desk.getByRole('region', { name: `Stream ${STREAM}` }).getByTestId('game-source')
    await expect.poll(() => panel.getByTestId('game-status').textContent()).toMatch(/^Counter-Strike 2 · /)
    expect(await panel.getByTestId('game-unnamed').count()).toBe(0)
    // The observer's server lost its team names (a real player's post: no names) and a new map begins.
    const { uri, token } = configAddress(
      (await web.ipc<{ text: string }>('game:connect', { streamId: show.streamId, game: 'cs2' })).text,
    )
    expect(await replayGame([recordedCs2('cs2_body_live_round2_score1-1.json')], token, { uri })).toEqual([200])
    await expect.poll(() => panel.getByTestId('game-unnamed').count()).toBe(1)
    await panel.scrollIntoViewIfNeeded()
    await desk.screenshot({ path: screenshotPath('view-stream-desk-game-dark') })
    expect(await axeViolations(desk)).toEqual([])
    await context.close()
  })
})

describe('a stream following Rocket League from the Stream desk', () => {
  it('reads the game’s feed at the address given; the producer says which team is Blue', async () => {
    const capture = readFileSync(
      new URL('../fixtures/real/rocketleague/xentrick_player_tcp_stream_full.raw', import.meta.url),
    )
    statsApi = createServer((socket) => {
      socket.on('error', () => {})
      socket.write(capture)
    })
    await new Promise<void>((resolve) => statsApi!.listen(0, '127.0.0.1', resolve))
    const address = `127.0.0.1:${(statsApi.address() as { port: number }).port}`
    const { context, desk } = await gamePanel('light')
    // The stream follows CS2 still: the desk asks before it follows another game.
    desk.on('dialog', (dialog) => void dialog.accept())
    const column = desk.getByRole('region', { name: `Stream ${STREAM}` })
    const panel = column.getByTestId('game-source')
    await panel.getByLabel('Game', { exact: true }).selectOption({ label: 'Rocket League' })
    // A wrong address is refused by its field.
    await panel.getByLabel('Stats API address').fill('not an address')
    await panel.getByRole('button', { name: 'Read the game’s feed' }).click()
    await expect.poll(() => panel.getByLabel('Stats API address').getAttribute('aria-invalid')).toBe('true')
    await panel.getByLabel('Stats API address').fill(address)
    await panel.getByRole('button', { name: 'Read the game’s feed' }).click()
    await expect.poll(() => panel.getByTestId('game-status').textContent()).toMatch(/^Rocket League · heard \d+ s ago$/)
    // The capture ends 0–1 for Orange; the bracket's first team is taken as Blue until the producer says.
    const names = show.matches[0]!.opponents.map((o) => o.participant!.name)
    const game = async () => (await web.ipc<Feed>('broadcast:feed', { streamId: show.streamId })).onAir!.games![1]
    await expect.poll(async () => (await game())?.rounds).toEqual([0, 1])
    const sides = panel.getByRole('group', { name: 'Blue is' })
    await sides.getByRole('radio', { name: names[1]! }).check()
    await expect.poll(async () => (await game())?.rounds).toEqual([1, 0])
    expect(await sides.getByRole('radio', { name: names[1]! }).isChecked()).toBe(true)
    expect(await panel.getByTestId('game-unnamed').count()).toBe(0)
    await panel.scrollIntoViewIfNeeded()
    await desk.screenshot({ path: screenshotPath('view-stream-desk-game-rocketleague-light') })
    expect(await axeViolations(desk)).toEqual([])
    await context.close()
  })
})

describe('a stream following a chess PGN from the Stream desk', () => {
  it('reads the file a board’s software writes: the current move in the column, in the dark theme, axe clean', async () => {
    const names = show.matches[0]!.opponents.map((o) => o.participant!.name)
    const file = join(mkdtempSync(join(tmpdir(), 'matchdesk-e2e-pgn-')), 'round.pgn')
    writeFileSync(
      file,
      `[Event "Demo"]\n[White "${names[1]}"]\n[Black "${names[0]}"]\n[Result "*"]\n\n1. e4 c5 2. Nf3 *\n`,
    )
    const { context, desk } = await gamePanel('dark')
    desk.on('dialog', (dialog) => void dialog.accept())
    const panel = desk.getByRole('region', { name: `Stream ${STREAM}` }).getByTestId('game-source')
    await panel.getByLabel('Game', { exact: true }).selectOption({ label: 'Chess' })
    await panel.getByLabel('PGN file or address').fill(file)
    await panel.getByRole('button', { name: 'Read the PGN' }).click()
    await expect
      .poll(() => panel.getByTestId('game-status').textContent())
      .toMatch(/^Chess · 2\. Nf3 · heard \d+ s ago$/)
    // The names tell who is White; the choice stays offered, set by them.
    const sides = panel.getByRole('group', { name: 'White is' })
    await expect.poll(() => sides.getByRole('radio', { name: names[1]! }).isChecked()).toBe(true)
    expect(await panel.getByTestId('game-unnamed').count()).toBe(0)
    await panel.scrollIntoViewIfNeeded()
    await desk.screenshot({ path: screenshotPath('view-stream-desk-game-chess-dark') })
    expect(await axeViolations(desk)).toEqual([])
    await context.close()
  })
})

describe('who is Radiant, with the hardest names', () => {
  it('asks which of two 40-character names (one right-to-left) is Radiant; the column keeps its width', async () => {
    const [first, second] = show.matches[0]!.opponents.map((o) => o.participant!)
    const long = ['Maximilian-Alexander Worthington-Smyth X', 'فريق النجوم الساطعة من مدينة الإسكندرية']
    for (const [participant, name] of [
      [first!, long[0]!],
      [second!, long[1]!],
    ] as const)
      await web.ipc('participants:update', { id: participant.id, body: { name }, requestId: randomUUID() })
    // The new names reach the desk's copy through the service (the outbox, then a read): waited for, as a state.
    await expect
      .poll(
        async () =>
          (await web.ipc<Feed>('broadcast:feed', { streamId: show.streamId })).onAir?.opponents.map((o) => o.name),
        { timeout: 30_000 },
      )
      .toEqual(long)
    const { uri, token } = configAddress(
      (await web.ipc<{ text: string }>('game:connect', { streamId: show.streamId, game: 'dota2' })).text,
    )
    const selection = JSON.parse(
      readFileSync(
        new URL('../fixtures/real/dota2/greshilov_spectator_hero_selection_draft.json', import.meta.url),
        'utf8',
      ),
    ) as object
    expect(await replayGame([selection], token, { uri })).toEqual([200])
    const { context, desk } = await gamePanel('light')
    const column = desk.getByRole('region', { name: `Stream ${STREAM}` })
    const sides = column.getByTestId('game-source').getByRole('group', { name: 'Radiant is' })
    await expect.poll(() => sides.getByRole('radio', { name: long[1]! }).count(), { timeout: 15_000 }).toBe(1)
    await sides.getByRole('radio', { name: long[1]! }).check()
    await expect.poll(() => sides.getByRole('radio', { name: long[1]! }).isChecked(), { timeout: 15_000 }).toBe(true)
    // Nothing of the panel reaches past it: the names wrap.
    const panel = column.getByTestId('game-source')
    expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    await sides.scrollIntoViewIfNeeded()
    await desk.screenshot({ path: screenshotPath('view-stream-desk-game-dota2-long-names-light') })
    expect(await axeViolations(desk)).toEqual([])
    await context.close()
  })
})
