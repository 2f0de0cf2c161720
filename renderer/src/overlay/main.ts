// The overlay pages' entry: the hub serves overlay.html at /overlays/{scoreboard,up-next,bracket}.
import { mount } from 'svelte'
import OverlayApp from './OverlayApp.svelte'

const target = document.getElementById('overlay')
if (!target) throw new Error('the #overlay element is missing from overlay.html')
mount(OverlayApp, { target })
