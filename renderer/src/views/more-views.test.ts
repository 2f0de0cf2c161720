// Streams, Bracket, Stages, Connect and Tournaments: what each view shows and refuses, against the fake bridge.
import { render, screen, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { answer, calls, emit, syncStatusWith } from '../test-support/fake-api'
import { selection } from '../lib/desks/selection.svelte'
import { sync } from '../lib/desks/sync.svelte'
import BracketView from './BracketView.svelte'
import ConnectView from './ConnectView.svelte'
import StagesView from './StagesView.svelte'
import StreamsView from './StreamsView.svelte'
import TournamentsView from './TournamentsView.svelte'

const stream = (i: number) => ({
  id: `s${i}`,
  tournament_id: 't1',
  name: `Cam ${i}`,
  url: `https://x.tv/${i}`,
  language: 'en',
})
const opponent = (number: number, source: string | null) => ({
  number,
  position: number,
  result: null,
  rank: null,
  forfeit: false,
  score: null,
  source_type: source ? 'winner' : 'none',
  source_node_id: source,
  participant: null,
})
const node = (
  id: string,
  depth: number,
  number: number,
  sources: (string | null)[],
  branch: string | null,
  stage = 'st1',
) => ({
  id,
  tournament_id: 't1',
  stage_id: stage,
  group_id: `${stage}-g1`,
  round_id: `${stage}-r${depth}`,
  number,
  type: 'duel',
  status: 'pending',
  scheduled_datetime: null,
  played_at: null,
  depth,
  branch,
  opponents: sources.map((s, i) => opponent(i + 1, s)),
})

/** A running elimination stage of t1, unless told otherwise. */
const stage = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  tournament_id: 't1',
  number: 1,
  name: 'Playoffs',
  type: 'single_elimination',
  status: 'running',
  closed: false,
  settings: {},
  ...overrides,
})

beforeEach(() => selection.choose({ id: 't1', name: 'Cup', participantType: 'single' }))

/** A stored connection of the venue's own, with both secrets kept. */
const venueProfile = (active: boolean) => ({
  id: 'v1',
  name: 'Venue',
  clientId: 'abc',
  method: 'client-credentials',
  scopes: ['organizer:view'],
  demo: false,
  active,
  stored: { apiKey: true, clientSecret: true, refreshToken: false },
})

/** Main says this connection is not signed in. */
const signedOut = (profileId: string, method: 'client-credentials' | 'browser') =>
  answer('auth:status', () => ({ profileId, method, signedIn: false, expiresAt: null, scopes: [] }))

describe('streams view', () => {
  it('marks a new stream waiting to sync as the outbox says, and drops the mark once the service has it', async () => {
    let items = [{ ...stream(1), id: 'local-7', name: 'Arena Two' }]
    answer('streams:list', () => ({ items, refreshedAt: Date.now() }))
    const status = syncStatusWith
    answer('sync:status', () => status(['stream:local-7']))
    const stop = sync.start()
    render(StreamsView)
    const row = (await screen.findByText('Arena Two')).closest('tr')!
    await expect.poll(() => row.textContent).toMatch(/Arena Two waiting to sync/)
    // The service gave the stream its id: the mark goes and the list is read again, without leaving the view.
    items = [{ ...stream(1), id: 's77', name: 'Arena Two' }]
    answer('sync:status', () => status([]))
    emit('sync:status', status([]))
    await expect.poll(() => screen.getByText('Arena Two').closest('tr')!.textContent).not.toMatch(/waiting to sync/)
    expect(calls.filter((c) => c.channel === 'streams:list').length).toBeGreaterThan(1)
    stop()
  })

  it('shows every field error at once without moving the form, and names languages with their codes', async () => {
    answer('streams:list', () => ({ items: [], refreshedAt: Date.now() }))
    render(StreamsView)
    const user = userEvent.setup()
    await screen.findByTestId('stream-count')
    expect(screen.getByLabelText<HTMLInputElement>('Language').value).toBe('English (en)')
    expect(document.querySelector('#stream-languages option[value="French (fr)"]')).toBeTruthy()
    const slots = () => document.querySelectorAll('.field .slot').length
    const before = slots()
    await user.clear(screen.getByLabelText('Address (https)'))
    await user.type(screen.getByLabelText('Address (https)'), 'http://twitch.tv/x')
    await user.click(screen.getByRole('button', { name: 'Add stream' }))
    const alerts = await screen.findAllByRole('alert')
    expect(alerts.map((a) => a.textContent)).toEqual([expect.stringMatching(/name/), 'url must be an https:// address'])
    // The error lines were there, empty, before: nothing below them moved.
    expect(slots()).toBe(before)
  })

  it('finds a language by name or code as you type, and saves its code', async () => {
    answer('streams:list', () => ({ items: [], refreshedAt: Date.now() }))
    answer('streams:create', ({ body }: { body: object }) => ({ state: 'pending', value: { id: 'local-2', ...body } }))
    render(StreamsView)
    const user = userEvent.setup()
    await screen.findByTestId('stream-count')
    await user.type(screen.getByLabelText('Name'), 'Cam FR')
    await user.clear(screen.getByLabelText('Address (https)'))
    await user.type(screen.getByLabelText('Address (https)'), 'https://twitch.tv/fr')
    await user.clear(screen.getByLabelText('Language'))
    await user.type(screen.getByLabelText('Language'), 'French (fr)')
    await user.click(screen.getByRole('button', { name: 'Add stream' }))
    await expect
      .poll(() => calls.find((c) => c.channel === 'streams:create')?.input)
      .toMatchObject({ body: { language: 'fr' } })
    await user.clear(screen.getByLabelText('Language'))
    await user.type(screen.getByLabelText('Language'), 'Klingon')
    await user.click(screen.getByRole('button', { name: 'Add stream' }))
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContainEqual(
      expect.stringMatching(/language/),
    )
  })

  it('refuses a bad address with a field message before sending, then creates; counts out of 128', async () => {
    answer('streams:list', () => ({ items: [stream(1)], refreshedAt: Date.now() }))
    answer('streams:create', ({ body }: { body: object }) => ({ state: 'pending', value: { id: 'local-1', ...body } }))
    render(StreamsView)
    const user = userEvent.setup()
    await screen.findByTestId('stream-count')
    await expect.poll(() => screen.getByTestId('stream-count').textContent).toBe('1 / 128')
    await user.type(screen.getByLabelText('Name'), 'Main')
    await user.clear(screen.getByLabelText('Address (https)'))
    await user.type(screen.getByLabelText('Address (https)'), 'ftp://nope')
    await user.click(screen.getByRole('button', { name: 'Add stream' }))
    expect((await screen.findByRole('alert')).textContent).toBe('url must be an https:// address')
    expect(calls.some((c) => c.channel === 'streams:create')).toBe(false)
    await user.clear(screen.getByLabelText('Address (https)'))
    await user.type(screen.getByLabelText('Address (https)'), 'https://twitch.tv/main')
    await user.click(screen.getByRole('button', { name: 'Add stream' }))
    expect(calls.find((c) => c.channel === 'streams:create')!.input).toEqual({
      body: { tournament_id: 't1', name: 'Main', url: 'https://twitch.tv/main', language: 'en' },
    })
  })

  it('cannot add a 129th stream', async () => {
    answer('streams:list', () => ({ items: Array.from({ length: 128 }, (_, i) => stream(i)), refreshedAt: Date.now() }))
    render(StreamsView)
    await screen.findByTestId('stream-count')
    await expect.poll(() => screen.getByTestId('stream-count').textContent).toBe('128 / 128')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add stream' }).disabled).toBe(true)
  })
})

describe('bracket view', () => {
  it('draws an elimination stage with the streamed match marked, and shows a league as rounds', async () => {
    answer('stages:list', () => ({
      items: [stage('st1'), stage('st2', { number: 2, name: 'League', type: 'league', status: 'pending' })],
      refreshedAt: Date.now(),
    }))
    answer('bracket:nodes', () => ({
      items: [
        node('a', 2, 1, [null, null], 'wb'),
        node('b', 2, 2, [null, null], 'wb'),
        node('f', 1, 1, ['a', 'b'], 'wb'),
        node('l1', 1, 1, [null, null], null, 'st2'),
      ],
      refreshedAt: Date.now(),
    }))
    // The links are asked for once the picture is drawn, not while the bracket is on its way (the read can keep main
    // busy with the service; the first picture waited behind it).
    const boxesWhenAsked: number[] = []
    answer('match-streams:of-tournament', () => {
      boxesWhenAsked.push(document.querySelectorAll('[data-testid="bracket-match"]').length)
      return { f: ['s1'], a: [] }
    })
    render(BracketView)
    const user = userEvent.setup()
    const canvas = await screen.findByTestId('bracket-canvas')
    await expect.poll(() => canvas.querySelector('[data-match-id="f"]')?.getAttribute('data-streamed')).toBe('true')
    expect(canvas.querySelectorAll('[data-testid="bracket-match"]')).toHaveLength(3)
    expect(canvas.querySelectorAll('path.connector')).toHaveLength(2)
    expect(boxesWhenAsked[0]).toBe(3)
    await user.selectOptions(screen.getByLabelText('Stage'), 'st2')
    expect(await screen.findByText('Round 1')).toBeTruthy()
    expect(screen.queryByTestId('bracket-canvas')).toBeNull()
  })
})

describe('bracket view, switching tournaments', () => {
  it('keeps the streamed marks of the tournament shown when the one before’s links answer last', async () => {
    answer('stages:list', ({ tournamentId }: { tournamentId: string }) => ({
      items: [tournamentId === 't1' ? stage('st1') : stage('st9', { tournament_id: 't2' })],
      refreshedAt: Date.now(),
    }))
    answer('bracket:nodes', ({ tournamentId }: { tournamentId: string }) => ({
      items:
        tournamentId === 't1'
          ? [node('a', 1, 1, [null, null], 'wb')]
          : [{ ...node('x', 1, 1, [null, null], 'wb', 'st9'), tournament_id: 't2' }],
      refreshedAt: Date.now(),
    }))
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    answer('match-streams:of-tournament', async ({ tournamentId }: { tournamentId: string }) => {
      if (tournamentId === 't1') await held
      return tournamentId === 't1' ? { a: ['s1'] } : { x: ['s1'] }
    })
    render(BracketView)
    const streamed = (id: string) =>
      screen.queryByTestId('bracket-canvas')?.querySelector(`[data-match-id="${id}"]`)?.getAttribute('data-streamed')
    await expect.poll(() => calls.some((c) => c.channel === 'match-streams:of-tournament')).toBe(true)
    selection.choose({ id: 't2', name: 'Open', participantType: 'single' })
    await expect.poll(() => streamed('x')).toBe('true')
    release()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(streamed('x')).toBe('true')
  })
})

describe('stages view', () => {
  it('refuses a 31-character name and bad JSON settings with field messages, without sending', async () => {
    answer('stages:list', () => ({ items: [], refreshedAt: Date.now() }))
    render(StagesView)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Name (30 max)'), 'x'.repeat(31))
    await user.click(screen.getByRole('button', { name: 'Add stage' }))
    expect((await screen.findByText(/name must be at most 30 characters/)).textContent).toMatch(/got 31/)
    await user.clear(screen.getByLabelText('Settings (JSON)'))
    await user.type(screen.getByLabelText('Settings (JSON)'), 'size: 8')
    await user.click(screen.getByRole('button', { name: 'Add stage' }))
    expect(await screen.findByText(/settings must be JSON/)).toBeTruthy()
    expect(calls.some((c) => c.channel === 'stages:create')).toBe(false)
  })
})

describe('connect view', () => {
  it('shows the sign-in status and which secrets are stored, never their values; shows main’s field errors', async () => {
    answer('profiles:list', () => [
      {
        id: 'demo',
        name: 'Demo venue',
        clientId: 'demo-x',
        method: 'client-credentials',
        scopes: ['organizer:view'],
        demo: true,
        active: true,
        stored: { apiKey: true, clientSecret: true, refreshToken: false },
      },
    ])
    answer('auth:status', () => ({
      profileId: 'demo',
      method: 'client-credentials',
      signedIn: true,
      expiresAt: Date.now() + 3_600_000,
      scopes: ['organizer:view'],
    }))
    answer('profiles:save', () => {
      throw Object.assign(new Error('apiKey is required for a new connection'), {
        code: 'validation',
        fields: { apiKey: 'apiKey is required for a new connection' },
      })
    })
    render(ConnectView)
    const user = userEvent.setup()
    expect((await screen.findByTestId('auth-status')).textContent).toMatch(/Signed in until .* scopes: organizer:view/)
    expect(screen.getByText(/API key stored · secret stored/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add a connection' }))
    await user.type(screen.getByLabelText('Name'), 'Venue')
    await user.type(screen.getByLabelText('Client id'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Save connection' }))
    expect((await screen.findByText('apiKey is required for a new connection')).getAttribute('role')).toBe('alert')
  })

  it('says that the stored secrets stay behind when an edit points the connection elsewhere', async () => {
    answer('profiles:list', () => [venueProfile(false)])
    signedOut('demo', 'client-credentials')
    render(ConnectView)
    const user = userEvent.setup()
    expect(await screen.findByRole('button', { name: 'Delete Venue' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Use Venue' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Edit Venue' }))
    expect(screen.getByLabelText('API key (leave empty to keep the stored one)')).toBeTruthy()
    expect(screen.queryByTestId('secrets-rebound')).toBeNull()
    await user.type(screen.getByLabelText('Client id'), '2')
    expect(screen.getByTestId('secrets-rebound').textContent?.replace(/\s+/g, ' ')).toMatch(
      /not sent to the new ones.*API key and client secret again/s,
    )
    expect(screen.getByLabelText('API key')).toBeTruthy()
    expect(screen.getByLabelText('Client secret')).toBeTruthy()
  })
})

describe('connect view: another deployment', () => {
  it('fills the five base URLs from one address, each still editable, and names a bad address', async () => {
    answer('profiles:list', () => [])
    signedOut('demo', 'client-credentials')
    render(ConnectView)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a connection' }))
    expect(screen.getByText(/developer area/)).toBeTruthy()
    await user.click(screen.getByLabelText(/Another deployment/))
    await user.type(screen.getByLabelText('Service address'), 'ftp://venue')
    await user.click(screen.getByRole('button', { name: 'Fill the five addresses' }))
    expect(screen.getByText(/address must be an https:\/\/ address/)).toBeTruthy()
    await user.clear(screen.getByLabelText('Service address'))
    await user.type(screen.getByLabelText('Service address'), 'https://api.venue.example{Enter}')
    expect(screen.getByLabelText<HTMLInputElement>('organizer URL').value).toBe(
      'https://api.venue.example/organizer/v2',
    )
    expect(screen.getByLabelText<HTMLInputElement>('account URL').value).toBe('https://account.venue.example')
    await user.clear(screen.getByLabelText('v1 URL'))
    await user.type(screen.getByLabelText('v1 URL'), 'https://legacy.venue.example/v1')
    expect(screen.getByLabelText<HTMLInputElement>('v1 URL').value).toBe('https://legacy.venue.example/v1')
  })
})

describe('connect view: test connection', () => {
  it('reports each step and marks the field holding the wrong value', async () => {
    answer('profiles:list', () => [])
    signedOut('demo', 'client-credentials')
    answer('profiles:test', () => ({
      ok: false,
      steps: [
        { step: 'service', ok: true, message: 'The service answered and took the API key.' },
        { step: 'token', ok: false, message: 'The service refused the client id or the client secret.' },
      ],
      fields: { clientSecret: 'The service refused the client id or the client secret.' },
    }))
    render(ConnectView)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a connection' }))
    await user.type(screen.getByLabelText('Name'), 'Venue')
    await user.type(screen.getByLabelText('Client id'), 'abc')
    await user.type(screen.getByLabelText('API key'), 'an-api-key-123')
    await user.type(screen.getByLabelText('Client secret'), 'a-secret-1234')
    await user.click(screen.getByRole('button', { name: 'Test connection' }))
    const steps = within(await screen.findByTestId('connection-test')).getAllByRole('listitem')
    expect(steps.map((li) => li.textContent?.trim().replace(/\s+/g, ' '))).toEqual([
      '✓ The service answered and took the API key.',
      '✕ The service refused the client id or the client secret.',
    ])
    expect(screen.getByRole('alert').textContent).toBe('The service refused the client id or the client secret.')
    expect(calls.filter((c) => c.channel === 'profiles:test')).toHaveLength(1)
    // A result belongs to the values it tested: changed, the form shows none until it is tested again.
    await user.type(screen.getByLabelText('Client secret'), '5')
    expect(screen.queryByTestId('connection-test')).toBeNull()
    await user.type(screen.getByLabelText('Client secret'), '{Backspace}')
    expect(screen.queryByTestId('connection-test')).not.toBeNull()
  })
})

describe('connect view: browser sign-in', () => {
  it('shows the page address to copy, a countdown and Cancel while it waits', async () => {
    answer('profiles:list', () => [])
    signedOut('v', 'browser')
    let finish: (value: unknown) => void = () => undefined
    answer('auth:sign-in', () => new Promise((resolve) => (finish = resolve)))
    answer('auth:cancel-sign-in', () => {
      finish(Promise.reject(Object.assign(new Error('Sign-in was cancelled.'), { code: 'cancelled' })))
      return { profileId: 'v', method: 'browser', signedIn: false, expiresAt: null, scopes: [] }
    })
    render(ConnectView)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Sign in with browser' }))
    emit('auth:browser-sign-in', {
      profileId: 'v',
      url: 'https://account.example/oauth2/authorize?x=1',
      expiresAt: Date.now() + 300_000,
    })
    const panel = await screen.findByTestId('browser-sign-in')
    expect(within(panel).getByLabelText<HTMLInputElement>('Sign-in address').value).toBe(
      'https://account.example/oauth2/authorize?x=1',
    )
    expect(panel.textContent).toMatch(/\((5:00|4:59) left\)/)
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }))
    await expect.poll(() => screen.queryByTestId('browser-sign-in')).toBeNull()
    expect(calls.some((c) => c.channel === 'auth:cancel-sign-in')).toBe(true)
  })
})

describe('connect view: a connection that fails', () => {
  it('marks the connection with why, and opens its form with the wrong value marked', async () => {
    answer('profiles:list', () => [venueProfile(true)])
    signedOut('v1', 'client-credentials')
    answer('auth:sign-in', () => {
      throw Object.assign(new Error('The service refused the API key. Check it in the connection’s settings.'), {
        code: 'validation',
        fields: { apiKey: 'The service refused the API key.' },
      })
    })
    render(ConnectView)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))
    expect((await screen.findByTestId('connection-failed')).textContent).toMatch(/⚠ The service refused the API key/)
    expect(screen.getByRole('alert').textContent).toBe('The service refused the API key.')
    emit('auth:session-ended', { profileId: 'v1', reason: 'the refresh token was revoked' })
    await expect.poll(() => screen.getByTestId('connection-failed').textContent).toMatch(/revoked/)
  })
})

describe('tournaments view', () => {
  it('filters by a country named in words or by its code, keeps what was typed, and says when none matches', async () => {
    answer('disciplines:list', () => [])
    answer('tournaments:list', () => ({ items: [], refreshedAt: Date.now() }))
    render(TournamentsView)
    const user = userEvent.setup()
    const field = await screen.findByPlaceholderText('France or FR')
    await user.type(field, 'Germany')
    expect((field as HTMLInputElement).value).toBe('Germany')
    await expect
      .poll(() => calls.filter((c) => c.channel === 'tournaments:list').at(-1)?.input)
      .toEqual({ filters: { countries: ['DE'] } })
    await user.clear(field)
    await user.type(field, 'Narnia')
    expect((await screen.findByRole('alert')).textContent).toMatch(/no country is called “Narnia”/)
    await expect
      .poll(() => calls.filter((c) => c.channel === 'tournaments:list').at(-1)?.input)
      .toEqual({ filters: {} })
  })

  it('an empty New tournament names the fields in words and takes the person to the first one', async () => {
    answer('disciplines:list', () => [
      { id: 'chess', name: 'Chess', shortname: 'Chess', fullname: 'Chess', copyrights: '' },
    ])
    answer('tournaments:list', () => ({ items: [], refreshedAt: Date.now() }))
    render(TournamentsView)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'New tournament' }))
    await user.click(screen.getByRole('button', { name: 'Create tournament' }))
    expect(document.getElementById('tournament-discipline-error')?.textContent).toBe(
      'discipline: choose the game the tournament is played in',
    )
    expect(document.body.textContent).not.toMatch(/id must be a string/)
    expect(document.activeElement?.closest('.field')?.classList.contains('invalid')).toBe(true)
    expect(calls.filter((c) => c.channel === 'tournaments:create')).toEqual([])
  })

  it('says the connection is the problem, not the filters, when the list cannot be read', async () => {
    answer('disciplines:list', () => [])
    answer('tournaments:list', () => {
      throw Object.assign(new Error('Not signed in: sign in from Connect.'), { code: 'unauthorized' })
    })
    render(TournamentsView)
    expect((await screen.findByRole('alert')).textContent).toBe('Not signed in: sign in from Connect.')
    expect(screen.queryByText('No tournament matches these filters.')).toBeNull()
    expect(screen.getByText(/Nothing to show until the connection answers/)).toBeTruthy()
  })

  it('filters through main and opens a tournament for the other views', async () => {
    answer('disciplines:list', () => [
      { id: 'chess', name: 'Chess', shortname: 'C', fullname: 'Chess', copyrights: '' },
    ])
    answer('tournaments:list', () => ({
      items: [
        {
          id: 't9',
          discipline: 'chess',
          name: 'Blitz Night',
          full_name: null,
          status: 'running',
          scheduled_date_start: '2026-12-01',
          scheduled_date_end: null,
          timezone: 'UTC',
          public: true,
          size: 8,
          online: true,
          location: null,
          country: null,
          platforms: [],
          logo: null,
          registration_enabled: false,
          registration_opening_datetime: null,
          registration_closing_datetime: null,
        },
      ],
      refreshedAt: Date.now(),
    }))
    render(TournamentsView)
    const user = userEvent.setup()
    const row = (await screen.findByText('Blitz Night')).closest('tr')!
    expect(within(row).getByText('Chess')).toBeTruthy()
    await user.click(screen.getByLabelText('running'))
    await expect
      .poll(() => calls.filter((c) => c.channel === 'tournaments:list').at(-1)?.input)
      .toEqual({ filters: { statuses: ['running'] } })
    // Each row's button says which tournament it opens (a screen reader heard "Open" on every row).
    await user.click(within(row).getByRole('button', { name: 'Open Blitz Night' }))
    expect(selection.tournament).toMatchObject({ id: 't9', name: 'Blitz Night' })
  })
})
