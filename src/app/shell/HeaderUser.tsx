/**
 * Top-right of the shell (spec 2.1): Colaborador and Proveedor get a 'Cerrar sesión' link; everybody else a chip
 * with the photo (default image if none) and the name ('Admin' for Administrador) opening the account menu
 * ('Perfil', 'Cerrar sesión').
 */
import { useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import type { SessionUser } from '../../../domain/contract/auth'
import { Avatar, ChevronDownIcon, LogoutIcon, MenuOnDemand, UserIcon } from '../../ui'
import { useSessionActor, useSessionUser } from '../../lib/session'
import { useFirstScreenIdle } from '../../lib/firstScreenIdle'
import { useHydrating } from '../../lib/hydrating'

function chipName(user: SessionUser, hydrating: boolean): string {
  if (user.userType === 'Administrador') return 'Admin'
  // The pre-rendered first screen has no name in its chip (src/lib/hydrating.ts).
  if (hydrating) return ''
  return [user.nombre, user.apePat].filter(Boolean).join(' ')
}

function profilePathFor(user: SessionUser): string {
  return user.userType === 'Administrador' ? '/administrador/mi-perfil' : '/perfil/mi-perfil'
}

const logoutLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  fontWeight: 'semibold',
  fontSize: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  _hover: { bg: 'bg.muted' },
})

export function HeaderUser() {
  const user = useSessionUser()
  const session = useSessionActor()
  const navigate = useNavigate()
  // The menu's list downloads with the rest of the area, once the first screen is drawn (issue 24).
  const idle = useFirstScreenIdle()
  const hydrating = useHydrating()
  if (!user) return null
  const logout = () => session.send({ type: 'session.logout' })

  if (user.userType === 'Colaborador' || user.userType === 'Proveedor') {
    return (
      <button type="button" className={logoutLink} onClick={logout}>
        <LogoutIcon size={18} />
        Cerrar sesión
      </button>
    )
  }

  const name = chipName(user, hydrating)
  return (
    <MenuOnDemand
      preload={idle}
      onSelect={(value) => (value === 'perfil' ? navigate(profilePathFor(user)) : logout())}
      items={[
        { value: 'perfil', label: 'Perfil', icon: <UserIcon size={16} /> },
        { value: 'logout', label: 'Cerrar sesión', icon: <LogoutIcon size={16} />, tone: 'danger' },
      ]}
      trigger={
        <button
          type="button"
          aria-label={`Cuenta de ${name}`}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '2',
            pl: '1',
            pr: '2',
            py: '1',
            borderRadius: 'full',
            borderWidth: '1px',
            borderColor: 'border.default',
            bg: 'bg.surface',
            cursor: 'pointer',
            // At 375 px the name stays, shortened with an ellipsis (the whole name is the button's label and title).
            maxW: { base: '44', md: '64' },
            minW: '0',
            _hover: { bg: 'bg.muted' },
          })}
        >
          <span className={css({ display: 'inline-flex', flexShrink: 0 })}>
            <Avatar src={hydrating ? null : user.foto} size={32} />
          </span>
          <span
            className={css({
              fontWeight: 'semibold',
              fontSize: 'sm',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              minW: '0',
            })}
            title={name}
          >
            {name}
          </span>
          <ChevronDownIcon size={16} className={css({ flexShrink: 0 })} />
        </button>
      }
    />
  )
}
