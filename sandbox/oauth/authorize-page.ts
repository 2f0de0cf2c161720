// The HTML of the sandbox's authorization page: the application, the scopes asked, Approve and Deny.
import type { Scope } from '../../shared/api'

const SCOPE_TEXT: Record<Scope, string> = {
  'organizer:view': 'See your tournaments and their streams',
  'organizer:result': 'Read and report match results, brackets and match streams',
  'organizer:admin': 'Create and change tournaments, stages and streams',
  'organizer:participant': 'Manage participants and check them in',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function authorizePage(appName: string, scopes: Scope[], fields: Record<string, string>): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ')
  const items = scopes.map((scope) => `<li><strong>${scope}</strong>: ${SCOPE_TEXT[scope]}</li>`).join('\n        ')
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Authorize ${escapeHtml(appName)}</title></head>
  <body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto">
    <h1>Authorize ${escapeHtml(appName)}</h1>
    <p>${escapeHtml(appName)} asks to act for you on the Demo venue:</p>
    <ul>
        ${items}
    </ul>
    <form method="post" action="/oauth2/authorize">
      ${hidden}
      <button type="submit" name="decision" value="approve">Approve</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </form>
  </body>
</html>`
}

export function messagePage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`
}
