// The overlay pages' entry: the hub serves overlay.html at /overlays/{scoreboard,up-next,bracket,…}; an overlay's
// failures go to the desk's log (with the key an overlay on another PC carries in its address).
import { mount } from 'svelte'
import OverlayApp from './OverlayApp.svelte'
import { sendFailuresWith } from '../lib/page-failures'

const key = new URLSearchParams(location.search).get('key')
sendFailuresWith(`overlay-${location.pathname.split('/').pop() || 'page'}`.slice(0, 40), (lines) =>
  fetch(`/log/v1/page${key ? `?key=${encodeURIComponent(key)}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines }),
    credentials: 'omit',
  }),
)
const target = document.getElementById('overlay')
if (!target) throw new Error('the #overlay element is missing from overlay.html')
mount(OverlayApp, { target })
