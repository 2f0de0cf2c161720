// Web mode's way to open the sign-in page: the platform's opener, or the address printed for the person to open.
import { spawn } from 'node:child_process'
import { isOpenableUrl } from '../main/external-links'

export async function openInBrowser(url: string): Promise<void> {
  if (!isOpenableUrl(url)) throw new Error('Matchdesk opens only https addresses in the browser.')
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open'
  await new Promise<void>((resolve) => {
    const child = spawn(opener, [url], { stdio: 'ignore', detached: true })
    child.on('error', () => {
      console.log(`Open this address in your browser to sign in: ${url}`)
      resolve()
    })
    child.on('spawn', () => {
      child.unref()
      resolve()
    })
  })
}
