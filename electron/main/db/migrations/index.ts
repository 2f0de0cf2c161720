// The schema's steps in order, one numbered file each: never edit a shipped one, add the next.
import { migration as cacheAndOutbox } from './0001-cache-and-outbox'
import { migration as scopedRequestIds } from './0002-scoped-request-ids'
import { migration as producerDesk } from './0003-producer-desk'
import { migration as checkinPlaces } from './0004-checkin-places'
import { migration as castersAndLooks } from './0005-casters-and-looks'
import { migration as venueFloor } from './0006-venue-floor'
import { migration as deskChoice } from './0007-desk-choice'
import { migration as liveLayer } from './0008-live-layer'
import { migration as scoreSourceAndPicks } from './0009-score-source-and-picks'
import { migration as onAirLog } from './0010-on-air-log'
import { migration as technicalDifficulties } from './0011-technical-difficulties'
import { migration as showSequences } from './0012-show-sequences'
import { migration as sponsors } from './0013-sponsors'
import { migration as venueDoc } from './0014-venue-doc'
import { migration as signedVenue } from './0015-signed-venue'
import { migration as pickImages } from './0016-pick-images'
import { migration as playerReports } from './0017-player-reports'

/** Entry n moves the schema from version n to n + 1 (user_version). */
export const MIGRATIONS: readonly string[] = [
  cacheAndOutbox,
  scopedRequestIds,
  producerDesk,
  checkinPlaces,
  castersAndLooks,
  venueFloor,
  deskChoice,
  liveLayer,
  scoreSourceAndPicks,
  onAirLog,
  technicalDifficulties,
  showSequences,
  sponsors,
  venueDoc,
  signedVenue,
  pickImages,
  playerReports,
]
