// The Demo venue's tournament series per venue size: discipline, entrants, stages, streams and where each one stands.
export type VenueSize = 'small' | 'medium' | 'large'

export type StagePlan = { name: string } & (
  | { type: 'single_elimination'; size: number; play: number }
  | { type: 'double_elimination'; size: number; grandFinal: 'none' | 'simple' | 'double'; play: number }
  | { type: 'pools'; groups: number; play: number }
  | { type: 'league' | 'swiss'; play: number }
)

/**
 * Where a series stands when the venue opens: matches under way, check-in open at the door (it starts when the
 * window closes), or scheduled for later (not yet taking part in the day).
 */
export type Phase = 'running' | 'check-in' | 'scheduled'

export interface TournamentPlan {
  name: string
  discipline: string
  participantType: 'team' | 'single'
  participants: number
  phase: Phase
  public: boolean
  online: boolean
  country: string
  location: string | null
  /** The day it is scheduled, in days from the venue's today. */
  dayOffset: number
  stages: StagePlan[]
  streams: [string, string][]
  checkedInShare: number
  /** When the series opens its next edition: a weekly as soon as one starts, a cup once it has ended. */
  nextEdition: 'when-started' | 'when-completed'
}

export function plans(size: VenueSize): TournamentPlan[] {
  const k = size === 'small' ? 1 : 4
  const list: TournamentPlan[] = [
    {
      name: 'Lyon LAN Winter Cup',
      discipline: 'counterstrike2',
      participantType: 'team',
      participants: 16 * k,
      phase: 'running',
      public: true,
      online: false,
      country: 'FR',
      location: 'Halle Tony Garnier, Lyon',
      dayOffset: 0,
      stages: [
        { name: 'Groups', type: 'pools', groups: 4 * k, play: 1 },
        { name: 'Playoffs', type: 'double_elimination', size: 8 * k, grandFinal: 'double', play: 0.4 },
      ],
      streams: [
        ['Main stage', 'en'],
        ['Scène principale', 'fr'],
        ['Hauptbühne', 'de'],
        ['B stream', 'en'],
        ['Escenario', 'es'],
      ],
      checkedInShare: 0.9,
      nextEdition: 'when-completed',
    },
    {
      name: 'Street Fighter Weekly 42',
      discipline: 'streetfighter6',
      participantType: 'single',
      participants: 23 * k,
      phase: 'check-in',
      public: true,
      online: true,
      country: 'GB',
      location: null,
      dayOffset: 0,
      stages: [{ name: 'Bracket', type: 'single_elimination', size: 23 * k, play: 0 }],
      streams: [
        ['FGC Weekly', 'en'],
        ['FGC Weekly FR', 'fr'],
      ],
      checkedInShare: 0.4,
      nextEdition: 'when-started',
    },
    {
      name: 'Rocket League Open',
      discipline: 'rocketleague',
      participantType: 'team',
      participants: 12 * k,
      phase: 'running',
      public: true,
      online: true,
      country: 'DE',
      location: null,
      dayOffset: -1,
      stages: [{ name: 'Swiss', type: 'swiss', play: 0.3 }],
      streams: [
        ['RL Open', 'en'],
        ['RL Open DE', 'de'],
        ['RL Open PL', 'pl'],
      ],
      checkedInShare: 1,
      nextEdition: 'when-completed',
    },
    {
      name: 'Chess Rapid Open',
      discipline: 'chess',
      participantType: 'single',
      participants: 8 * k,
      phase: 'running',
      public: true,
      online: false,
      country: 'ES',
      location: 'Casa de Campo, Madrid',
      dayOffset: -7,
      stages: [
        { name: 'League', type: 'league', play: 1 },
        { name: 'Final four', type: 'single_elimination', size: 4, play: 1 },
        { name: 'Masters', type: 'double_elimination', size: 8, grandFinal: 'simple', play: 0.5 },
      ],
      streams: [['Chess board cam', 'es']],
      checkedInShare: 1,
      nextEdition: 'when-completed',
    },
    {
      // Not published: the public v1 stage listing answers 404 for it.
      name: 'Staff Scrim Night',
      discipline: 'tekken8',
      participantType: 'single',
      participants: 8,
      phase: 'scheduled',
      public: false,
      online: false,
      country: 'NL',
      location: 'Back room',
      dayOffset: 6,
      stages: [{ name: 'Scrims', type: 'single_elimination', size: 8, play: 0 }],
      streams: [],
      checkedInShare: 0,
      nextEdition: 'when-completed',
    },
  ]
  if (size === 'large') {
    list.push({
      name: 'Mega Open',
      discipline: 'tekken8',
      participantType: 'single',
      participants: 5000,
      phase: 'running',
      public: true,
      online: false,
      country: 'NL',
      location: 'Jaarbeurs, Utrecht',
      dayOffset: 0,
      stages: [{ name: 'Main event', type: 'double_elimination', size: 2048, grandFinal: 'simple', play: 0.2 }],
      streams: [
        ['Mega Open main', 'en'],
        ['Mega Open NL', 'nl'],
        ['Mega Open side', 'en'],
      ],
      checkedInShare: 0.6,
      nextEdition: 'when-completed',
    })
  }
  return list
}

/** The next edition's name: "Street Fighter Weekly 42" → "… 43"; "Lyon LAN Winter Cup" → "Lyon LAN Winter Cup 2". */
export function nextEditionName(name: string): string {
  const numbered = /^(.*\S)\s+(\d+)$/.exec(name)
  return numbered ? `${numbered[1]} ${Number(numbered[2]) + 1}` : `${name} 2`
}
