/** /{partner}: the spec shows a placeholder; it points the reviewer to the read-only claims dashboard. */
import { css } from 'styled-system/css'
import { getRuntimeConfig } from '../../lib/runtimeConfig'
import { partnerDashboardPath } from '../../lib/profile'
import { ButtonLink, Card, PageHeader } from '../../ui'

export function PartnerHomePage() {
  const { partnerPrefix, partnerName } = getRuntimeConfig()
  return (
    <div>
      <PageHeader title={`Bienvenido, ${partnerName}`} />
      <Card>
        <p className={css({ color: 'fg.muted', mb: '4' })}>Consulta en modo de solo lectura los trámites de los colaboradores.</p>
        <ButtonLink to={partnerDashboardPath(partnerPrefix)}>Ver trámites</ButtonLink>
      </Card>
    </div>
  )
}
