import { css } from 'styled-system/css'

/** Read-only inputs (view pages, 'Datos de perfil') look like the disabled selects next to them. */
export const readOnlyLook = css({ '& input[readonly]': { bg: 'bg.muted', cursor: 'default' } })
