// Streams (with and without tournament_id), their bodies, and the id list linked to a match (at most 32).
import { z } from 'zod'
import { LIMITS } from './limits'
import { Id, IdInput, language, requiredText } from './formats'

export const LegacyStream = z.looseObject({ id: Id, name: z.string(), url: z.string(), language: z.string() })
export const Stream = LegacyStream.extend({ tournament_id: Id })

/** No length is published for stream names and urls; these bounds keep bad input out of the cache. */
const STREAM_NAME_MAX = 255
const STREAM_URL_MAX = 2000
const editable = {
  name: requiredText('name', STREAM_NAME_MAX),
  url: requiredText('url', STREAM_URL_MAX).pipe(
    z.url({ protocol: /^https?$/, error: 'url must be an http(s) address' }),
  ),
  language: language('language'),
}

export const StreamCreate = z.strictObject({ tournament_id: IdInput, ...editable })
export const StreamUpdate = z.strictObject(editable).partial()

/** What Matchdesk itself accepts for a stream's page: https only, as its form says (viewers' browsers refuse http). */
const httpsUrl = requiredText('url', STREAM_URL_MAX).pipe(
  z.url({ protocol: /^https$/, error: 'url must be an https:// address' }),
)
export const AppStreamCreate = StreamCreate.extend({ url: httpsUrl })
export const AppStreamUpdate = StreamUpdate.extend({ url: httpsUrl.optional() })
/** The legacy tournament-scoped create marks each field optional. */
export const LegacyStreamCreate = StreamUpdate

export const MatchStreamIds = z
  .array(IdInput, { error: 'the body must be an array of stream ids' })
  .max(LIMITS.streamsPerMatch, {
    error: (issue) =>
      `a match can have at most ${LIMITS.streamsPerMatch} streams (got ${(issue.input as unknown[]).length})`,
  })
  .refine((ids) => new Set(ids).size === ids.length, 'a stream can be linked to a match only once')

export type Stream = z.infer<typeof Stream>
export type LegacyStream = z.infer<typeof LegacyStream>
export type StreamCreate = z.infer<typeof StreamCreate>
export type StreamUpdate = z.infer<typeof StreamUpdate>
