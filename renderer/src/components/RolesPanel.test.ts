// The Venue view's roles: this desk's operator saved (a refused name says the field), each desk with its role; the
// head organiser changes a role, a refusal is said beside the desk and the select goes back; a desk that is not head
// organiser sees the roles but cannot change them; a change on another desk shows as main tells it.
import { render, screen, waitFor } from '@testing-library/svelte'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, calls, emit } from '../test-support/fake-api'
import RolesPanel from './RolesPanel.svelte'

const desks = (memberRole: string, youRole = 'head') => ({
  shared: true,
  host: 'h',
  desks: [
    { deskId: 'h', name: 'Main desk', operator: 'Hana', role: youRole, you: true },
    { deskId: 'm', name: 'مكتب الأرضية الرئيسي للبطولة الكبرى ٢٠٢٦', operator: '', role: memberRole, you: false },
  ],
})

afterEach(() => vi.unstubAllGlobals())

describe('roles panel', () => {
  it('saves this desk’s operator and lets the head organiser give a desk a role', async () => {
    const user = userEvent.setup()
    answer('venue:roles', () => desks('producer'))
    answer('venue:set-operator', ({ operator }: { operator: string }) => {
      if (operator.length > 80)
        throw Object.assign(new Error('refused'), { code: 'validation', fields: { operator: 'operator: at most 80' } })
      return { ...desks('producer'), desks: desks('producer').desks.map((d) => (d.you ? { ...d, operator } : d)) }
    })
    answer('venue:set-role', ({ role }: { role: string }) => {
      if (role === 'head') throw Object.assign(new Error('Not now'), { code: 'conflict' })
      return desks(role)
    })
    render(RolesPanel)
    const name = await screen.findByLabelText(/Operator at this desk/)
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Hana'))
    await user.clear(name)
    await user.type(name, 'Ana Lima')
    await user.click(screen.getByRole('button', { name: 'Save name' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ana Lima is at this desk'))
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: /Role of مكتب/ })
    expect(select.value).toBe('producer')
    // Choosing is not giving (arrow keys change a select at once): Set role gives it.
    await user.selectOptions(select, 'floor')
    expect(calls.some((c) => c.channel === 'venue:set-role')).toBe(false)
    const set = screen.getByRole('button', { name: /^Set role of مكتب/ })
    await user.click(set)
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/is floor now$/))
    expect(calls.find((c) => c.channel === 'venue:set-role')?.input).toEqual({ deskId: 'm', role: 'floor' })
    await user.selectOptions(select, 'head')
    await user.click(set)
    expect((await screen.findByRole('alert')).textContent).toBe('Not now')
    await waitFor(() => expect(select.value).toBe('floor'))
    expect(document.activeElement).toBe(set)
  })

  it('shows roles without a choice on a desk that is not head organiser, and follows main', async () => {
    answer('venue:roles', () => desks('producer', 'producer'))
    render(RolesPanel)
    const table = await screen.findByTestId('roles-desks')
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(table.textContent).toMatch(/Main desk \(this desk\)\s*hosts the venue\s*Hana\s*producer/)
    emit('venue:roles', desks('door', 'producer'))
    await waitFor(() => expect(table.textContent).toContain('door lead'))
  })

  it('hands the hosting over from the desk that hosts, once confirmed', async () => {
    const user = userEvent.setup()
    answer('venue:roles', () => desks('producer'))
    answer('venue:hand-over', () => ({
      role: 'member',
      host: 'http://10.0.0.2:7310',
      link: 'connecting',
      joined: 0,
      desks: [],
    }))
    render(RolesPanel)
    expect((await screen.findByTestId('roles-desks')).textContent).toContain('hosts the venue')
    const button = screen.getByRole('button', { name: /^Hand over hosting to مكتب/ })
    vi.stubGlobal(
      'confirm',
      vi.fn(() => false),
    )
    await user.click(button)
    expect(calls.some((c) => c.channel === 'venue:hand-over')).toBe(false)
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    )
    await user.click(button)
    expect(calls.find((c) => c.channel === 'venue:hand-over')?.input).toEqual({ deskId: 'm' })
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/hosts the venue now$/))
  })

  it('removes another desk from the venue once confirmed, says so, and keeps focus on the roles', async () => {
    const user = userEvent.setup()
    answer('venue:roles', () => desks('producer'))
    answer('venue:remove-desk', () => {
      emit('venue:roles', { ...desks('producer'), desks: desks('producer').desks.filter((d) => d.you) })
      return { role: 'alone', host: null, link: null, joined: 0, desks: [] }
    })
    render(RolesPanel)
    const button = await screen.findByRole('button', { name: /^Remove from the venue مكتب/ })
    expect(screen.queryByRole('button', { name: /^Remove from the venue Main desk/ })).toBeNull()
    vi.stubGlobal(
      'confirm',
      vi.fn(() => false),
    )
    await user.click(button)
    expect(calls.some((c) => c.channel === 'venue:remove-desk')).toBe(false)
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    )
    await user.click(button)
    expect(calls.find((c) => c.channel === 'venue:remove-desk')?.input).toEqual({ deskId: 'm' })
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/is out of the venue$/))
    expect(screen.getByTestId('roles-desks').textContent).not.toContain('مكتب')
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Roles' }))
  })
})
