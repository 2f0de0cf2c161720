// Decides whether a URL belongs to the app's own page: the packaged renderer file, or the dev server's origin.
import { pathToFileURL } from 'node:url'

export interface AppLocation {
  rendererFile: string
  devServerUrl?: string | undefined
}

export function isAppUrl(location: AppLocation, candidate: string): boolean {
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    // let go: an address that does not parse is not the app's, which is the answer
    return false
  }
  if (location.devServerUrl) {
    return url.origin === new URL(location.devServerUrl).origin
  }
  return url.protocol === 'file:' && url.pathname === pathToFileURL(location.rendererFile).pathname
}
