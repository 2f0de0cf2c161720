// Players' phones for benchmarks (see forked.ts), in a process of their own as phones on the players' Wi-Fi are: each
// phone follows its player's page over the players' origin, from its own address (127.0.0.x: the hub counts live pages
// per address), and notes when each call reached it (the call's desk time, and this machine's time when it came).
import { request } from 'node:http'
import { serveJobs } from './forked'

export interface PlayerPhonesJob {
  /** The players' origin, the tournament, and each phone's player. */
  origin: string
  tournamentId: string
  players: string[]
  /** Phones per source address (the hub allows a few live pages per address). */
  perAddress: number
}

export interface PlayerPhonesOpen {
  open: number
}

/** Each call a phone saw: its player, the call's `calledAt`, and when it arrived (ms since the epoch, this machine). */
export type PhoneCalls = [player: string, calledAt: number, at: number][]

const seen: PhoneCalls = []
const open: (() => void)[] = []

serveJobs<PlayerPhonesJob | { collect: true }, PlayerPhonesOpen | PhoneCalls>(async (job) => {
  if ('collect' in job) {
    open.forEach((close) => close())
    return seen
  }
  const { origin, tournamentId, players, perAddress } = job
  await Promise.all(
    players.map(
      (player, i) =>
        new Promise<void>((resolve, reject) => {
          const address = Math.floor(i / perAddress)
          const localAddress = `127.0.${Math.floor(address / 250)}.${(address % 250) + 2}`
          const req = request(
            new URL(`/play/v1/${tournamentId}/players/${player}/events`, origin),
            { agent: false, localAddress },
            (response) => {
              if (response.statusCode !== 200) return reject(new Error(`phone ${i}: ${response.statusCode}`))
              response.setEncoding('utf8')
              let buffer = ''
              let first = true
              response.on('data', (chunk: string) => {
                buffer += chunk
                for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
                  const block = buffer.slice(0, end)
                  buffer = buffer.slice(end + 2)
                  if (!block.startsWith('event: player')) continue
                  if (first) {
                    first = false
                    resolve()
                  }
                  const data = /^data: (.*)$/m.exec(block)?.[1]
                  const calledAt = /"calledAt":(\d+)/.exec(data ?? '')?.[1]
                  if (calledAt) seen.push([player, Number(calledAt), performance.timeOrigin + performance.now()])
                }
              })
            },
          )
          req.on('error', reject)
          req.end()
          open.push(() => req.destroy())
        }),
    ),
  )
  return { open: players.length }
})
