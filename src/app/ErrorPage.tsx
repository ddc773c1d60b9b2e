/** Error element of the router (spec 2.10): a page that fails to render shows 'Unexpected Application Error!'. */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { StatusScreen } from './NotFoundPage'

const ERROR_HEADING = 'Unexpected Application Error!'

/** `embedded`: inside the shell (the header and menu stay usable), not a full page. */
export function ErrorPage({ embedded = false }: { embedded?: boolean }) {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined
  return (
    <StatusScreen
      title={ERROR_HEADING}
      text="Ocurrió un error al mostrar esta página. Intenta de nuevo o vuelve al inicio."
      detail={import.meta.env.DEV ? detail : undefined}
      embedded={embedded}
    />
  )
}
