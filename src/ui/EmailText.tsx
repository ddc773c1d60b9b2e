/**
 * An e-mail address that wraps only where a reader expects it (issue 21): before the '@' and after each dot, never in
 * the middle of a word ('ana.valenzue|la@…' at 375 px). The break points are <wbr>; `break-word` is the last resort
 * for a single part wider than its box, and unlike `anywhere` it does not let a table cell shrink below a whole part.
 */
import { Fragment } from 'react'
import { css } from 'styled-system/css'
import { Highlight } from './Highlight'

/** The address in parts a line may end after: 'ana.soto@coppel.com' → ['ana.', 'soto', '@coppel.', 'com']. */
export function emailParts(address: string): string[] {
  return address.split(/(?=@)|(?<=\.)/).filter((part) => part !== '')
}

export function EmailText({ address }: { address: string }) {
  return (
    <span className={css({ overflowWrap: 'break-word', wordBreak: 'normal' })}>
      {emailParts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <Highlight text={part} />
        </Fragment>
      ))}
    </span>
  )
}
