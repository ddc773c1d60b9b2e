/** Page links on Ark Pagination (tables show PAGE_SIZE rows per page, spec section 9). */
// Ark's parts by name, not the `Pagination` namespace, whose object holds every part whether drawn or not (issue 24).
import { PaginationContext, PaginationEllipsis, PaginationItem, PaginationNextTrigger, PaginationPrevTrigger, PaginationRoot } from '@ark-ui/react/pagination'
import { css } from 'styled-system/css'
import { PAGE_SIZE } from '../../domain/paging'
import { PAGINATION_TEXTS } from './arkTexts'
import { ChevronLeftIcon, ChevronRightIcon } from './screenIcons'

export interface PaginationProps {
  count: number
  page: number
  onPageChange: (page: number) => void
  pageSize?: number
}

const item = css({
  minW: '9',
  h: '9',
  px: '2',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'l2',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'fg.default',
  _hover: { bg: 'bg.muted' },
  _selected: { bg: 'bg.primary', color: 'fg.onPrimary', _hover: { bg: 'bg.primaryHover' } },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
})

export function Pagination({ count, page, onPageChange, pageSize = PAGE_SIZE }: PaginationProps) {
  if (count <= pageSize) return null
  return (
    <PaginationRoot
      count={count}
      pageSize={pageSize}
      page={page}
      siblingCount={1}
      onPageChange={(details) => onPageChange(details.page)}
      translations={PAGINATION_TEXTS}
      className={css({ display: 'flex', gap: '1', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', mt: '4' })}
    >
      <PaginationPrevTrigger className={item}>
        <ChevronLeftIcon size={18} />
      </PaginationPrevTrigger>
      <PaginationContext>
        {(pagination) =>
          pagination.pages.map((entry, index) =>
            entry.type === 'page' ? (
              <PaginationItem key={index} {...entry} className={item}>
                {entry.value}
              </PaginationItem>
            ) : (
              <PaginationEllipsis key={index} index={index} className={css({ px: '1', color: 'fg.muted' })}>
                …
              </PaginationEllipsis>
            ),
          )
        }
      </PaginationContext>
      <PaginationNextTrigger className={item}>
        <ChevronRightIcon size={18} />
      </PaginationNextTrigger>
    </PaginationRoot>
  )
}
