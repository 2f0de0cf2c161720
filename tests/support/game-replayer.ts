import { readFileSync } from 'node:fs'
// Sends a recorded game's posts to the hub as the game sent them: each body in order, one after the other, at the
// game's own pace (the gap between two bodies' provider.timestamp, times `pace`; 0: as fast as the game may post,
// its config's throttle of 0.1 s apart). Answers each post's status.
export interface ReplayOptions {
  /** The address the game's config file names (the hub's game route with its token). */
  uri: string
  /** 1: the game's own pace; 0: as fast as the game may (its throttle). */
  pace?: number
}

/** The config file's throttle: the game never posts sooner after its last post. */
const THROTTLE_MS = 100

const timestampOf = (body: unknown) => (body as { provider?: { timestamp?: number } }).provider?.timestamp

export async function replayGame(bodies: readonly unknown[], token: string, options: ReplayOptions): Promise<number[]> {
  const statuses: number[] = []
  let last: number | undefined
  let posted = -Infinity
  for (const body of bodies) {
    const at = timestampOf(body)
    const paced =
      options.pace && last !== undefined && at !== undefined && at > last ? (at - last) * 1000 * options.pace : 0
    const wait = Math.max(paced, posted + THROTTLE_MS - performance.now())
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    last = at ?? last
    posted = performance.now()
    // The game puts its config's auth block in every body.
    const answer = await fetch(options.uri, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Valve/Steam HTTP Client 1.0 (730)' },
      body: JSON.stringify({ ...(body as object), auth: { token } }),
    })
    await answer.arrayBuffer()
    statuses.push(answer.status)
  }
  return statuses
}

/** The config file's address and token, as the game reads them from it. */
export function configAddress(text: string): { uri: string; token: string } {
  const uri = /"uri"\s+"([^"]+)"/.exec(text)?.[1] ?? ''
  const token = /"token"\s+"([^"]+)"/.exec(text)?.[1] ?? ''
  return { uri, token }
}

type Cs2Body = { map: { team_ct: { name: string }; team_t: { name: string } } }

/** A recorded CS2 body (tests/fixtures/real/cs2, as the game posted it). */
export const recordedCs2 = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/real/cs2/${name}`, import.meta.url), 'utf8'))

/**
 * The recorded overtime map of trevorc/truescrub (18 posts from round 20 to its end, 19–17), its two teams named as
 * the on-air duel's players: the first name the map's winner, the second the other team.
 */
export function recordedCs2Match([winner, other]: readonly string[]): unknown[] {
  const named = (name: string) => (name === 'Three Guys One Glock' ? winner! : other!)
  return (recordedCs2('truescrub_real_game_states_sequence.json') as Cs2Body[]).map((body) => ({
    ...body,
    map: {
      ...body.map,
      team_ct: { ...body.map.team_ct, name: named(body.map.team_ct.name) },
      team_t: { ...body.map.team_t, name: named(body.map.team_t.name) },
    },
  }))
}
