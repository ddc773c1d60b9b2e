/** Round user photo on Ark Avatar; falls back to a default silhouette when there is no photo or it fails to load. */
// Ark's parts by name, not the `Avatar` namespace, whose object holds every part whether drawn or not (issue 24).
import { AvatarFallback, AvatarImage, AvatarRoot } from '@ark-ui/react/avatar'
import { css } from 'styled-system/css'
import { UserIcon } from './screenIcons'

export function Avatar({ src, size = 36, alt = '' }: { src?: string | null; size?: number; alt?: string }) {
  return (
    <AvatarRoot
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        borderRadius: 'full',
        overflow: 'hidden',
        bg: 'bg.primarySubtle',
        color: 'fg.primary',
        borderWidth: '2px',
        borderColor: 'border.primary',
      })}
      style={{ width: size, height: size }}
    >
      <AvatarFallback className={css({ display: 'inline-flex' })} data-testid="avatar-default">
        <UserIcon size={Math.round(size * 0.6)} />
      </AvatarFallback>
      {src ? <AvatarImage src={src} alt={alt} className={css({ w: 'full', h: 'full', objectFit: 'cover' })} /> : null}
    </AvatarRoot>
  )
}
