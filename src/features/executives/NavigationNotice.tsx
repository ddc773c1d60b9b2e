/**
 * The green notice a page shows when it was opened right after a save ('Ejecutivo creado', 'Proveedor creado',
 * 'Cambios guardados'): the form passes the text as navigation state, so no effect or global store is involved.
 * It can be dismissed; it is gone on the next navigation.
 */
import { useState } from 'react'
import { useLocation } from 'react-router-dom'
import { Banner } from '../../ui'

export function NavigationNotice() {
  const location = useLocation()
  const notice = (location.state as { notice?: unknown } | null)?.notice
  const [dismissedKey, setDismissedKey] = useState<string | null>(null)
  if (typeof notice !== 'string' || dismissedKey === location.key) return null
  return (
    <Banner tone="success" onDismiss={() => setDismissedKey(location.key)}>
      {notice}
    </Banner>
  )
}
