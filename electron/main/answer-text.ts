// Reading what another machine answers, bounded: at most so many bytes of its body (the rest never read), and JSON
// that does not parse read as nothing. For the webhook's receiver and the host desk a desk joins.

/** The first `most` bytes of an answer's body as text (decoded as they come), the rest never read. */
export async function textAtMost(response: Response, most: number): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let length = 0
  try {
    while (length < most) {
      const { value, done } = await reader.read()
      if (done) break
      chunks.push(value)
      length += value.length
    }
  } catch {
    // let go: cut off by the deadline, what came is what is read (the caller judges whether it is enough)
  } finally {
    // let go: the body is done with either way
    await reader.cancel().catch(() => undefined)
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, most))
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) ?? {}
  } catch {
    // let go: an answer that is not JSON reads as saying nothing, which its reader refuses in its own words
    return {}
  }
}
