/**
 * Chooses an option of an Ark select as a user does: open it, click the option, and wait for Ark to give the focus
 * back to the select. Ark does that a frame after the DOM shows the choice; a test that typed into the next field
 * before it lost keystrokes to the select (a form's password stayed empty in one CI run of three).
 */
import { screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { UserEvent } from '@testing-library/user-event'

/** `select`: the select's trigger, or its accessible name (a combobox). */
export async function chooseOption(user: UserEvent, select: HTMLElement | string, option: string): Promise<void> {
  const trigger = () => (typeof select === 'string' ? screen.getByRole('combobox', { name: select }) : select)
  await waitFor(() => expect(trigger()).toBeEnabled())
  await user.click(trigger())
  await user.click(await screen.findByRole('option', { name: option }))
  await waitFor(() => expect(trigger()).toHaveFocus())
}
