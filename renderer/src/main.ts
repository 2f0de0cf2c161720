// The renderer's entry: sends the window's failures to main's log, then mounts the app shell.
import { mount } from 'svelte'
import App from './App.svelte'
import { invoke } from './lib/ipc/ipc'
import { sendFailuresWith } from './lib/page-failures'
import './app.css'

sendFailuresWith('desk-window', (lines) => invoke('log:page', { lines }))
const target = document.getElementById('app')
if (!target) throw new Error('the #app element is missing from index.html')
mount(App, { target })
