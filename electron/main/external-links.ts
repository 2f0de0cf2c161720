// Which addresses may be handed to the system browser: https pages, and a loopback sign-in page of the Demo venue.
export function isOpenableUrl(candidate: string): boolean {
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    // let go: an address that does not parse is not opened, which is the answer
    return false
  }
  if (url.username || url.password) return false
  if (url.protocol === 'https:') return url.hostname.length > 0
  return url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.pathname === '/oauth2/authorize'
}
