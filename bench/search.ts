// Check-in search over 10,000 participants: the time of each keystroke's filtering (index built once per list).
import type { Participant } from '../shared/api'
import { indexParticipants, search } from '../renderer/src/lib/checkin-search'
import { percentile, report, round } from './support/stats'
import { Rng } from '../sandbox/store/rng'
import { NameMaker } from '../sandbox/seed/names'

const COUNT = 10_000
const rng = new Rng(5)
const names = new NameMaker(rng)
const participants = Array.from({ length: COUNT }, (_, i) => {
  const name = names.player()
  return {
    id: String(i),
    name,
    custom_user_identifier: `MD-${100000 + i}`,
    email: `${name.toLowerCase()}@example.org`,
    checked_in: rng.chance(0.4),
  } as unknown as Participant
})
const indexStarted = performance.now()
const index = indexParticipants(participants)
const indexMs = performance.now() - indexStarted

// What people type at the door: names, badge numbers, emails, one character at a time.
const typed = ['novafox', 'md-1042', 'ember', 'zephyrvolt 3', 'example.org', 'qu', 'x']
const samples: number[] = []
for (let round = 0; round < 20; round++) {
  for (const word of typed) {
    for (let length = 1; length <= word.length; length++) {
      const t = performance.now()
      search(index, word.slice(0, length), round % 3 === 0 ? 'out' : 'all')
      samples.push(performance.now() - t)
    }
  }
}
samples.sort((a, b) => a - b)
report({
  benchmark: 'search',
  participants: COUNT,
  keystrokes: samples.length,
  index_ms: round(indexMs),
  p50_ms: round(percentile(samples, 50)),
  p95_ms: round(percentile(samples, 95)),
  max_ms: round(samples.at(-1)!),
})
