// Reads a tournament's look from the service into the local copy: its default locale and its logo (downloaded from
// the address the service gives, only when that address changed or the bytes were lost). Offline, what was kept stays.
import type { OrganizerApi } from '../api/organizer-api'
import { downloadImage } from '../api/image-download'
import type { Clock } from '../clock'
import type { TournamentLooks } from '../store/tournament-looks'
import { moduleLog } from '../log'

const log = moduleLog('tournament-look')

export interface TournamentLookReadsDeps {
  looks: TournamentLooks
  api: () => OrganizerApi
  clock: Clock
  /** Told when a tournament's look changed (the desk republishes its streams). */
  changed: (tournamentId: string) => void
}

/** A look is read again at most this often. */
const LOOK_FRESH_MS = 10 * 60_000

/** The locale a tournament marks default, else its only one; null when it names none. */
function defaultLocaleOf(locales: Record<string, { default: boolean } | undefined> | null | undefined) {
  const entries = Object.entries(locales ?? {})
  return entries.find(([, value]) => value?.default)?.[0] ?? (entries.length === 1 ? entries[0]![0] : null)
}

export class TournamentLookReads {
  private readonly reading = new Map<string, Promise<void>>()

  constructor(private readonly deps: TournamentLookReadsDeps) {}

  /** Reads the look again unless it was read within LOOK_FRESH_MS; one read per tournament at a time. */
  refresh(tournamentId: string): Promise<void> {
    const kept = this.deps.looks.of(tournamentId)
    if (kept && this.deps.clock.now() - kept.readAt < LOOK_FRESH_MS) return Promise.resolve()
    const running = this.reading.get(tournamentId)
    if (running) return running
    const read = this.read(tournamentId).finally(() => this.reading.delete(tournamentId))
    this.reading.set(tournamentId, read)
    return read
  }

  private async read(tournamentId: string): Promise<void> {
    const { looks, api, clock, changed } = this.deps
    const tournament = await api().tournaments.get(tournamentId)
    const kept = looks.of(tournamentId)
    const sizes = [tournament.logo?.['logo_medium'], tournament.logo?.['logo_large'], tournament.logo?.original]
    const logoSource = sizes.find((address): address is string => typeof address === 'string') ?? null
    const sameLogo = kept?.logoSource === logoSource && (kept.hasLogo || logoSource === null)
    // undefined keeps the bytes kept: the same logo, or one that cannot be read now (not an image, too large, its host
    // down), whose address is then not recorded so the next read tries it again; the locale is saved all the same.
    const serviceOrigins = Object.values(api().client.config.bases).map((base) => new URL(base).origin)
    const logo = sameLogo
      ? undefined
      : logoSource
        ? await downloadImage(logoSource, { serviceOrigins }).catch(
            log.failed(`the logo download of tournament ${tournamentId}`),
          )
        : null
    const recorded = logo === undefined && !sameLogo ? (kept?.logoSource ?? null) : logoSource
    const look = { locale: defaultLocaleOf(tournament.locales), logoSource: recorded, readAt: clock.now() }
    looks.save(tournamentId, look, logo)
    if (!kept || logo !== undefined || kept.locale !== look.locale) changed(tournamentId)
  }
}
