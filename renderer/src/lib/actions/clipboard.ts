// Copying an address or a token for the person, said the same way everywhere: done and what to do with it, or how
// to copy it by hand when the clipboard is not available.
import { notices } from '../ipc/notices.svelte'

/** `what` names the text ("Scoreboard address"); `then` says where it goes next. */
export async function copyText(text: string, what: string, then = ''): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    notices.show('info', `${what} copied${then ? `: ${then}` : ''}.`, 3000)
  } catch {
    notices.show('warning', `Copy did not work here: select the ${what.toLowerCase()} and copy it by hand.`)
  }
}
