// The client under load and faults: exact request counts, Retry-After and backoff, no blind POST retries, timeouts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { connectTo } from '../../../tests/support/connect'
import { fakeClock } from '../../../tests/support/fake-clock'

let large: Sandbox
beforeAll(async () => {
  large = await startSandbox({ size: 'large', seed: 1 })
})
afterAll(() => large.close())

describe('paging against the large venue', () => {
  it('lists 5,000 participants with exactly ⌈N/50⌉ requests and 4,094 nodes with ⌈N/128⌉', async () => {
    const { api } = await connectTo(large)
    const mega = [...large.store.tournaments.values()].find((t) => t.name === 'Mega Open')!
    large.stats.reset()
    const progress: number[] = []
    const participants = await api.participants
      .list({ tournament_ids: [mega.id] })
      .all({ onProgress: (done) => progress.push(done) })
    const expectedParticipants = [...large.store.participants.values()].filter(
      (p) => p.tournament_id === mega.id,
    ).length
    expect(participants).toHaveLength(expectedParticipants)
    expect(new Set(participants.map((p) => p.id)).size).toBe(expectedParticipants)
    expect(large.stats.count('GET', '/organizer/v2/participants')).toBe(Math.ceil(expectedParticipants / 50))
    expect(progress.at(-1)).toBe(expectedParticipants)
    const nodes = await api.bracketNodes.list({ tournament_ids: [mega.id] }).all()
    expect(nodes).toHaveLength(4094)
    expect(large.stats.count('GET', '/organizer/v2/bracket-nodes')).toBe(Math.ceil(4094 / 128))
  })
})

describe('retries', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 2 })
  })
  afterAll(() => sandbox.close())
  afterEach(() => sandbox.faults.update({ failureRate: 0, dropRate: 0, latencyMs: 0, offline: false }))

  it('waits what Retry-After says on 429 and 503, then succeeds', async () => {
    const clock = fakeClock()
    const { api } = await connectTo(sandbox, { clock })
    await api.disciplines.list().all() // the token is fetched before faults begin
    await sandbox.faults.update({ failureRate: 1, failureStatus: 429, retryAfterSeconds: 3 })
    clock.onSleep = () => {
      if (clock.sleeps.length === 2) void sandbox.faults.update({ failureRate: 0 })
    }
    sandbox.stats.reset()
    expect((await api.disciplines.get('chess')).id).toBe('chess')
    expect(clock.sleeps).toEqual([3000, 3000])
    expect(sandbox.stats.count('GET', '/organizer/v2/disciplines/:id')).toBe(3)
  })

  it('backs off with full jitter when no Retry-After is given, and gives up after the last attempt', async () => {
    const clock = fakeClock(Date.now(), () => 0.5)
    const { api } = await connectTo(sandbox, {
      clock,
      client: { backoff: { attempts: 4, baseMs: 100, capMs: 10_000 } },
    })
    await api.disciplines.list().all()
    await sandbox.faults.update({ dropRate: 1 })
    await expect(api.disciplines.get('chess')).rejects.toMatchObject({ code: 'offline' })
    expect(clock.sleeps).toEqual([50, 100, 200])
  })

  it('never retries a POST: the outbox decides', async () => {
    const clock = fakeClock()
    const { api } = await connectTo(sandbox, { clock })
    const tournament = [...sandbox.store.tournaments.keys()][0]!
    await api.tournaments.list().all() // signs in before the faults begin
    await sandbox.faults.update({ failureRate: 1, failureStatus: 503 })
    sandbox.stats.reset()
    await expect(
      api.streams.create({ tournament_id: tournament, name: 'Once', url: 'https://twitch.tv/once', language: 'en' }),
    ).rejects.toMatchObject({ code: 'server', status: 503 })
    expect(sandbox.stats.count('POST', '/organizer/v2/streams')).toBe(1)
    expect(clock.sleeps).toEqual([])
  })

  it('stops at the overall deadline', async () => {
    const clock = fakeClock()
    const { api } = await connectTo(sandbox, { clock, client: { deadlineMs: 5000 } })
    await api.disciplines.list().all()
    await sandbox.faults.update({ failureRate: 1, retryAfterSeconds: 4 })
    await expect(api.disciplines.get('chess')).rejects.toMatchObject({ code: 'server', status: 503 })
    expect(clock.sleeps).toEqual([4000])
  })

  it('times out a slow attempt, and says offline when the service is down', async () => {
    const { api } = await connectTo(sandbox, {
      client: { attemptTimeoutMs: 100, backoff: { attempts: 1, baseMs: 1, capMs: 1 } },
    })
    await api.disciplines.list().all()
    await sandbox.faults.update({ latencyMs: 400 })
    await expect(api.disciplines.get('chess')).rejects.toMatchObject({ code: 'timeout' })
    await sandbox.faults.update({ latencyMs: 0, offline: true })
    await expect(api.disciplines.get('chess')).rejects.toMatchObject({ code: 'offline' })
  })
})

describe('tokens', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 3 })
  })
  afterAll(() => sandbox.close())

  const tokenRequests = () => sandbox.stats.count('POST', '/oauth/v2/token')

  it('20 concurrent calls meeting an expired token cause exactly one token request', async () => {
    const { api } = await connectTo(sandbox)
    await api.tournaments.list().all()
    sandbox.stats.reset()
    sandbox.oauth.expireAll()
    const results = await Promise.all(Array.from({ length: 20 }, () => api.tournaments.list().all()))
    expect(results.every((list) => list.length === sandbox.store.tournaments.size)).toBe(true)
    expect(tokenRequests()).toBe(1)
  })

  it('renews a token that is about to expire before sending, once for all callers', async () => {
    const clock = fakeClock(Date.now())
    const { api } = await connectTo(sandbox, { clock })
    await api.tournaments.list().all()
    sandbox.stats.reset()
    clock.advance(3600 * 1000)
    await Promise.all(Array.from({ length: 20 }, () => api.tournaments.list().all()))
    expect(tokenRequests()).toBe(1)
  })

  it('a second 401 after the refresh ends the session with an event', async () => {
    const ended: string[] = []
    const { tokenEndpoint } = await import('../auth/token-endpoint')
    const real = tokenEndpoint(sandbox.auth)
    // Every token the service hands out is already dead: the refreshed one is refused too.
    const endpoint = async (form: Record<string, string>) => {
      const answer = await real(form)
      sandbox.oauth.expireAll()
      return answer
    }
    const { api, tokens } = await connectTo(sandbox, { endpoint, onSessionEnded: (reason) => ended.push(reason) })
    await expect(api.tournaments.list().all()).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringMatching(/session has ended/),
    })
    expect(ended).toHaveLength(1)
    expect(tokens.status().signedIn).toBe(false)
  })
})
