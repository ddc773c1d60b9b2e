/**
 * A stored file's name as the spec shows it, cut to 10 characters plus .pdf, with the whole name on hover (title)
 * and for screen readers (the cut text is hidden from them, the full one is read instead) (issue 21).
 */
import { css } from 'styled-system/css'
import { shortFileName } from '../../domain/labels'
import { Highlight } from './Highlight'

export function CutFileName({ name }: { name: string }) {
  const shown = shortFileName(name)
  // Nothing was cut: one text, read as it shows.
  if (shown === name) {
    return (
      <span title={name}>
        <Highlight text={name} />
      </span>
    )
  }
  return (
    <span title={name}>
      <span aria-hidden="true">
        <Highlight text={shown} />
      </span>
      <span className={css({ srOnly: true })}>{name}</span>
    </span>
  )
}
