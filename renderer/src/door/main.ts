// The hub's device pages: /pair (a new device trades its pairing code for a key) and /door (check-in at a door).
import { mount } from 'svelte'
import DoorApp from './DoorApp.svelte'

const target = document.getElementById('door')
if (!target) throw new Error('the #door element is missing from door.html')
mount(DoorApp, { target })
