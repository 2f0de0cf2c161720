// Driving OBS Studio from a stream's feed: the fields Matchdesk writes (text sources and text files), the settings a
// producer gives per stream (bounded, as everything crossing IPC is), and the state of each stream's OBS link.
import { z } from 'zod'
import { DEFAULT_REPLAY, NO_REPLAY, ReplaySettings, ReplayState } from './replay'

/** The texts Matchdesk keeps in OBS, each with the source name it looks for by default. */
export const OBS_FIELDS = [
  { field: 'left-name', source: 'Left name', title: 'Left name' },
  { field: 'right-name', source: 'Right name', title: 'Right name' },
  { field: 'left-score', source: 'Left score', title: 'Left score' },
  { field: 'right-score', source: 'Right score', title: 'Right score' },
  { field: 'round', source: 'Round', title: 'Round label' },
  { field: 'up-next', source: 'Up next', title: 'Up next' },
  { field: 'countdown', source: 'Countdown', title: 'Countdown to the next match' },
  { field: 'last-result', source: 'Last result', title: 'Last result' },
  { field: 'left-games', source: 'Left games', title: 'Left games won, as pips (●●○)' },
  { field: 'right-games', source: 'Right games', title: 'Right games won, as pips (●●○)' },
  { field: 'left-pick', source: 'Left pick', title: 'Left pick in the current game' },
  { field: 'right-pick', source: 'Right pick', title: 'Right pick in the current game' },
  { field: 'map', source: 'Map', title: 'Map of the current game' },
  { field: 'left-rounds', source: 'Left rounds', title: 'Left rounds won in the current game (a CS2 map’s 13)' },
  { field: 'right-rounds', source: 'Right rounds', title: 'Right rounds won in the current game' },
  { field: 'games', source: 'Games', title: 'Each game so far, a line each' },
  { field: 'veto', source: 'Veto', title: 'The veto as it ran, a step per line' },
] as const

export type ObsField = (typeof OBS_FIELDS)[number]['field']
export const ObsFieldName = z.enum(OBS_FIELDS.map((f) => f.field) as [ObsField, ...ObsField[]])

/** An OBS scene or source name as OBS allows it: printable, up to 100 characters here. */
const ObsName = z
  .string()
  .min(1, 'a name is needed')
  .max(100, 'at most 100 characters')
  .regex(/^[^\p{Cc}]+$/u, 'no control characters')

/** Where OBS listens: a host name or an IPv4/IPv6 address, without scheme or path. */
const ObsHost = z
  .string()
  .min(1, 'host is required (127.0.0.1 when OBS runs on this PC)')
  .max(253, 'host: at most 253 characters')
  .regex(/^[A-Za-z0-9.:[\]-]+$/, 'host: a name or an address, like 127.0.0.1 or stream-pc.local (no ws://)')

/** A stream's OBS: where it is, which scenes a Take and a break show, and where each field goes. */
export const ObsSettings = z.strictObject({
  host: ObsHost,
  port: z.number().int().min(1, 'port: 1 to 65535').max(65535, 'port: 1 to 65535'),
  /** The scene a Take shows (null: scenes are left alone). */
  matchScene: ObsName.nullable(),
  /** The scene shown once the match on air has its result (null: none). */
  breakScene: ObsName.nullable(),
  /** Seconds from the result to the break scene; 0 stays on the match scene. */
  breakAfterSeconds: z.number().int().min(0, 'break delay: 0 to 3600 s').max(3600, 'break delay: 0 to 3600 s'),
  /** The scene the technical-difficulties key shows (null: the key leaves scenes alone); kept before it as none. */
  difficultiesScene: ObsName.nullable().default(null),
  /** Field → the text source it is written to (absent: the field's conventional source, when OBS has it). */
  sources: z.partialRecord(ObsFieldName, ObsName.nullable()),
  /** A folder where each field is also written as "<field>.txt" (null: no files). */
  folder: z
    .string()
    .min(1)
    .max(1024, 'folder: at most 1024 characters')
    .regex(/^[^\p{Cc}]+$/u, 'folder: no control characters')
    .refine((path) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(path), 'folder: a full path, like /home/me/show or C:\\Show')
    .nullable(),
  /** Instant replay: its scene, speed, length, and a press while one plays. */
  replay: ReplaySettings.default(DEFAULT_REPLAY),
})
export type ObsSettings = z.infer<typeof ObsSettings>

/** OBS's WebSocket password as typed: printable, at most 256 characters (OBS makes 16). */
export const ObsPassword = z
  .string()
  .min(1, 'password: type it, or leave it out to keep the stored one')
  .max(256, 'password: at most 256 characters')
  .regex(/^[^\p{Cc}]+$/u, 'password: no control characters')

export const DEFAULT_OBS_PORT = 4455
export const DEFAULT_OBS_SETTINGS: ObsSettings = {
  host: '127.0.0.1',
  port: DEFAULT_OBS_PORT,
  matchScene: null,
  breakScene: null,
  breakAfterSeconds: 20,
  difficultiesScene: null,
  sources: {},
  folder: null,
  replay: DEFAULT_REPLAY,
}

/** How a stream's OBS link stands, as its column shows it. */
export const ObsState = z.object({
  streamId: z.string(),
  /** off: no OBS set up for the stream. */
  link: z.enum(['off', 'connecting', 'connected', 'reconnecting']),
  /** OBS Studio's version once connected ("29.0.2"). */
  version: z.string().nullable(),
  programScene: z.string().nullable(),
  /** What went wrong last, in words, with what to do (null when all is well). */
  problem: z.string().nullable(),
  /** When the link tries again (epoch ms), while reconnecting. */
  retryAt: z.number().nullable(),
  /** The settings (never the password) and whether a password is stored. */
  settings: ObsSettings.nullable(),
  hasPassword: z.boolean(),
  /** OBS's scenes and text sources as last read, to choose from. */
  scenes: z.array(z.string()),
  inputs: z.array(z.string()),
  /** The stream's instant replay. */
  replay: ReplayState.default(NO_REPLAY),
})
export type ObsState = z.infer<typeof ObsState>

/** What Test connection found: ok with OBS's version, or the field that is wrong and why. */
export const ObsTestReport = z.object({
  ok: z.boolean(),
  version: z.string().nullable(),
  message: z.string(),
  fields: z.record(z.string(), z.string()),
})
export type ObsTestReport = z.infer<typeof ObsTestReport>

/** A small picture of OBS's program: an image data URL (JPEG), or null when OBS cannot give one now. */
/** A picture of OBS's program as the page may show it: a JPEG or PNG data URL, nothing else. */
export const OBS_PICTURE = /^data:image\/(jpeg|jpg|png);base64,[A-Za-z0-9+/=]+$/

export const ObsPreview = z.object({
  scene: z.string().nullable(),
  image: z.string().regex(OBS_PICTURE).nullable(),
})
export type ObsPreview = z.infer<typeof ObsPreview>

/** What "Set up OBS for me" did: the scene collection it worked in, what it made, left alone, or could not make. */
export const ObsSetupReport = z.object({
  collection: z.string(),
  created: z.array(z.string()),
  /** Already there, by name: left exactly as it was. */
  kept: z.array(z.string()),
  /** What this OBS cannot have, and why ("Scoreboard overlay: this OBS has no Browser source"). */
  missing: z.array(z.string()),
  state: ObsState,
})
export type ObsSetupReport = z.infer<typeof ObsSetupReport>
