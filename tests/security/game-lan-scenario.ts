// One machine of `game-lan.test.ts`, in its own network namespace on a bridge: the "desk" opens its hub to the venue
// network, follows CS2 on its B stream and writes the config file; the "observer" PC reads it and posts a recorded
// match to the address it names, as the game would, writing the answers; the desk then writes what went on air. They
// meet through files in a shared folder.
import { readFileSync, writeFileSync } from 'node:fs'
import { meetingFiles } from './meeting-files'
import type { Feed } from '../../shared/broadcast/feed'
import type { HubStatus } from '../../shared/ipc/hub'
import { configAddress, recordedCs2Match, replayGame } from '../support/game-replayer'
import { linkedDuels } from '../support/linked-duels'

const [role, folder] = process.argv.slice(2) as ['desk' | 'observer', string]
const { at, until } = meetingFiles(folder, role)

if (role === 'desk') {
  const { startLanDesk } = await import('./lan-desk')
  const { services, value } = await startLanDesk()
  const on = await value<HubStatus>('hub:configure', { lan: true })
  const { streamId, duels } = await linkedDuels(value, 1)
  await value('broadcast:take', { streamId, matchId: duels[0]!.id })
  const { text } = await value<{ text: string }>('game:connect', { streamId, game: 'cs2' })
  writeFileSync(at('config.json'), JSON.stringify({ text, names: duels[0]!.names, lan: on.lanUrls[0]!.url }))
  await until('posted.json', 60_000)
  const feed = await value<Feed>('broadcast:feed', { streamId })
  writeFileSync(at('on-air.json'), JSON.stringify(feed.onAir!.games![0]))
  await services.close()
} else {
  await until('config.json', 60_000)
  const { text, names } = JSON.parse(readFileSync(at('config.json'), 'utf8')) as { text: string; names: string[] }
  const { uri, token } = configAddress(text)
  const statuses = await replayGame(recordedCs2Match(names), token, { uri })
  // A post with another source's token is refused from the LAN as it is on this machine.
  const refused = await replayGame(recordedCs2Match(names).slice(0, 1), 'x'.repeat(32), {
    uri: uri.replace(/token=[^&]+/, `token=${'x'.repeat(32)}`),
  })
  writeFileSync(at('posted.json'), JSON.stringify({ uri, statuses, refused }))
}
process.exit(0)
