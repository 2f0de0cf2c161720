// The starter layout a producer copies to write their own: a scoreboard in plain HTML, CSS and JS that follows one
// stream's feed over SSE. Written into the layouts folder once, when that folder has no starter yet.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Starter layout</title>
    <link rel="stylesheet" href="layout.css" />
    <script type="module" src="layout.js"></script>
  </head>
  <body>
    <!-- Open as /layouts/starter/?stream=STREAM_ID (and &key=… on another PC). Copy this folder to make your own. -->
    <main id="board" hidden>
      <bdi id="left"></bdi><span id="score"></span><bdi id="right"></bdi>
      <small id="label"></small>
    </main>
  </body>
</html>
`

const SCRIPT = `// Follows one stream's feed (GET /feed/v1/streams/{id}/events, event "feed"; its schema at /feed/v1/schema).
// A layout may read the feed and nothing else: its CSP lets it connect to /feed/v1/ of its own address only.
const query = new URLSearchParams(location.search)
const stream = query.get('stream') ?? ''
const key = query.get('key')
const params = new URLSearchParams({ source: 'feed', ...(key ? { key } : {}) })
const events = new EventSource(\`/feed/v1/streams/\${encodeURIComponent(stream)}/events?\${params}\`)
const show = (id, text) => (document.getElementById(id).textContent = text)

events.addEventListener('feed', (event) => {
  const feed = JSON.parse(event.data)
  const match = feed.onAir
  document.getElementById('board').hidden = !match
  if (!match) return
  // Left and right as the scoreboard draws them: the producer may have swapped the sides (the order stays the bracket's).
  const [left, right] = match.swapped ? [match.opponents[1], match.opponents[0]] : match.opponents
  show('left', left?.name ?? '')
  show('right', right?.name ?? '')
  // Before the match has a score, a dash, as Matchdesk's scoreboard shows it.
  const score = (opponent) => opponent?.score ?? '–'
  show('score', left?.score == null && right?.score == null ? '–' : \`\${score(left)} – \${score(right)}\`)
  show('label', match.label)
})
`

const STYLE = `body {
  margin: 0;
  background: transparent;
  font: 700 40px/1.2 system-ui, sans-serif;
  color: #fff;
}
#board {
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  gap: 24px;
  align-items: center;
  margin: 40px auto;
  width: 1200px;
  padding: 16px 32px;
  background: #111a;
  border-radius: 12px;
}
#right {
  text-align: right;
}
#label {
  grid-column: 1 / -1;
  text-align: center;
  font-size: 20px;
  font-weight: 600;
}
`

/** Writes the starter layout into `layoutsDir/starter/` unless it is there already (a producer's edits are kept). */
export function ensureStarterLayout(layoutsDir: string): void {
  const starter = join(layoutsDir, 'starter')
  if (existsSync(starter)) return
  mkdirSync(starter, { recursive: true, mode: 0o700 })
  for (const [name, text] of [
    ['index.html', INDEX],
    ['layout.js', SCRIPT],
    ['layout.css', STYLE],
  ] as const)
    writeFileSync(join(starter, name), text, { mode: 0o600 })
}
