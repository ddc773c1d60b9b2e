/**
 * Chooses an entry of an Ark menu the keyboard way. jsdom has no real pointer modality, so zag's menu never
 * highlights an item on hover there; arrows plus Enter exercise the same selection path (real clicks are covered
 * by the end-to-end tests in Chromium).
 *
 * Zag highlights items asynchronously, so instead of counting key presses it presses ArrowDown until the wanted
 * item is the highlighted one, waiting for the highlight to move after each press.
 */
import { screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { UserEvent } from '@testing-library/user-event'

export async function chooseMenuItem(user: UserEvent, trigger: HTMLElement, name: string): Promise<void> {
  await user.click(trigger)
  const items = await screen.findAllByRole('menuitem')
  const target = items.find((item) => item.textContent?.trim() === name)
  if (!target) throw new Error(`no menu item "${name}" among ${items.map((i) => i.textContent).join(', ')}`)
  const highlighted = () => items.findIndex((item) => item.hasAttribute('data-highlighted'))
  for (let i = 0; i <= items.length * 2 && !target.hasAttribute('data-highlighted'); i++) {
    const before = highlighted()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(highlighted()).not.toBe(before)).catch(() => undefined)
  }
  if (!target.hasAttribute('data-highlighted')) throw new Error(`menu item "${name}" never got highlighted`)
  await user.keyboard('{Enter}')
}
