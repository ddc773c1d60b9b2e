/**
 * Chooses an entry of an Ark menu the keyboard way. jsdom has no real pointer modality, so zag's menu never
 * highlights an item on hover there; arrows plus Enter exercise the same selection path (real clicks are covered
 * by the end-to-end tests in Chromium).
 */
import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'

export async function chooseMenuItem(user: UserEvent, trigger: HTMLElement, name: string): Promise<void> {
  await user.click(trigger)
  const items = await screen.findAllByRole('menuitem')
  const index = items.findIndex((item) => item.textContent?.trim() === name)
  if (index < 0) throw new Error(`no menu item "${name}" among ${items.map((i) => i.textContent).join(', ')}`)
  for (let i = 0; i <= index; i++) await user.keyboard('{ArrowDown}')
  await user.keyboard('{Enter}')
}
