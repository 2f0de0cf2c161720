// Handlers of checkin:*: a toggle applied at once and sent when the service answers; a scan or a choice decided by the
// one check-in decision the doors use too (the desk is the place "desk"); everyone with when and where.
import type { CheckinOutcome } from '../../../shared/checkin/outcome'
import type { CheckinDecision } from '../services/checkin-decision'
import type { ActiveWork } from '../services/connections'
import type { HandlersOf } from './dispatch'

const DESK = 'desk'

export function checkinHandlers(active: ActiveWork, decision: CheckinDecision): HandlersOf<'checkin'> {
  /** The outcome, and the participant as the local copy now has them, for the desk's list. */
  const withUpdated = (outcome: CheckinOutcome) => ({
    ...outcome,
    updated: outcome.participant ? (active.session().cache.get('participants', outcome.participant.id) ?? null) : null,
  })
  return {
    'checkin:set': ({ participantId, checkedIn, requestId }) => decision.toggle(participantId, checkedIn, requestId),
    'checkin:scan': ({ tournamentId, code }) => withUpdated(decision.scan(tournamentId, code, DESK)),
    'checkin:decide': ({ tournamentId, participantId, checkedIn }) =>
      withUpdated(decision.set(tournamentId, participantId, checkedIn, DESK)),
    'checkin:people': ({ tournamentId }) => decision.people(tournamentId),
  }
}
