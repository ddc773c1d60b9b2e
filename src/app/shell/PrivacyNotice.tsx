import { css } from 'styled-system/css'
import { CONTACT } from '../contact'

/** Short privacy notice shown from the footer. */
export function PrivacyNotice() {
  return (
    <div className={css({ display: 'grid', gap: '3', fontSize: 'sm', color: 'fg.default', lineHeight: '1.6' })}>
      <p>
        Los datos personales que se capturan en este portal (nombre, número de colaborador, correo electrónico, teléfono y
        documentos de los trámites) se usan únicamente para gestionar los trámites de apoyo solicitados y para avisar
        de su avance a quien los solicitó.
      </p>
      <p>
        Los documentos de un trámite solo son visibles para el personal que lo valida y para el proveedor asignado. No
        se comparten con terceros sin el consentimiento de quien los cargó, salvo obligación legal.
      </p>
      <p>
        Los derechos de acceso, rectificación, cancelación u oposición se ejercen escribiendo a{' '}
        <a href={`mailto:${CONTACT.email}`} className={css({ color: 'fg.link', textDecoration: 'underline' })}>
          {CONTACT.email}
        </a>
        .
      </p>
    </div>
  )
}
