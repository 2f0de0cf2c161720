// Observer PCs for benchmarks (see forked.ts): each posts its game's state to its stream's address at a steady pace,
// a real CS2 body with the rounds moving, for as long as told; answers how many posts each made and how each ended.
import { Agent, request } from 'node:http'
import { serveJobs } from './forked'

export interface GameObserversJob {
  /** Each observer's address (the config file's uri) and token, and its teams' names. */
  observers: { uri: string; token: string; names: [string, string] }[]
  /** A real body the posts are made from (its rounds changed each post). */
  body: { map: { team_ct: object; team_t: object } }
  perSecond: number
  seconds: number
  /** Every how many posts a round ends (the rounds move); the posts between say the same again. */
  roundEvery: number
}

export interface GameObserversRun {
  posts: number
  statuses: Record<string, number>
}

serveJobs<GameObserversJob, GameObserversRun>(async ({ observers, body, perSecond, seconds, roundEvery }) => {
  const agent = new Agent({ keepAlive: true, maxSockets: observers.length })
  const statuses: Record<string, number> = {}
  let posts = 0
  const post = (uri: string, payload: string) =>
    new Promise<void>((resolve) => {
      const call = request(
        uri,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (answer) => {
          answer.resume()
          answer.on('end', () => {
            statuses[answer.statusCode ?? 0] = (statuses[answer.statusCode ?? 0] ?? 0) + 1
            resolve()
          })
        },
      )
      call.on('error', () => {
        statuses['error'] = (statuses['error'] ?? 0) + 1
        resolve()
      })
      call.end(payload)
    })
  const end = Date.now() + seconds * 1000
  await Promise.all(
    observers.map(async ({ uri, token, names }, o) => {
      // Each observer starts at its own moment in the second, as PCs do.
      await new Promise((resolve) => setTimeout(resolve, (o * 1000) / perSecond / observers.length))
      for (let posted = 0; Date.now() < end; posted++) {
        const started = Date.now()
        const i = Math.floor(posted / roundEvery)
        const payload = JSON.stringify({
          ...body,
          map: {
            ...body.map,
            team_ct: { ...body.map.team_ct, name: names[0], score: i % 13 },
            team_t: { ...body.map.team_t, name: names[1], score: Math.floor(i / 13) % 13 },
          },
          auth: { token },
        })
        await post(uri, payload)
        posts++
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / perSecond - (Date.now() - started))))
      }
    }),
  )
  agent.destroy()
  return { posts, statuses }
})
