// The producer's desk of a tournament, owned by the Stream desk view: each stream's state and published feed, read
// once when the tournament (or its streams and links) change; after that every action's answer and every
// `broadcast:changed` carries a stream's new state, which is laid over what is shown: nothing is read again.
import { untrack } from 'svelte'
import type { Caster, Feed, ScoreSource, StreamDesk, StreamState } from '../../../../shared/broadcast/feed'
import type { LivePress, PickImageItem, PickLists } from '../../../../shared/broadcast/live-layer'
import type { Result } from '../../../../shared/ipc/result'
import { invoke, subscribe } from '../ipc/ipc'
import { write } from '../ipc/write'

export class ProducerDesk {
  #hub = $state('')
  #streams = $state.raw<StreamDesk[]>([])
  #feeds = $state.raw<Readonly<Record<string, Feed>>>({})
  #error = $state<string | null>(null)
  #loaded = $state(false)
  #pickLists = $state.raw<PickLists>({ picks: [], maps: [] })
  #pickImages = $state.raw<PickImageItem[]>([])
  #tournamentId: string | undefined
  #reads = 0
  /**
   * The revision of each stream's state shown: an answer or event worked out before it is not laid over it (a read's
   * answer can arrive after an event main sent later, over another connection in web mode).
   */
  #shownRevision: Record<string, number> = {}
  /** States announced for streams not on the desk yet (its first read still on its way), the latest of each. */
  #early: Record<string, StreamState> = {}

  /** Create it while a component initialises: it follows `tournamentId` and stops with the component. */
  constructor(tournamentId: () => string | undefined) {
    $effect(() => {
      const id = tournamentId()
      untrack(() => {
        this.#tournamentId = id
        this.#streams = []
        this.#feeds = {}
        this.#shownRevision = {}
        this.#early = {}
        this.#loaded = false
        void this.reload()
      })
    })
    $effect(() => subscribe('broadcast:changed', (state) => this.#apply(state)))
  }

  /** The hub's address, for overlay URLs ("" when no hub runs). */
  get hub(): string {
    return this.#hub
  }

  get streams(): StreamDesk[] {
    return this.#streams
  }

  get error(): string | null {
    return this.#error
  }

  /** True once the current tournament's desk has been read. */
  get loaded(): boolean {
    return this.#loaded
  }

  desk(streamId: string): StreamDesk | undefined {
    return this.#streams.find((s) => s.streamId === streamId)
  }

  feed(streamId: string): Feed | undefined {
    return this.#feeds[streamId]
  }

  /** Reads every stream's desk and feed in one call (a new tournament, streams or links). */
  async reload(): Promise<void> {
    const tournamentId = this.#tournamentId
    if (!tournamentId) return
    const read = ++this.#reads
    // The discipline's picks and maps are read alongside: the desk is whole when it shows.
    const [status, lists, images] = await Promise.all([
      invoke('broadcast:status', { tournamentId }),
      invoke('broadcast:pick-lists', { tournamentId }),
      invoke('broadcast:pick-images', { tournamentId }),
    ])
    if (read !== this.#reads) return
    if (lists.ok) this.#pickLists = lists.value
    if (images.ok) this.#pickImages = images.value
    if (!status.ok) return void (this.#error = status.error.message)
    this.#error = null
    this.#hub = status.value.hub
    this.#loaded = true
    // A stream whose event came after this answer was worked out keeps what that event showed (or, before the desk
    // had it, what the event said).
    const states = status.value.streams.map((state) => {
      const early = this.#early[state.streamId]
      if (early && early.revision > state.revision) return early
      return this.#isNewer(state) ? state : (this.#stateShown(state.streamId) ?? state)
    })
    this.#early = {}
    this.#shownRevision = Object.fromEntries(states.map((state) => [state.streamId, state.revision]))
    this.#streams = states.map(deskOf)
    this.#feeds = Object.fromEntries(states.map((s) => [s.streamId, s.feed]))
  }

  /** True unless the stream shows a state main worked out after this one. */
  #isNewer(state: StreamState): boolean {
    const shown = this.#shownRevision[state.streamId]
    return shown === undefined || !(state.revision < shown)
  }

  /** The stream's state as shown now, if it is on the desk. */
  #stateShown(streamId: string): StreamState | null {
    const desk = this.#streams.find((s) => s.streamId === streamId)
    const feed = this.#feeds[streamId]
    return desk && feed ? { ...desk, feed, revision: this.#shownRevision[streamId] ?? 0 } : null
  }

  /** The picks and maps kept for this tournament's discipline, offered as the producer types. */
  get pickLists(): PickLists {
    return this.#pickLists
  }

  /** Keeps the discipline's lists; the answer, so the form can show a refusal under its field. */
  async setPickLists(lists: PickLists): Promise<Result<PickLists>> {
    const tournamentId = this.#tournamentId
    if (!tournamentId) return { ok: false, error: { code: 'validation', message: 'No tournament is open.' } }
    const answer = await write('broadcast:set-pick-lists', { tournamentId, lists }, 'Picks and maps kept')
    if (answer.ok) this.#pickLists = answer.value
    return answer
  }

  /** The items of the lists that have an image. */
  get pickImages(): PickImageItem[] {
    return this.#pickImages
  }

  /** Keeps an item's image (base64) or forgets it (null); the answer, so the form can show a refusal. */
  async setPickImage(list: 'picks' | 'maps', item: string, image: string | null): Promise<Result<PickImageItem[]>> {
    const tournamentId = this.#tournamentId
    if (!tournamentId) return { ok: false, error: { code: 'validation', message: 'No tournament is open.' } }
    const said = image === null ? `Image of ${item} removed` : `Image of ${item} kept`
    const answer = await write('broadcast:set-pick-image', { tournamentId, list, item, image }, said)
    if (answer.ok) this.#pickImages = answer.value
    return answer
  }

  /** `undecided`: the producer confirmed putting on air a match whose opponents are not all known. */
  take(streamId: string, matchId: string, undecided = false): Promise<boolean> {
    return this.#act(streamId, () =>
      write('broadcast:take', { streamId, matchId, ...(undecided && { undecided }) }, null),
    )
  }

  next(streamId: string): Promise<boolean> {
    return this.#act(streamId, () => write('broadcast:next', { streamId }, null))
  }

  /**
   * The producer's own order is shown at once, before main answers (main only checks that the matches are queued);
   * its answer is then laid over it, and a refusal puts back what was shown.
   */
  async order(streamId: string, matchIds: string[]): Promise<boolean> {
    const before = this.#feeds[streamId]
    if (before) {
      const at = (id: string) => (matchIds.includes(id) ? matchIds.indexOf(id) : matchIds.length)
      const next = [...before.next].sort((a, b) => at(a.id) - at(b.id))
      this.#feeds = { ...this.#feeds, [streamId]: { ...before, next } }
    }
    const shown = this.#feeds[streamId]
    const done = await this.#act(streamId, () => write('broadcast:order', { streamId, matchIds }, null))
    if (!done && before && this.#feeds[streamId] === shown) this.#feeds = { ...this.#feeds, [streamId]: before }
    return done
  }

  hold(streamId: string, held: boolean): Promise<boolean> {
    return this.#act(streamId, () =>
      write('broadcast:hold', { streamId, held }, held ? 'Held: changes wait for you' : 'Released'),
    )
  }

  /** The technical-difficulties key: down, the card on air and the rest held; up, the stream as it was. */
  difficulties(streamId: string, down: boolean): Promise<boolean> {
    const said = down ? 'Technical difficulties on air: everything else waits' : 'Back from technical difficulties'
    return this.#act(streamId, () => write('broadcast:difficulties', { streamId, down }, said))
  }

  /** The stream's show sequence: what is left run now, dropped, or the game-start one started by hand. */
  sequence(streamId: string, command: 'fast-forward' | 'cancel' | 'game-start'): Promise<boolean> {
    const said = { 'fast-forward': 'Sequence fast-forwarded', cancel: 'Sequence cancelled', 'game-start': null }[
      command
    ]
    return this.#act(streamId, () => write('broadcast:sequence', { streamId, command }, said))
  }

  /** Applies one staged change (match and field), every change of a match, or all. */
  apply(streamId: string, matchId?: string, field?: string): Promise<boolean> {
    const input = { streamId, ...(matchId && { matchId }), ...(field && { field }) }
    return this.#act(streamId, () => write('broadcast:apply', input, 'Applied'))
  }

  /** A press on the live score of the stream's on-air match (sides by bracket place). */
  live(streamId: string, press: LivePress): Promise<boolean> {
    return this.#act(streamId, () => write('broadcast:live', { streamId, press }, null))
  }

  /** Where the stream's on-air scores come from: the room's live score, or the service only. */
  scores(streamId: string, scores: ScoreSource): Promise<boolean> {
    const said = scores === 'live' ? 'Live scores: the room’s score goes on air' : 'Scores from the service only'
    return this.#act(streamId, () => write('broadcast:scores', { streamId, scores }, said))
  }

  /** Takes back the last press on the on-air match's live score. */
  undo(streamId: string): Promise<boolean> {
    return this.#act(streamId, () => write('broadcast:undo', { streamId }, null))
  }

  /** Who casts the stream (at most four); the answer, so the form can show a refusal under its field. */
  async setCasters(streamId: string, casters: Caster[]): Promise<Result<StreamState>> {
    if (!(await this.#mine(streamId)))
      return { ok: false, error: { code: 'cancelled', message: 'Left to the desk that runs the stream.' } }
    const answer = await write('broadcast:casters', { streamId, casters }, null)
    if (answer.ok) this.#apply(answer.value)
    return answer
  }

  /** This desk runs the stream from now on, going on from where the desk that ran it left it. */
  async takeOver(streamId: string): Promise<boolean> {
    const answer = await write('broadcast:take-over', { streamId }, 'Taken over: this desk runs the stream now')
    if (answer.ok) this.#apply(answer.value)
    return answer.ok
  }

  /** True when this desk may act on the stream: it runs it, or the producer chose to take it over from the desk that did. */
  async #mine(streamId: string): Promise<boolean> {
    const runBy = this.desk(streamId)?.runBy
    if (!runBy) return true
    if (!confirm(`This stream is run by ${runBy}. Take it over from this desk?`)) return false
    return this.takeOver(streamId)
  }

  /**
   * An action answers the stream's new state: shown at once. True when it was done (a refusal is said by write). On a
   * stream another desk runs, the producer is asked first whether to take it over.
   */
  async #act(streamId: string, action: () => Promise<Result<StreamState>>): Promise<boolean> {
    if (!(await this.#mine(streamId))) return false
    const answer = await action()
    if (answer.ok) this.#apply(answer.value)
    return answer.ok
  }

  /** Lays one stream's new state over what is shown (a stream of another tournament is not on this desk). */
  #apply(state: StreamState): void {
    if (!this.#streams.some((s) => s.streamId === state.streamId)) {
      const kept = this.#early[state.streamId]
      if (!kept || !(state.revision < kept.revision)) this.#early[state.streamId] = state
      return
    }
    if (!this.#isNewer(state)) return
    this.#shownRevision[state.streamId] = state.revision
    this.#streams = this.#streams.map((s) => (s.streamId === state.streamId ? deskOf(state) : s))
    this.#feeds = { ...this.#feeds, [state.streamId]: state.feed }
  }
}

const deskOf = ({ feed: _feed, revision: _revision, ...desk }: StreamState): StreamDesk => desk
