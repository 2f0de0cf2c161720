// The Venue view, against the fake bridge: its tabs (arrow keys, each with its address); the hub's addresses and
// interfaces, the warning that the LAN is plain HTTP, the control token, and pairing and revoking devices; a refusal
// is said and marked on its field, and a kind this desk's role may not pair is said before pairing.
import { render, screen, within } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { HubStatus } from '../../../shared/ipc/hub'
import { navigation } from '../lib/desks/navigation.svelte'
import { selection } from '../lib/desks/selection.svelte'
import { answer, calls, emit } from '../test-support/fake-api'
import VenueView from './VenueView.svelte'

let status: HubStatus
beforeEach(() => {
  status = {
    url: 'http://127.0.0.1:7310',
    layoutsUrl: 'http://127.0.0.1:7311',
    lan: false,
    lanUrls: [],
    lanInterfaces: [
      { interface: 'eth0', address: '192.168.1.20', chosen: true, suggested: true },
      { interface: 'docker0', address: '172.17.0.1', chosen: false, suggested: false },
    ],
    lanProblems: [],
    controlToken: 'the-control-token-0123456789abcdefghijklmnopq',
    devices: [
      { id: 'd1', name: 'Door 2', kind: 'door', tournamentId: 't1', pairedAt: Date.now(), lastSeen: Date.now() },
    ],
    pairingRefused: {},
  }
  answer('hub:status', () => status)
  answer('hub:configure', ({ lan, interfaces }: { lan: boolean; interfaces?: string[] | null }) => {
    status = {
      ...status,
      lan,
      lanUrls: lan ? [{ url: 'http://192.168.1.20:7310', interface: 'eth0' }] : [],
      lanInterfaces: status.lanInterfaces.map((i) => ({
        ...i,
        chosen: interfaces ? interfaces.includes(i.interface) : i.suggested,
      })),
    }
    return status
  })
  answer('hub:revoke', () => (status = { ...status, devices: [] }))
  selection.choose({ id: 't1', name: 'Cup', participantType: 'single' })
  navigation.go('venue')
})

describe('venue', () => {
  it('opens the hub to the network on the suggested interface, says it is plain HTTP, and lets the admin choose', async () => {
    render(VenueView)
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: 'Broadcast hub' }))
    await user.click(await screen.findByRole('checkbox', { name: 'Open to the venue network' }))
    expect(calls.find((c) => c.channel === 'hub:configure')!.input).toEqual({ lan: true })
    expect((await screen.findByTestId('lan-urls')).textContent).toMatch(/http:\/\/192\.168\.1\.20:7310.*eth0/)
    expect(screen.getByTestId('lan-in-clear').textContent).toMatch(/in clear/)
    const docker = screen.getByRole('checkbox', { name: /docker0/ })
    expect((docker as HTMLInputElement).checked).toBe(false)
    await user.click(docker)
    expect(calls.filter((c) => c.channel === 'hub:configure').at(-1)!.input).toEqual({
      lan: true,
      interfaces: ['eth0', 'docker0'],
    })
    await user.click(screen.getByRole('button', { name: 'Use the suggested one' }))
    expect(calls.filter((c) => c.channel === 'hub:configure').at(-1)!.input).toEqual({ lan: true, interfaces: null })
  })

  it('hides the control token until asked, and follows hub:changed', async () => {
    render(VenueView)
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: 'Control token' }))
    const token = await screen.findByTestId('control-token')
    expect(screen.getByRole('tabpanel').textContent).toContain('Matchdesk module')
    expect(token.textContent).not.toContain('the-control-token')
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(token.textContent).toBe(status.controlToken)
    status = {
      ...status,
      devices: [...status.devices, { ...status.devices[0]!, id: 'd2', name: 'OBS PC', kind: 'overlay' }],
    }
    emit('hub:changed', {})
    await user.click(screen.getByRole('tab', { name: 'Devices' }))
    expect(await screen.findByText('OBS PC')).toBeTruthy()
  })

  it('pairs a door for the chosen tournament and shows its code; a refusal is marked on its field', async () => {
    answer('hub:pair', ({ name }: { name: string }) => {
      if (name.includes('<'))
        throw Object.assign(new Error('name: no control characters, < or >'), {
          code: 'validation',
          fields: { name: 'name: no control characters, < or >' },
        })
      return {
        code: 'K7PQ-4QXM',
        url: 'http://127.0.0.1:7310/pair#code=K7PQ-4QXM',
        expiresAt: Date.now() + 300_000,
        qrSvg: '<svg/>',
      }
    })
    render(VenueView)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Name'), 'Door <2>')
    await user.click(screen.getByRole('button', { name: 'Add a device' }))
    await expect
      .poll(() => document.getElementById('device-name-error')?.textContent)
      .toBe('name: no control characters, < or >')
    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), 'Door 3')
    await user.click(screen.getByRole('button', { name: 'Add a device' }))
    expect(calls.filter((c) => c.channel === 'hub:pair').at(-1)!.input).toEqual({
      name: 'Door 3',
      kind: 'door',
      tournamentId: 't1',
    })
    expect((await screen.findByTestId('pairing-code')).textContent).toBe('K7PQ-4QXM')
  })

  it('revokes a device after asking', async () => {
    window.confirm = () => true
    render(VenueView)
    const user = userEvent.setup()
    const row = (await screen.findByText('Door 2')).closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Revoke' }))
    expect(calls.find((c) => c.channel === 'hub:revoke')!.input).toEqual({ deviceId: 'd1' })
    expect(await screen.findByText('No device is paired.')).toBeTruthy()
  })

  it('shows one part at a time in tabs: arrow keys move between them, and the address names the part shown', async () => {
    answer('venue:sharing', () => ({
      role: 'alone',
      host: null,
      hostFingerprint: '',
      link: null,
      joined: 0,
      desks: [],
      refusal: null,
      refused: [],
    }))
    answer('venue:roles', () => ({ shared: false, host: null, desks: [] }))
    answer('venue:audit', () => ({ entries: [], total: 0 }))
    render(VenueView)
    const user = userEvent.setup()
    const devices = screen.getByRole('tab', { name: 'Devices' })
    expect(devices.getAttribute('aria-selected')).toBe('true')
    devices.focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Several desks' }))
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('venue-tab-desks')
    expect(location.hash).toBe('#venue/desks')
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Control token', selected: true })).toBe(document.activeElement)
    expect(location.hash).toBe('#venue/control')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Devices', selected: true })).toBeTruthy()
    // Only the selected tab is a tab stop.
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toHaveLength(1)
  })

  it('says before pairing that a door paired at a desk whose role cannot check in would be refused, and marks one that is', async () => {
    const why = 'This desk’s role is producer: check-ins take the door lead role (or the head organiser’s).'
    status = {
      ...status,
      pairingRefused: { door: why },
      devices: [{ ...status.devices[0]!, refused: why }],
    }
    render(VenueView)
    expect((await screen.findByTestId('pairing-refused')).textContent).toContain('A door paired here would be refused.')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add a device' }).disabled).toBe(true)
    expect(screen.getByTestId('device-refused').textContent).toBe(why)
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Kind'), 'board')
    await expect.poll(() => screen.queryByTestId('pairing-refused')).toBeNull()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add a device' }).disabled).toBe(false)
  })
})
