// The renderer's entry: mounts the app shell.
import { mount } from 'svelte'
import App from './App.svelte'
import './app.css'

const target = document.getElementById('app')
if (!target) throw new Error('the #app element is missing from index.html')
mount(App, { target })
