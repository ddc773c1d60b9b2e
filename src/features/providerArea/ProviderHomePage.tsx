/** /proveedores: the spec shows only placeholder text here; it points the provider to their claims. */
import { css } from 'styled-system/css'
import { ButtonLink, Card, PageHeader } from '../../ui'

export function ProviderHomePage() {
  return (
    <div>
      <PageHeader title="Bienvenido, proveedor" />
      <Card>
        <p className={css({ color: 'fg.muted', mb: '4' })}>
          Desde este portal consulta los trámites que tienes asignados y carga la factura de cada uno.
        </p>
        <ButtonLink to="/proveedores/mis-tramites">Ver mis trámites</ButtonLink>
      </Card>
    </div>
  )
}
