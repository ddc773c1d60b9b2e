/**
 * What the user typed into a pre-rendered sign-in form before React took it over (issue 24: the form is on the
 * screen with the HTML; on slow 4G the JavaScript arrives seconds later). React hydrates a controlled input without
 * touching the text already in it, so the machine's value (empty) and the screen disagreed: the button stayed
 * disabled over filled fields. Once mounted, each named field's text is handed to the machine.
 */
import { useEffect, type RefObject } from 'react'

export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, fields: Record<string, (value: string) => void>): void {
  useEffect(() => {
    const element = form.current
    if (!element) return
    for (const [name, apply] of Object.entries(fields)) {
      const input = element.elements.namedItem(name)
      if (input instanceof HTMLInputElement && input.value !== '') apply(input.value)
    }
    // Once, when React takes the form: what is typed later goes through the inputs' own handlers.
  }, [])
}
