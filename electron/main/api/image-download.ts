// Reads an image the service points to (a tournament's logo on its image host): no credentials go with it (the
// address is not the service's), at most `maxBytes` as they stream (nothing compressed is taken, so what is counted
// is what is kept), one deadline for the whole read, redirects checked hop by hop, never to an internal address
// (only the service's own origin may be http or local, as the Demo venue is), and only a raster image recognised by
// its first bytes.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { AppError } from '../app-error'
import { imagePixels, tooLarge } from './image-measure'

export interface DownloadedImage {
  type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
  bytes: Buffer
}

export interface ImageDownloadOptions {
  /** Bytes kept at most (the body as sent: a compressed body is refused). */
  maxBytes?: number
  /** One deadline for the whole read: every redirect, the headers and the last byte. */
  deadlineMs?: number
  /** Origins of the service itself ("http://127.0.0.1:4000"): the only ones that may be http or internal. */
  serviceOrigins?: readonly string[]
  maxRedirects?: number
}

/** The raster formats a browser source draws, by their signatures; SVG (which can carry script) is not taken. */
export function imageTypeOf(bytes: Uint8Array): DownloadedImage['type'] | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'image/webp'
  return null
}

/** Loopback, private, link-local, unique-local, shared, multicast and unspecified addresses: never a logo's host. */
const INTERNAL = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6')

/** Whether an address (v4, v6 or v4-mapped v6) is one a logo may not be read from. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return isInternalAddress(mapped)
  const family = isIP(address)
  if (family === 0) return true
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** DNS as usual, but a name that resolves to any internal address is refused (checked where the socket connects). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    const internal = addresses.find((entry) => isInternalAddress(entry.address))
    if (internal || addresses.length === 0)
      return callback(Object.assign(new Error('internal address'), { code: 'EINTERNAL' }), '', 0)
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

export async function downloadImage(url: string, options: ImageDownloadOptions = {}): Promise<DownloadedImage> {
  const { maxBytes = 2 * 1024 * 1024, deadlineMs = 10_000, serviceOrigins = [], maxRedirects = 3 } = options
  const first = new URL(url)
  const host = first.host
  const refuse = (message: string) => new AppError('validation', `The logo at ${host} ${message}`)
  const controller = new AbortController()
  const deadline = setTimeout(() => controller.abort(), deadlineMs)
  try {
    let address = first
    // The service's own origin may be http and local (the Demo venue) only along a chain that starts there: a logo
    // host elsewhere cannot redirect into it.
    const fromService = serviceOrigins.includes(first.origin)
    for (let hop = 0; ; hop++) {
      const ofService = fromService && serviceOrigins.includes(address.origin)
      if (address.protocol !== 'https:' && !(address.protocol === 'http:' && ofService))
        throw refuse(`is not an https address (${address.protocol}//${address.host}).`)
      const literal = address.hostname.replace(/^\[|\]$/g, '')
      if (!ofService && isIP(literal) !== 0 && isInternalAddress(literal))
        throw refuse(`points to an address inside this network (${address.host}).`)
      const response = await open(address, ofService, controller.signal)
      const status = response.statusCode ?? 0
      if (REDIRECTS.has(status)) {
        response.destroy()
        const location = response.headers.location
        if (!location || hop >= maxRedirects) throw refuse(`redirects more than ${maxRedirects} times.`)
        address = new URL(location, address)
        continue
      }
      if (status < 200 || status > 299) {
        response.destroy()
        throw new AppError('server', `The logo at ${host} answered ${status}.`)
      }
      const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase()
      if (encoding !== 'identity') {
        response.destroy()
        throw refuse(`is sent compressed (${encoding.slice(0, 20)}); only plain images are read.`)
      }
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
        response.destroy()
        throw refuse(`is larger than ${maxBytes / 1024 / 1024} MB.`)
      }
      const bytes = await readAtMost(response, maxBytes, controller.signal, () =>
        refuse(`is larger than ${maxBytes / 1024 / 1024} MB.`),
      )
      const type = imageTypeOf(bytes)
      if (!type) throw refuse('is not a PNG, JPEG, GIF or WebP image.')
      // Measured as a decoder will find it: no overlay decodes a bomb a header hid.
      const size = imagePixels(bytes, type)
      const wrong = 'refused' in size ? size.refused : tooLarge(size)
      if (wrong) throw refuse(`cannot be shown: ${wrong}.`)
      return { type, bytes }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (controller.signal.aborted)
      throw new AppError('offline', `The logo at ${host} could not be read within ${deadlineMs / 1000} s.`)
    if ((error as NodeJS.ErrnoException).code === 'EINTERNAL')
      throw refuse('resolves to an address inside this network.')
    throw new AppError('offline', `The logo at ${host} could not be read: no answer.`)
  } finally {
    clearTimeout(deadline)
  }
}

/** Sends the GET and resolves with the answer's head; the deadline's signal ends it wherever it is. */
function open(address: URL, ofService: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const request = address.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = request(address, {
      method: 'GET',
      headers: { accept: 'image/png, image/jpeg, image/gif, image/webp', 'accept-encoding': 'identity' },
      signal,
      ...(!ofService && { lookup: publicOnlyLookup }),
      agent: false,
    })
    outgoing.on('response', resolve)
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** The body, counted as it streams: past `maxBytes` the read stops at once (nothing more is buffered). */
function readAtMost(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  tooLarge: () => Error,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let length = 0
    const stop = (error: Error) => {
      reject(error)
      response.destroy()
    }
    if (signal.aborted) return stop(new Error('aborted'))
    signal.addEventListener('abort', () => stop(new Error('aborted')), { once: true })
    response.on('data', (chunk: Buffer) => {
      length += chunk.length
      if (length > maxBytes) return stop(tooLarge())
      chunks.push(chunk)
    })
    response.on('end', () => resolve(Buffer.concat(chunks, length)))
    response.on('error', (error) => reject(error))
    response.on('aborted', () => reject(new Error('aborted')))
  })
}
