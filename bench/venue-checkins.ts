// Check-ins at a door desk of a shared venue (two desks in this process, over real HTTP and WebSocket; the door desk
// joined the host as door lead, on the Demo venue's tournament with the most people still to check in): each person's
// scan, the venue record's entries it makes (the scan, the write and the audit line) and its outbox row are one
// commit, behind the WAL's group flush. Measured: the decision's latency at the desk (asked through IPC, answered once
// on disk), and how many commits of the record each check-in made (its rows in `venue_doc_updates`: one per commit;
// four separate synced commits before). Goal: one.
import { dispatchValue } from '../tests/support/dispatch-value'
import { twoDesks } from '../tests/support/two-desks'
import type { Participant } from '../shared/api'
import { measure, report, round } from './support/stats'

const desks = await twoDesks('bench-venue-checkins')
try {
  const { host, member } = desks
  // The tournament with the most people still to check in.
  const { store } = host.connections.sandbox
  const waiting = (id: string) =>
    [...store.participants.values()].filter((p) => p.tournament_id === id && !p.checked_in)
  const tournamentId = [...store.tournaments.keys()].sort((a, b) => waiting(b).length - waiting(a).length)[0]!
  const onMember = dispatchValue(() => member)
  await onMember('tournaments:list', { filters: {} })
  const people = (
    await onMember<{ items: Participant[] }>('participants:list', { tournamentId, filters: {} })
  ).items.filter((p) => !p.checked_in)
  await desks.join('Door desk', 'door')
  const session = member.connections.active.offline
  const rows = () => (session.db.prepare('SELECT count(*) AS n FROM venue_doc_updates').get() as { n: number }).n
  const before = rows()
  let next = 0
  // Everyone still waiting checked in at the door desk, one after another.
  const latency = await measure(people.length, () =>
    onMember('checkin:decide', { tournamentId, participantId: people[next++]!.id, checkedIn: true }),
  )
  const commits = (rows() - before) / latency.count
  report({
    check_ins: latency.count,
    decide: latency,
    record_commits_per_check_in: round(commits, 2),
    goal_record_commits_per_check_in: 1,
    met: commits <= 1.05,
  })
} finally {
  await desks.close()
}
