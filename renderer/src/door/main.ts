// The hub's device pages: /pair (a new device trades its pairing code for a key), /door, /board and /tablet; their
// failures go to the desk's log with the device's key.
import { mount } from 'svelte'
import DoorApp from './DoorApp.svelte'
import { sendToHubLog } from './door-api'
import { sendFailuresWith } from '../lib/page-failures'

sendFailuresWith(location.pathname.split('/')[1] || 'device-page', sendToHubLog)
const target = document.getElementById('door')
if (!target) throw new Error('the #door element is missing from door.html')
mount(DoorApp, { target })
