// What a message catalogue of the overlays' fixed words holds: one per locale, each complete (checked by a test).
// "{name}" marks a value put in; a plural message has a form per plural category of its language (Intl.PluralRules).
import type { TieBreaker } from '../stage-board'

/** A message that changes with a count: `other` always, and each category the language's plural rules name. */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

/** The parts of a match's label, in one form for people and one for tight places. */
export interface RoundWords {
  /** {round} {match}: "Winners round 3 · match 2". */
  winners: string
  losers: string
  /** {group} {round} {match}. */
  group: string
  plain: string
  final: string
  grandFinal: string
  grandFinalReset: string
}

export interface Catalogue {
  /** The direction the language is written in: an overlay in Arabic is mirrored. */
  direction: 'ltr' | 'rtl'
  round: RoundWords
  /** A round without its match ("Winners round 10", "Grand final · reset"): the top 8's column headings. */
  roundOnly: RoundWords
  /** "WB R3 M2": where a label must be short (what an empty slot waits for). */
  short: RoundWords
  slot: {
    /** {match}: "Winner of WB R2 M3". */
    winnerOf: string
    loserOf: string
    toBeDecided: string
  }
  upNext: {
    title: string
    /** The match Take next would take. */
    nextUp: string
    toBeDecided: string
    /** {when}: the platform's relative time ("in 12 minutes"). */
    onStream: string
  }
  /** Between two names: "vs". */
  versus: string
  scoreboard: {
    /** Said of a match that has its result. */
    final: string
    /** {n}: one game of a series ("Game 2"), on the break screen and OBS's games line. */
    game: string
  }
  series: {
    /** {n}: "Bo3". */
    short: string
    /** {n}: "Best of 3", for screen readers and the break screen. */
    long: PluralMessage
  }
  path: {
    title: string
    winner: string
    loser: string
    /** Where a final's winner goes: nowhere, they win. */
    winsBracket: string
  }
  break: {
    title: string
    nextMatch: string
    /** The next match is due (or its time is not known). */
    next: string
    lastResult: string
  }
  casters: {
    /** {count} casters: the lower third's heading. */
    title: PluralMessage
  }
  /** The technical-difficulties card, while the producer's key is down. */
  difficulties: { title: string; body: string }
  /** The sponsors' heading, over the sponsor overlay and the break screen's sponsor. */
  /**
   * A veto's steps: {team} and {item} ("Ghent Vipers bans Nuke"); the decider is the item left. `draft`: the title
   * when the steps are a game's own draft of heroes (Dota 2's picks and bans).
   */
  veto: { title: string; draft: string; ban: string; pick: string; decider: string }
  sponsors: { title: string }
  /** The stage boards: the top 8's heading, the standings' heading and its columns (short, and in full for readers). */
  board: {
    top8: string
    standings: string
    wins: string
    losses: string
    draws: string
    winsLong: string
    lossesLong: string
    drawsLong: string
    /** {n}: how many more take part than the rows shown. */
    more: string
    /** A standings column per tie-breaker: its heading, and what it stands for. */
    tieBreakers: Record<TieBreaker, { short: string; long: string }>
  }
  /** What players read of the venue floor: on the doors, the board and the webhook. */
  floor: {
    /** {match} (names joined by `versus`) and {station}: "Called: A vs B → Station 7". */
    called: string
    /** After a call made again (the webhook). */
    calledAgain: string
    /** {minutes}: how long players have to report (the webhook). */
    reportWithin: PluralMessage
    /** The board's lists (the third is `upNext.title`). */
    calledTitle: string
    playingTitle: string
    noneCalled: string
    nothingReady: string
    nothingPlaying: string
    /** {n}: free stations, where nothing plays. */
    stationsFree: PluralMessage
    /** A call past its DQ deadline. */
    late: string
  }
  /** The door page, as door staff read it. */
  door: {
    title: string
    /** {n} {total}: how many are checked in. */
    tally: string
    live: string
    connecting: string
    noDesk: string
    stopped: string
    notPaired: string
    /** {desk}: the venue's other desk this device moves to, its own having gone. */
    moving: string
    /** The desk cannot be reached. */
    lost: string
    /** The device is not paired (or was removed). */
    unpaired: string
    calls: string
    /** {n}: check-ins made here not yet at the service. */
    waiting: PluralMessage
    scan: string
    scanLabel: string
    checkIn: string
    whichOne: string
    search: string
    name: string
    /** {n}: people shown by the search. */
    shown: string
    /** {n}: only the first shown. */
    first: string
    checkedIn: string
    notCheckedIn: string
    waitingTitle: string
    /** {name}: the question before checking someone out. */
    checkOut: string
  }
  /** What door staff read of a scan or a tap. */
  checkin: {
    /** {name} */
    checkedIn: string
    checkedOut: string
    already: string
    notCheckedIn: string
    /** {time}: when someone was checked in ("at 10:02"). */
    at: string
    /** {code} */
    unknownCode: string
    /** {code} {n}: a code that names several people (n ≥ 2). */
    choose: string
    unknownParticipant: string
    /** A door paired at a desk whose role may not check people in: the scan is refused, and what to do. */
    notAllowed: string
  }
  /** What a player reads on their own phone (the players' page). */
  player: {
    title: string
    find: string
    searchLabel: string
    search: string
    noOne: string
    notYou: string
    checkedIn: string
    notCheckedIn: string
    next: string
    none: string
    /** {name}: the opponent (several: joined as a list). */
    against: string
    station: string
    waiting: string
    /** {station} {time}: the call with its countdown ("4:59"). */
    called: string
    /** {station}: a call past its DQ deadline. */
    late: string
    /** {station} */
    playing: string
    report: string
    /** {n}: a game of the report. */
    game: string
    you: string
    them: string
    addGame: string
    removeGame: string
    code: string
    send: string
    /** {name}: the opponent who has yet to report. */
    sent: string
    agreed: string
    disputed: string
    confirmed: string
    notify: string
    live: string
    lost: string
    wrongCode: string
    /** {station} {match}: the floor's channel is told a judge is needed (the players' reports differ). */
    judge: string
    /** The station's code used for both sides from one phone: each player reports on their own. */
    ownPhone: string
  }
}
