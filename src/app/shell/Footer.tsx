/** Footer of every screen (spec 2.1): 'Clientes' (Login, Aviso de privacidad) and 'Contáctanos' (phone, mail). */
import { lazy, useState } from 'react'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { MailIcon, PhoneIcon } from '../../ui/icons'
import { Logo } from '../../ui/Logo'
// The privacy notice's dialog downloads when first opened: the sign-in screens show this footer too.
import { DialogOnDemand } from '../../ui/overlaysOnDemand'
import { CONTACT } from '../contact'

/** The notice's text downloads with its dialog, when first opened (the sign-in screens show this footer too). */
const loadPrivacyNotice = () => import('./PrivacyNotice')
const PrivacyNotice = lazy(() => loadPrivacyNotice().then((module) => ({ default: module.PrivacyNotice })))

const heading = css({ fontSize: 'sm', fontWeight: 'bold', textTransform: 'uppercase', letterSpacing: '0.06em', mb: '3' })
const link = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  color: 'fg.inverted',
  opacity: 0.9,
  textDecoration: 'none',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { opacity: 1, textDecoration: 'underline' },
})

export function Footer() {
  const [privacyOpen, setPrivacyOpen] = useState(false)
  return (
    <footer className={css({ bg: 'bg.header', color: 'fg.inverted', mt: 'auto' })}>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr' },
          gap: '8',
          px: { base: '5', md: '8' },
          py: '8',
          maxW: '7xl',
          mx: 'auto',
        })}
      >
        <div>
          <Logo inverted />
          <p className={css({ mt: '3', fontSize: 'sm', opacity: 0.75, maxW: 'sm' })}>
            Gestión de trámites de apoyo para colaboradores.
          </p>
        </div>
        <div>
          <h2 className={heading}>Clientes</h2>
          <ul className={css({ display: 'grid', gap: '2', listStyle: 'none' })}>
            <li>
              <Link to="/" className={link}>
                Login
              </Link>
            </li>
            <li>
              <button type="button" className={link} onClick={() => {
                  void loadPrivacyNotice()
                  setPrivacyOpen(true)
                }}>
                Aviso de privacidad
              </button>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>Contáctanos</h2>
          <ul className={css({ display: 'grid', gap: '2', listStyle: 'none' })}>
            <li>
              <a href={CONTACT.phoneHref} className={link}>
                <PhoneIcon size={16} />
                {CONTACT.phoneLabel}
              </a>
            </li>
            <li>
              <a href={`mailto:${CONTACT.email}`} className={link}>
                <MailIcon size={16} />
                {CONTACT.email}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <DialogOnDemand open={privacyOpen} onOpenChange={setPrivacyOpen} title="Aviso de privacidad" size="lg">
        <PrivacyNotice />
      </DialogOnDemand>
    </footer>
  )
}
